from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import Any

from django.contrib import admin

from config.admin_versions import ChangesPages
from entries.models import SignupRules
from tournaments.versions import tournament_change


@admin.register(SignupRules)
class SignupRulesAdmin(ChangesPages):
    """The rules show on the tournament's page."""

    list_display = ("tournament", "opens_at", "closes_at", "capacity", "waiting_list", "approval")
    raw_id_fields = ("tournament",)

    def pages_of(self, obj: Any) -> Iterable[AbstractContextManager[object]]:
        return [tournament_change(obj.tournament_id)]
