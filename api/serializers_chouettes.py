"""Chouette and money sessions in the API: a session with its players, games (each by seats,
with the sheet as it stands and every player's points), totals and settlement; and what a
score keeper's app sends. Money is an integer in the currency's minor unit (cents)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from api.serializers import ClubRefSerializer
from chouettes.core import sheet as core
from chouettes.core.replay import MAX_PLAYERS, Seats
from chouettes.forms import MAX_STAKE
from chouettes.models import (
    MAX_AUTOMATIC_DOUBLES,
    ChouetteLine,
    ChouetteSession,
    ChouetteSheet,
    CubeMode,
)
from chouettes.selectors import SessionView

MAX_ID = 2**31 - 1
MAX_CUBE = 2**20


# --- Output -----------------------------------------------------------------------------------


class ChouetteRulesSerializer(serializers.Serializer):  # type: ignore[type-arg]
    cube_mode = serializers.ChoiceField(choices=CubeMode.choices)
    consulting = serializers.BooleanField()
    jacoby = serializers.BooleanField()
    beavers = serializers.BooleanField()
    automatic_limit = serializers.IntegerField()
    partner_from = serializers.IntegerField(help_text="0: never.")


class ChouetteSessionSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    club = ClubRefSerializer()
    status = serializers.CharField(help_text="open or closed.")
    stake = serializers.IntegerField(
        help_text="What a point is worth, in the currency's minor unit (0: for points only)."
    )
    games = serializers.IntegerField(source="game_count", help_text="Games played.")
    url = serializers.CharField(source="get_absolute_url")

    class Meta:
        model = ChouetteSession
        fields = (
            "id",
            "club",
            "name",
            "status",
            "stake",
            "currency",
            "games",
            "created_at",
            "closed_at",
            "url",
        )


class SeatsSerializer(serializers.Serializer):  # type: ignore[type-arg]
    box = serializers.IntegerField(help_text="A player's id.")
    partner = serializers.IntegerField(allow_null=True, help_text="The box's partner, if any.")
    team = serializers.ListField(
        child=serializers.IntegerField(), help_text="The captain first, then the line."
    )


class LineSerializer(serializers.Serializer):  # type: ignore[type-arg]
    cube = serializers.IntegerField()
    owner = serializers.CharField(help_text="center, box or member.")
    drop = serializers.CharField(help_text="none, member or box.")
    beaver = serializers.BooleanField()


class SheetSerializer(serializers.Serializer):  # type: ignore[type-arg]
    winner = serializers.CharField(allow_null=True, help_text="box, team, or null.")
    kind = serializers.CharField(help_text="single, gammon or backgammon.")
    resigned = serializers.BooleanField()
    automatic = serializers.IntegerField()
    lines = LineSerializer(many=True, help_text="One line per team member, the captain's first.")


class PointsSerializer(serializers.Serializer):  # type: ignore[type-arg]
    player = serializers.IntegerField()
    points = serializers.IntegerField()


class ChouetteGameSerializer(serializers.Serializer):  # type: ignore[type-arg]
    number = serializers.IntegerField()
    version = serializers.IntegerField(help_text="1 as entered, then one more per correction.")
    seats = SeatsSerializer()
    sheet = SheetSerializer()
    results = PointsSerializer(many=True, help_text="Every seated player's points; they sum to 0.")


class ChouettePlayerSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    money = serializers.IntegerField(help_text="Points × stake, in the minor unit.")
    present = serializers.BooleanField(help_text="At the table now.")


class TransferSerializer(serializers.Serializer):  # type: ignore[type-arg]
    payer = serializers.IntegerField()
    payee = serializers.IntegerField()
    amount = serializers.IntegerField(
        help_text="In the currency's minor unit; in points when the stake is 0."
    )


class ChouetteSessionDetailSerializer(ChouetteSessionSerializer):
    rules = ChouetteRulesSerializer(source="*")
    players = ChouettePlayerSerializer(many=True)
    order = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The players at the table: the box, then the line (the captain first).",
    )
    next_game = serializers.IntegerField(allow_null=True, help_text="null once closed.")
    next_seats = SeatsSerializer(allow_null=True, help_text="null once closed or too few.")
    game_sheets = ChouetteGameSerializer(many=True)
    settlement = TransferSerializer(many=True, help_text="The fewest transfers that settle.")

    class Meta(ChouetteSessionSerializer.Meta):
        fields = (
            *ChouetteSessionSerializer.Meta.fields,
            "rules",
            "players",
            "order",
            "next_game",
            "next_seats",
            "game_sheets",
            "settlement",
        )


def _seats(seats: Seats) -> dict[str, Any]:
    return {"box": seats.box, "partner": seats.partner, "team": list(seats.team)}


def _sheet(sheet: core.GameSheet) -> dict[str, Any]:
    return {
        "winner": sheet.winner.value if sheet.winner else None,
        "kind": sheet.kind.value,
        "resigned": sheet.resigned,
        "automatic": sheet.automatic,
        "lines": [
            {
                "cube": line.cube,
                "owner": line.owner.value,
                "drop": line.drop.value,
                "beaver": line.beaver,
            }
            for line in sheet.lines
        ],
    }


def session_detail_data(view: SessionView) -> dict[str, Any]:
    """The session as ``ChouetteSessionDetailSerializer`` describes it (the view's session
    read with its ``game_count``: ``chouettes.selectors.sessions_with_game_count``)."""
    session = view.session
    versions = {
        happening.game_number: len(view.sheets[happening.pk])
        for happening in view.happenings
        if happening.game_number
    }
    state = view.state
    seats = view.seats if session.is_open else None
    return {
        **ChouetteSessionSerializer(session).data,
        "rules": dict(ChouetteRulesSerializer(session).data),
        "players": [
            {
                "id": player,
                "name": view.names[player],
                "points": total,
                "money": view.money(total),
                "present": player in state.order,
            }
            for player, total in state.totals.items()
        ],
        "order": list(state.order),
        "next_game": view.next_game_number if session.is_open else None,
        "next_seats": _seats(seats) if seats else None,
        "game_sheets": [
            {
                "number": game.number,
                "version": versions.get(game.number, 1),
                "seats": _seats(game.seats),
                "sheet": _sheet(game.sheet),
                "results": [{"player": p, "points": n} for p, n in game.results.items()],
            }
            for game in state.games
        ],
        "settlement": [
            {"payer": t.payer, "payee": t.payee, "amount": t.amount} for t in view.settlement()
        ],
    }


# --- Input ------------------------------------------------------------------------------------


def sheet_of(data: dict[str, Any]) -> core.GameSheet:
    """A checked ``SheetInSerializer``'s data as the pure core's sheet."""
    return core.GameSheet(
        lines=tuple(
            core.Line(
                cube=line["cube"],
                owner=core.Owner(line["owner"]),
                drop=core.Drop(line["drop"]),
                beaver=line["beaver"],
            )
            for line in data["lines"]
        ),
        winner=core.Side(data["winner"]) if data["winner"] else None,
        kind=core.Kind(data["kind"]),
        resigned=data["resigned"],
        automatic=data["automatic"],
    )


class LineInSerializer(serializers.Serializer):  # type: ignore[type-arg]
    cube = serializers.IntegerField(
        min_value=1,
        max_value=MAX_CUBE,
        default=1,
        help_text="The cube at the end (for a dropped double: before it).",
    )
    owner = serializers.ChoiceField(choices=ChouetteLine.owner.field.choices, default="center")
    drop = serializers.ChoiceField(
        choices=ChouetteLine.drop.field.choices,
        default="none",
        help_text="member: the member dropped the box's double; box: the box dropped his.",
    )
    beaver = serializers.BooleanField(default=False)


class SheetInSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """A game's sheet as the score keeper enters it, by seats."""

    winner = serializers.ChoiceField(
        choices=ChouetteSheet.winner.field.choices,
        allow_null=True,
        help_text="Who won on the board; null when every line ended with a dropped double.",
    )
    kind = serializers.ChoiceField(choices=ChouetteSheet.kind.field.choices, default="single")
    resigned = serializers.BooleanField(default=False)
    automatic = serializers.IntegerField(min_value=0, max_value=MAX_AUTOMATIC_DOUBLES, default=0)
    lines = LineInSerializer(
        many=True,
        min_length=1,
        max_length=MAX_PLAYERS - 1,
        help_text="One line per team member, by seat: the captain's first.",
    )


