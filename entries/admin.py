from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import Any

from django.contrib import admin

from config.admin_versions import ChangesPages
from entries.models import ClubInvitation, JoinRequest, SignupRules
from tournaments.versions import tournament_change


@admin.register(SignupRules)
class SignupRulesAdmin(ChangesPages):
    """The rules show on the tournament's page."""

    list_display = ("tournament", "opens_at", "closes_at", "capacity", "waiting_list", "approval")
    raw_id_fields = ("tournament",)

    def pages_of(self, obj: Any) -> Iterable[AbstractContextManager[object]]:
        return [tournament_change(obj.tournament_id)]


@admin.register(JoinRequest)
class JoinRequestAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("player", "club", "status", "created_at", "decided_at")
    list_filter = ("status", "club")
    search_fields = ("player__name",)
    raw_id_fields = ("player", "decided_by")


@admin.register(ClubInvitation)
class ClubInvitationAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("email", "club", "role", "created_at", "accepted_at")
    list_filter = ("club",)
    search_fields = ("email",)
    raw_id_fields = ("invited_by", "accepted_by")
    readonly_fields = ("token",)
