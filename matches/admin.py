from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from matches.models import Game, Match


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    fields = ("number", "winner", "kind", "cube", "ended_by", "points", "source", "entered_by")
    raw_id_fields = ("entered_by",)


@admin.register(Match)
class MatchAdmin(SimpleHistoryAdmin):
    list_display = ("__str__", "round", "index", "status", "score_a", "score_b", "winner")
    list_filter = ("status", "outcome", "match_format")
    raw_id_fields = ("round", "entry_a", "entry_b", "winner", "referee")
    inlines = (GameInline,)


@admin.register(Game)
class GameAdmin(SimpleHistoryAdmin):
    list_display = ("match", "number", "winner", "kind", "cube", "points", "ended_by", "source")
    list_filter = ("kind", "ended_by", "source")
    raw_id_fields = ("match", "entered_by")
