from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import Any

from django.contrib import admin

from clubs.versions import club_change
from config.admin_versions import ChangesPages
from ladders.models import Challenge, Ladder, LadderChange


class OfALadder(ChangesPages):
    def pages_of(self, obj: Any) -> Iterable[AbstractContextManager[object]]:
        club_id = obj.club_id if isinstance(obj, Ladder) else obj.ladder.club_id
        return [club_change(club_id)]


@admin.register(Ladder)
class LadderAdmin(OfALadder):
    list_display = ("name", "club", "reach", "accept_days", "play_days", "idle_days")
    list_filter = ("club",)
    raw_id_fields = ("tournament",)


@admin.register(Challenge)
class ChallengeAdmin(OfALadder):
    list_display = ("ladder", "challenger", "defender", "status", "accept_by", "play_by")
    list_filter = ("status",)
    raw_id_fields = ("ladder", "challenger", "defender", "match")


@admin.register(LadderChange)
class LadderChangeAdmin(OfALadder):
    list_display = ("ladder", "sequence", "kind", "player", "opponent", "day")
    list_filter = ("kind",)
    raw_id_fields = ("ladder", "player", "opponent", "challenge")
