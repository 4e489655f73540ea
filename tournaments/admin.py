from collections.abc import Iterable
from contextlib import AbstractContextManager

from django.contrib import admin

from clubs.versions import club_change
from config.admin_versions import ChangesPages
from tournaments.models import Round, Season, Stage, Tournament
from tournaments.versions import stage_change, tournament_change


class StageInline(admin.TabularInline):
    model = Stage
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(ChangesPages):
    list_display = ("name", "club", "format", "match_format", "default_length", "status")
    list_filter = ("status", "format", "match_format", "club")
    search_fields = ("name", "slug", "club__name")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("referees",)
    inlines = (StageInline,)

    def pages_of(self, obj: Tournament) -> Iterable[AbstractContextManager[object]]:
        # The club's pages list its tournaments (one created or deleted raises the club's).
        blocks: list[AbstractContextManager[object]] = [club_change(obj.club_id)]
        if obj.pk:
            blocks.append(tournament_change(obj.pk))
        return blocks


@admin.register(Stage)
class StageAdmin(ChangesPages):
    list_display = ("tournament", "kind", "order")
    list_filter = ("kind",)

    def pages_of(self, obj: Stage) -> Iterable[AbstractContextManager[object]]:
        return [tournament_change(obj.tournament_id)]


@admin.register(Round)
class RoundAdmin(ChangesPages):
    list_display = ("stage", "number", "match_format", "length", "status", "deadline")
    list_filter = ("status", "match_format")

    def pages_of(self, obj: Round) -> Iterable[AbstractContextManager[object]]:
        return [stage_change(obj.stage_id)]


@admin.register(Season)
class SeasonAdmin(ChangesPages):
    list_display = ("name", "club")
    list_filter = ("club",)
    prepopulated_fields = {"slug": ("name",)}

    def pages_of(self, obj: Season) -> Iterable[AbstractContextManager[object]]:
        # The season pages are the club's (cached under its version).
        return [club_change(obj.club_id)] if obj.club_id else []
