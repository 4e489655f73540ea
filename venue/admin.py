from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import Any

from django.contrib import admin
from django.db.models import Q

from config.admin_versions import ChangesPages
from tournaments.versions import tournament_change, tournaments_change
from venue.models import Call, Table, TournamentVenue


@admin.register(Table)
class TableAdmin(ChangesPages):
    list_display = ("number", "name", "club", "has_board", "has_clock", "in_service")
    list_filter = ("club", "in_service")

    def pages_of(self, obj: Any) -> Iterable[AbstractContextManager[object]]:
        return [tournaments_change(Q(club_id=obj.club_id))]  # their pages print table numbers


@admin.register(TournamentVenue)
class TournamentVenueAdmin(ChangesPages):
    list_display = ("tournament", "auto_call")
    raw_id_fields = ("tournament",)
    filter_horizontal = ("tables",)


@admin.register(Call)
class CallAdmin(ChangesPages):
    list_display = ("table", "match", "player_a", "player_b", "called_at", "ended_at", "end_reason")
    list_filter = ("club", "end_reason")
    raw_id_fields = ("club", "tournament", "match", "table", "player_a", "player_b", "called_by")

    def pages_of(self, obj: Any) -> Iterable[AbstractContextManager[object]]:
        return [tournament_change(obj.tournament_id)]
