"""Match analyses in the API (read only): every figure comes with its level."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from analysis.models import AnalysisMistake, MatchAnalysis, PlayerAnalysis


class PlayerAnalysisSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="entry.player.name", default=None)
    level = serializers.CharField(source="get_plies_display")
    decisions = serializers.IntegerField()
    error = serializers.FloatField(help_text="Chequer and cube error together, in EMG.")
    error_rate = serializers.FloatField(allow_null=True, help_text="mEMG per decision.")
    pr = serializers.FloatField(
        allow_null=True, help_text="PR: 500 × error ÷ decisions (eXtreme Gammon's formula)."
    )
    chequer_rate = serializers.FloatField(allow_null=True, help_text="mEMG per chequer decision.")
    cube_rate = serializers.FloatField(allow_null=True, help_text="mEMG per cube decision.")

    class Meta:
        model = PlayerAnalysis
        fields = (
            "side",
            "player",
            "plies",
            "level",
            "chequer_decisions",
            "cube_decisions",
            "decisions",
            "chequer_error",
            "cube_error",
            "error",
            "error_rate",
            "pr",
            "chequer_rate",
            "cube_rate",
            "luck",
            "rating",
        )


class MistakeSerializer(serializers.ModelSerializer):
    played_words = serializers.CharField(help_text="The action made, in words.")
    best_words = serializers.CharField(help_text="The best action, in words.")

    class Meta:
        model = AnalysisMistake
        fields = (
            "side",
            "game",
            "kind",
            "dice",
            "played",
            "best",
            "played_words",
            "best_words",
            "equity_lost",
            "mark",
            "position_id",
            "match_id",
        )


class MatchAnalysisSerializer(serializers.ModelSerializer):
    level = serializers.CharField(source="get_plies_display")
    players = PlayerAnalysisSerializer(many=True)
    mistakes = serializers.SerializerMethodField()

    class Meta:
        model = MatchAnalysis
        fields = ("plies", "level", "status", "failure", "finished_at", "players", "mistakes")

    def get_mistakes(self, obj: MatchAnalysis) -> list[dict[str, Any]]:
        return MistakeSerializer(obj.mistakes.all(), many=True).data  # type: ignore[return-value]


class ErrorRateSerializer(serializers.Serializer):  # type: ignore[type-arg]
    entry = serializers.IntegerField(source="entry.pk")
    player = serializers.CharField(source="entry.player.name")
    plies = serializers.IntegerField()
    matches = serializers.IntegerField()
    chequer_decisions = serializers.IntegerField()
    cube_decisions = serializers.IntegerField()
    decisions = serializers.IntegerField()
    error = serializers.FloatField()
    error_rate = serializers.FloatField(allow_null=True, help_text="mEMG per decision.")
    pr = serializers.FloatField(
        allow_null=True, help_text="PR: 500 × error ÷ decisions (eXtreme Gammon's formula)."
    )
