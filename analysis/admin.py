from django.contrib import admin

from analysis.models import AnalysisMistake, MatchAnalysis, PlayerAnalysis


@admin.register(MatchAnalysis)
class MatchAnalysisAdmin(admin.ModelAdmin):
    list_display = ("match", "plies", "status", "attempts", "finished_at")
    list_filter = ("status", "plies")
    raw_id_fields = ("match",)


@admin.register(PlayerAnalysis)
class PlayerAnalysisAdmin(admin.ModelAdmin):
    list_display = ("analysis", "side", "plies", "chequer_decisions", "cube_decisions", "rating")
    raw_id_fields = ("analysis", "entry")


@admin.register(AnalysisMistake)
class AnalysisMistakeAdmin(admin.ModelAdmin):
    list_display = ("analysis", "game", "side", "played", "best", "equity_lost")
    raw_id_fields = ("analysis",)
