from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import Any

from django.contrib import admin

from config.admin_versions import ChangesPages
from entries.models import Entry, PairingRule, SignupRules
from tournaments.admin import TournamentAdmin
from tournaments.models import Tournament
from tournaments.versions import tournament_change


@admin.register(SignupRules)
class SignupRulesAdmin(ChangesPages):
    """The rules show on the tournament's page."""

    list_display = ("tournament", "opens_at", "closes_at", "capacity", "waiting_list", "approval")
    raw_id_fields = ("tournament",)

    def pages_of(self, obj: Any) -> Iterable[AbstractContextManager[object]]:
        return [tournament_change(obj.tournament_id)]


@admin.register(Entry)
class EntryAdmin(ChangesPages):
    list_display = ("player", "tournament", "seed", "status")
    list_filter = ("status", "tournament")
    search_fields = ("player__name", "tournament__name")
    autocomplete_fields = ("player", "tournament")

    def pages_of(self, obj: Entry) -> Iterable[AbstractContextManager[object]]:
        return [tournament_change(obj.tournament_id)]


@admin.register(PairingRule)
class PairingRuleAdmin(admin.ModelAdmin):
    list_display = ("tournament", "entry_a", "entry_b", "kind", "reason")
    list_filter = ("kind", "reason")
    search_fields = ("tournament__name", "entry_a__player__name", "entry_b__player__name")
    raw_id_fields = ("entry_a", "entry_b")


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    autocomplete_fields = ("player",)


class TournamentWithEntriesAdmin(TournamentAdmin):
    """The tournament's admin page with its entries below its stages (the tournaments app
    knows no entries)."""

    inlines = (*TournamentAdmin.inlines, EntryInline)


admin.site.unregister(Tournament)
admin.site.register(Tournament, TournamentWithEntriesAdmin)
