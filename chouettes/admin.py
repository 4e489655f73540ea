from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import Any

from django.contrib import admin

from chouettes.models import ChouetteHappening, ChouetteLine, ChouetteSession, ChouetteSheet
from clubs.versions import club_change
from config.admin_versions import ChangesPages


class OfASession(ChangesPages):
    """A session's rows show on its club's players' profiles (their chouette statistics)."""

    club_path: tuple[str, ...] = ("session",)

    def pages_of(self, obj: Any) -> Iterable[AbstractContextManager[object]]:
        for step in self.club_path:
            obj = getattr(obj, step)
        return [club_change(obj.club_id)]


@admin.register(ChouetteSession)
class ChouetteSessionAdmin(OfASession):
    club_path = ()
    list_display = ("name", "club", "status", "stake", "cube_mode", "created_at")
    list_filter = ("club", "status")
    search_fields = ("name",)


@admin.register(ChouetteHappening)
class ChouetteHappeningAdmin(OfASession):
    list_display = ("session", "sequence", "kind", "player", "game_number")
    list_filter = ("kind",)
    raw_id_fields = ("session", "player")


@admin.register(ChouetteSheet)
class ChouetteSheetAdmin(OfASession):
    club_path = ("happening", "session")
    list_display = ("happening", "version", "winner", "kind", "resigned", "created_at")
    raw_id_fields = ("happening",)


@admin.register(ChouetteLine)
class ChouetteLineAdmin(OfASession):
    club_path = ("sheet", "happening", "session")
    list_display = ("sheet", "seat", "cube", "owner", "drop", "beaver")
    raw_id_fields = ("sheet",)
