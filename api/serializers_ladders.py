"""Challenge ladders in the API: a ladder with its rules and its players in order, its
challenges (each with its match once accepted) and the history of its order; and what a
player's app sends: a challenge, its answer and its match's result."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers import MAX_SCORE, ClubRefSerializer
from ladders.models import Challenge, Ladder, LadderChange

MAX_ID = 2**31 - 1


# --- Output -----------------------------------------------------------------------------------


class LadderRulesSerializer(serializers.Serializer):  # type: ignore[type-arg]
    reach = serializers.IntegerField(help_text="A player challenges up to this many places up.")
    accept_days = serializers.IntegerField(help_text="Not accepted in time: lost by forfeit.")
    play_days = serializers.IntegerField()
    loser_drops = serializers.BooleanField(help_text="A losing challenger drops one place.")
    idle_days = serializers.IntegerField(help_text="Days without a match before a drop (0: none).")
    idle_places = serializers.IntegerField()
    open_challenges = serializers.IntegerField(help_text="Open challenges a player may have.")
    match_length = serializers.IntegerField()
    cube = serializers.BooleanField()
    online_play = serializers.BooleanField()


class LadderSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    club = ClubRefSerializer()
    rules = LadderRulesSerializer(source="*")
    url = serializers.CharField(source="get_absolute_url")

    class Meta:
        model = Ladder
        fields = ("id", "club", "name", "slug", "rules", "url")


class LadderPlayerSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    name = serializers.CharField()


class ChallengeMatchSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    status = serializers.CharField()
    score_challenger = serializers.IntegerField(source="score_a")
    score_defender = serializers.IntegerField(source="score_b")
    winner = serializers.SerializerMethodField(help_text="challenger, defender, or null.")
    version = serializers.IntegerField(help_text="Send it with the result (optional).")

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_winner(self, match: Any) -> str | None:
        if match.winner_id is None:
            return None
        return "challenger" if match.winner_id == match.entry_a_id else "defender"


class ChallengeSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    challenger = LadderPlayerSerializer()
    defender = LadderPlayerSerializer()
    status = serializers.CharField(help_text="open, accepted, decided or lapsed.")
    match = ChallengeMatchSerializer(
        allow_null=True, help_text="Once accepted: the match (its result moves the ladder)."
    )

    class Meta:
        model = Challenge
        fields = (
            "id",
            "challenger",
            "defender",
            "status",
            "accept_by",
            "play_by",
            "created_at",
            "match",
        )


class RungSerializer(serializers.Serializer):  # type: ignore[type-arg]
    place = serializers.IntegerField()
    player = LadderPlayerSerializer()
    challenges = serializers.SerializerMethodField(help_text="Ids of the player's open challenges.")

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_challenges(self, rung: Any) -> list[int]:
        return [challenge.pk for challenge in rung.challenges]


class LadderDetailSerializer(LadderSerializer):
    rankings = RungSerializer(many=True, help_text="The players from the top down.")
    open_challenges = ChallengeSerializer(many=True)

    class Meta(LadderSerializer.Meta):
        fields = (*LadderSerializer.Meta.fields, "rankings", "open_challenges")


class LadderChangeSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    kind = serializers.CharField(
        help_text="joined, left, won, lost, idle, corrected_won or corrected_lost."
    )
    player = LadderPlayerSerializer()
    opponent = LadderPlayerSerializer(allow_null=True)
    challenge = serializers.IntegerField(source="challenge_id", allow_null=True)
    order = serializers.ListField(
        child=serializers.IntegerField(), help_text="The ladder after the change, top first."
    )

    class Meta:
        model = LadderChange
        fields = (
            "sequence",
            "kind",
            "player",
            "opponent",
            "challenge",
            "forfeit",
            "places",
            "day",
            "order",
        )


# --- Input ------------------------------------------------------------------------------------


class ChallengeInSerializer(serializers.Serializer):  # type: ignore[type-arg]
    challenger = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    defender = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, help_text="Above the challenger, within reach."
    )


class ChallengeResultInSerializer(serializers.Serializer):  # type: ignore[type-arg]
    score_challenger = serializers.IntegerField(min_value=0, max_value=MAX_SCORE)
    score_defender = serializers.IntegerField(min_value=0, max_value=MAX_SCORE)
    version = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_ID,
        help_text="The match's version you saw; a result based on an older one is refused.",
    )
