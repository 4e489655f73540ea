from collections.abc import Iterable
from contextlib import AbstractContextManager

from django.contrib import admin

from clubs.versions import club_change
from config.admin_versions import ChangesPages
from tournaments.models import Entry, PairingRule, Round, Season, Stage, Tournament
from tournaments.versions import stage_change, tournament_change


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    autocomplete_fields = ("player",)


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
    inlines = (StageInline, EntryInline)

    def pages_of(self, obj: Tournament) -> Iterable[AbstractContextManager[object]]:
        # The club's pages list its tournaments (one created or deleted raises the club's).
        blocks: list[AbstractContextManager[object]] = [club_change(obj.club_id)]
        if obj.pk:
            blocks.append(tournament_change(obj.pk))
        return blocks


@admin.register(Entry)
class EntryAdmin(ChangesPages):
    list_display = ("player", "tournament", "seed", "status")
    list_filter = ("status", "tournament")
    search_fields = ("player__name", "tournament__name")
    autocomplete_fields = ("player", "tournament")

    def pages_of(self, obj: Entry) -> Iterable[AbstractContextManager[object]]:
        return [tournament_change(obj.tournament_id)]


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


@admin.register(PairingRule)
class PairingRuleAdmin(admin.ModelAdmin):
    list_display = ("tournament", "entry_a", "entry_b", "kind", "reason")
    list_filter = ("kind", "reason")
    search_fields = ("tournament__name", "entry_a__player__name", "entry_b__player__name")
    raw_id_fields = ("entry_a", "entry_b")
