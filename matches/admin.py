from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from matches.models import DirectorAction, Game, Match, MatchFile, MatchReport, OnlineGame


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


@admin.register(MatchReport)
class MatchReportAdmin(admin.ModelAdmin):
    list_display = ("match", "reported_by", "score_a", "score_b", "status", "created_at")
    list_filter = ("status",)
    raw_id_fields = ("match", "reported_by", "decided_by")


@admin.register(MatchFile)
class MatchFileAdmin(admin.ModelAdmin):
    list_display = ("match", "name", "source", "uploaded_by", "created_at")
    raw_id_fields = ("match", "uploaded_by")


@admin.register(OnlineGame)
class OnlineGameAdmin(admin.ModelAdmin):
    list_display = ("match", "sequence", "updated_at")
    raw_id_fields = ("match",)


@admin.register(DirectorAction)
class DirectorActionAdmin(admin.ModelAdmin):
    list_display = ("match", "kind", "reason", "user", "created_at")
    list_filter = ("kind",)
    raw_id_fields = ("match", "user")
