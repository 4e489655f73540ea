from django.contrib import admin

from analysis.models import AnalysisMistake, MatchAnalysis, PlayerAnalysis


class PlayerAnalysisInline(admin.TabularInline):
    model = PlayerAnalysis
    extra = 0
    raw_id_fields = ("entry",)


@admin.register(MatchAnalysis)
class MatchAnalysisAdmin(admin.ModelAdmin):
    list_display = ("match", "plies", "status", "attempts", "failure", "finished_at")
    list_filter = ("status", "plies")
    raw_id_fields = ("match",)
    inlines = [PlayerAnalysisInline]


@admin.register(PlayerAnalysis)
class PlayerAnalysisAdmin(admin.ModelAdmin):
    list_display = ("analysis", "entry")
    raw_id_fields = ("analysis", "entry")


@admin.register(AnalysisMistake)
class AnalysisMistakeAdmin(admin.ModelAdmin):
    list_display = ("analysis",)
    raw_id_fields = ("analysis",)
