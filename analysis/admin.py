from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import Any

from django.contrib import admin

from analysis.models import AnalysisMistake, MatchAnalysis, PlayerAnalysis
from analysis.versions import analysis_change
from config.admin_versions import ChangesPages


class OfAnAnalysis(ChangesPages):
    """An analysis's figures: on its match's page and its tournament's."""

    def pages_of(self, obj: Any) -> Iterable[AbstractContextManager[object]]:
        return [analysis_change(obj.analysis)]


class PlayerAnalysisInline(admin.TabularInline):
    model = PlayerAnalysis
    extra = 0
    raw_id_fields = ("entry",)


@admin.register(MatchAnalysis)
class MatchAnalysisAdmin(ChangesPages):
    list_display = ("match", "plies", "status", "attempts", "failure", "finished_at")
    list_filter = ("status", "plies")
    raw_id_fields = ("match",)
    inlines = [PlayerAnalysisInline]

    def pages_of(self, obj: MatchAnalysis) -> Iterable[AbstractContextManager[object]]:
        return [analysis_change(obj)]


@admin.register(PlayerAnalysis)
class PlayerAnalysisAdmin(OfAnAnalysis):
    list_display = ("analysis", "entry")
    raw_id_fields = ("analysis", "entry")


@admin.register(AnalysisMistake)
class AnalysisMistakeAdmin(OfAnAnalysis):
    list_display = ("analysis",)
    raw_id_fields = ("analysis",)
