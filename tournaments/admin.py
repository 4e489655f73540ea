from django.contrib import admin

from tournaments.models import Entry, PairingRule, Round, Season, Stage, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    autocomplete_fields = ("player",)


class StageInline(admin.TabularInline):
    model = Stage
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "format", "match_format", "default_length", "status")
    list_filter = ("status", "format", "match_format", "club")
    search_fields = ("name", "slug", "club__name")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("referees",)
    inlines = (StageInline, EntryInline)


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("player", "tournament", "seed", "status")
    list_filter = ("status", "tournament")
    search_fields = ("player__name", "tournament__name")
    autocomplete_fields = ("player", "tournament")


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin):
    list_display = ("tournament", "kind", "order")
    list_filter = ("kind",)


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("stage", "number", "match_format", "length", "status", "deadline")
    list_filter = ("status", "match_format")


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "club")
    list_filter = ("club",)
    prepopulated_fields = {"slug": ("name",)}


@admin.register(PairingRule)
class PairingRuleAdmin(admin.ModelAdmin):
    list_display = ("tournament", "entry_a", "entry_b", "kind", "reason")
    list_filter = ("kind", "reason")
    search_fields = ("tournament__name", "entry_a__player__name", "entry_b__player__name")
    raw_id_fields = ("entry_a", "entry_b")