class ChouetteGameInSerializer(serializers.Serializer):  # type: ignore[type-arg]
    number = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text=(
            "The game's number as the app counts it: sent again (a retry) or out of step, it "
            "is refused with 409 and nothing is recorded twice."
        ),
    )
    sheet = SheetInSerializer()


class CorrectionInSerializer(serializers.Serializer):  # type: ignore[type-arg]
    sheet = SheetInSerializer(help_text="By the seats of the game corrected.")
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    games_seen = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_ID,
        help_text="The games the app showed; refused with 409 if a game was entered since.",
    )


class PlayerInSerializer(serializers.Serializer):  # type: ignore[type-arg]
    player = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="A member's id.")


class SessionInSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField(max_length=120)
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        min_length=2,
        max_length=MAX_PLAYERS,
        help_text="Members' ids in seat order: the box first, then the captain, then the line.",
    )
    stake = serializers.IntegerField(
        min_value=0,
        max_value=MAX_STAKE,
        default=0,
        help_text="What a point is worth, in the currency's minor unit (0: for points only).",
    )
    currency = serializers.RegexField(
        r"^[A-Za-z]{3}$",
        default="EUR",
        error_messages={"invalid": _("A currency is a code of three letters, such as EUR.")},
    )
    cube_mode = serializers.ChoiceField(choices=CubeMode.choices, default=CubeMode.MEMBER)
    consulting = serializers.BooleanField(default=True)
    jacoby = serializers.BooleanField(default=True)
    beavers = serializers.BooleanField(default=False)
    automatic_limit = serializers.IntegerField(
        min_value=0, max_value=MAX_AUTOMATIC_DOUBLES, default=0
    )
    partner_from = serializers.IntegerField(
        min_value=0, max_value=MAX_PLAYERS, default=0, help_text="4 to 10, or 0 for never."
    )
