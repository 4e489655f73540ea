from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from simple_history.admin import SimpleHistoryAdmin

from config.admin_versions import ChangesPages
from matches.models import Game, Match, MatchFile, MatchReport
from matches.versions import match_change
from tournaments.versions import round_change


class ChangesPagesWithHistory(ChangesPages, SimpleHistoryAdmin):  # type: ignore[misc]
    """With django-simple-history's revert, which saves the object as it was."""

    def history_form_view(
        self,
        request: HttpRequest,
        object_id: str,
        version_id: str,
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        if request.method != "POST":
            return super().history_form_view(request, object_id, version_id, extra_context)  # type: ignore[no-any-return]
        with self.writing():
            self._as_it_was(request, object_id)
            return super().history_form_view(request, object_id, version_id, extra_context)  # type: ignore[no-any-return]


class OfAMatch(ChangesPages):
    """A game, report, file or director's action: on its match's page."""

    def pages_of(self, obj: Any) -> Iterable[AbstractContextManager[object]]:
        return [match_change(obj.match_id)]


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    fields = ("number", "winner", "kind", "cube", "ended_by", "points", "source", "entered_by")
    raw_id_fields = ("entered_by",)


@admin.register(Match)
class MatchAdmin(ChangesPagesWithHistory):
    list_display = ("__str__", "round", "index", "status", "score_a", "score_b", "winner")
    list_filter = ("status", "outcome", "match_format")
    raw_id_fields = ("round", "entry_a", "entry_b", "winner", "referee")
    inlines = (GameInline,)

    def pages_of(self, obj: Match) -> Iterable[AbstractContextManager[object]]:
        return [round_change(obj.round_id)]


@admin.register(Game)
class GameAdmin(ChangesPagesWithHistory):
    list_display = ("match", "number", "winner", "kind", "cube", "points", "ended_by", "source")
    list_filter = ("kind", "ended_by", "source")
    raw_id_fields = ("match", "entered_by")

    def pages_of(self, obj: Game) -> Iterable[AbstractContextManager[object]]:
        return [match_change(obj.match_id)]


@admin.register(MatchReport)
class MatchReportAdmin(OfAMatch):
    list_display = ("match", "reported_by", "score_a", "score_b", "status", "created_at")
    list_filter = ("status",)
    raw_id_fields = ("match", "reported_by", "decided_by")


@admin.register(MatchFile)
class MatchFileAdmin(OfAMatch):
    list_display = ("match", "name", "source", "uploaded_by", "created_at")
    raw_id_fields = ("match", "uploaded_by")
