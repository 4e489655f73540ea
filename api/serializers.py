"""What the API reads and writes. Output serializers only describe; input ones only check
types and shapes; the result services decide what the rules allow."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.errors import UserError
from matches.models import EndedBy, Game, Match, WinKind
from matches.selectors.files import MAX_FILE_BYTES, MAX_GAMES, match_file_text
from tournaments.models import Round, Tournament

MAX_SCORE = 32767


# --- Output -----------------------------------------------------------------------------------


class ClubRefSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()


class RulesSerializer(serializers.Serializer):
    cube = serializers.BooleanField(source="uses_cube")
    crawford = serializers.BooleanField()
    holland = serializers.BooleanField()
    max_cube = serializers.IntegerField(source="cube_limit", allow_null=True)
    starting_rule = serializers.CharField()
    lower_die_starts = serializers.BooleanField()
    last_checker_larger_die = serializers.BooleanField()
    no_hit_and_continue_home = serializers.BooleanField()


class TournamentSerializer(serializers.ModelSerializer):
    club = ClubRefSerializer()
    rules = RulesSerializer(source="*")
    url = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = (
            "id",
            "club",
            "name",
            "slug",
            "status",
            "format",
            "match_format",
            "default_length",
            "starts_at",
            "venue",
            "rules",
            "url",
        )

    def get_url(self, tournament: Tournament) -> str:
        return tournament.get_absolute_url()


class RoundSerializer(serializers.ModelSerializer):
    stage = serializers.CharField(source="stage.kind")
    match_count = serializers.IntegerField()

    class Meta:
        model = Round
        fields = (
            "id",
            "stage",
            "number",
            "match_format",
            "length",
            "status",
            "deadline",
            "match_count",
        )


class PlayerRefSerializer(serializers.Serializer):
    entry = serializers.IntegerField(source="pk")
    name = serializers.CharField(source="player.name")


class GameSerializer(serializers.ModelSerializer):
    class Meta:
        model = Game
        fields = ("number", "winner", "kind", "cube", "ended_by", "points", "source")


class MatchSerializer(serializers.ModelSerializer):
    tournament = serializers.IntegerField(source="round.stage.tournament_id")
    stage = serializers.CharField(source="round.stage.kind")
    round = serializers.IntegerField(source="round.number")
    player_a = PlayerRefSerializer(source="entry_a", allow_null=True)
    player_b = PlayerRefSerializer(source="entry_b", allow_null=True)
    winner = serializers.SerializerMethodField(
        help_text="0 = player_a, 1 = player_b, null while open."
    )
    url = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = (
            "id",
            "tournament",
            "stage",
            "round",
            "index",
            "table",
            "status",
            "outcome",
            "match_format",
            "length",
            "player_a",
            "player_b",
            "score_a",
            "score_b",
            "winner",
            "version",
            "url",
        )

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_winner(self, match: Match) -> int | None:
        if match.winner_id is None:
            return None
        return 0 if match.winner_id == match.entry_a_id else 1

    def get_url(self, match: Match) -> str:
        tournament = match.round.stage.tournament
        return reverse("matches:detail", args=[tournament.club.slug, tournament.slug, match.pk])


class MatchDetailSerializer(MatchSerializer):
    games = GameSerializer(many=True)

    class Meta(MatchSerializer.Meta):
        fields = (*MatchSerializer.Meta.fields, "games")


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    place = serializers.CharField(help_text="The place, shared (e.g. 1–3) when tied.")
    entry = serializers.IntegerField()
    name = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    byes = serializers.IntegerField()
    match_points = serializers.IntegerField()
    games_won = serializers.IntegerField()
    games_lost = serializers.IntegerField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    points_diff = serializers.IntegerField()


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    detail = serializers.CharField()
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), required=False
    )
    line = serializers.IntegerField(required=False)
    game = serializers.IntegerField(required=False)
    move = serializers.IntegerField(required=False)


# --- Input ------------------------------------------------------------------------------------


class GameInSerializer(serializers.Serializer):
    winner = serializers.ChoiceField(
        choices=[0, 1], help_text="0 = the match's player_a, 1 = player_b."
    )
    kind = serializers.ChoiceField(choices=WinKind.choices, default=WinKind.SINGLE)
    cube = serializers.IntegerField(min_value=1, max_value=2**20, default=1)
    ended_by = serializers.ChoiceField(
        choices=[EndedBy.BEAROFF, EndedBy.DROP, EndedBy.RESIGN], default=EndedBy.BEAROFF
    )


class _OptionsMixin(serializers.Serializer):
    swap_players = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text=(
            "Match files only: true when the file's first player is the match's player_b. "
            "Leave it out to map the players by name."
        ),
    )
    version = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text="The match's version you saw; a result based on an older one is refused.",
    )


class ResultInSerializer(_OptionsMixin):
    """Exactly one of: ``mat`` (a .mat file's text), ``games``, or ``score_a`` + ``score_b``."""

    mat = serializers.CharField(
        required=False, trim_whitespace=False, max_length=MAX_FILE_BYTES, allow_blank=True
    )
    games = GameInSerializer(many=True, required=False, min_length=1, max_length=MAX_GAMES)
    score_a = serializers.IntegerField(required=False, min_value=0, max_value=MAX_SCORE)
    score_b = serializers.IntegerField(required=False, min_value=0, max_value=MAX_SCORE)

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        given = [key for key in ("mat", "file", "games") if key in data]
        if "score_a" in data or "score_b" in data:
            if "score_a" not in data or "score_b" not in data:
                raise serializers.ValidationError(
                    _("Send both score_a and score_b for a final score.")
                )
            given.append("score")
        if len(given) != 1:
            raise serializers.ValidationError(
                _("Send exactly one of: a match file, the games, or the final score.")
            )
        return data


class ResultFileInSerializer(ResultInSerializer):
    """A multipart form: the .mat file in ``file``."""

    file = serializers.FileField(required=False, allow_empty_file=True)

    def validate_file(self, upload: Any) -> str:
        if upload.size is not None and upload.size > MAX_FILE_BYTES:
            raise serializers.ValidationError(
                _("The file is too large: match files of up to %(kb)d KB are accepted.")
                % {"kb": MAX_FILE_BYTES // 1024}
            )
        try:
            text = match_file_text(upload.read(MAX_FILE_BYTES + 1))
        except UserError as error:
            raise serializers.ValidationError(error.messages) from error
        self.context["file_name"] = upload.name or ""
        return text
