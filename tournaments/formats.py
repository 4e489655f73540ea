"""One database-side adapter per tournament format, in one registry (as Tabbycat's draw
managers): what the pure format class needs from the tournament row, which stage comes first,
and how the draw proceeds. The services ask the adapter; they never branch on format names.

A new format is the enum value (``tournaments.models.TournamentFormat``, with its migration),
the pure class (``tournaments.pairing``) and one adapter here.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar

from tournaments.models import StageKind, Tournament, TournamentFormat
from tournaments.pairing import FORMATS, BracketFormat, RoundFormat


def default_tiebreaks(format_key: str) -> list[str]:
    """The usual order of the format (its pure class says it)."""
    return list(FORMATS[format_key].default_tiebreaks)


class Drawing(StrEnum):
    """How a format's matches are drawn."""

    BRACKET = "bracket"  # the whole bracket at the start, then results move players on
    ROUND_BY_ROUND = "round_by_round"  # each round when the last is complete (Swiss)
    SCHEDULE = "schedule"  # every round at the start (round robin)


class FormatAdapter:
    key: ClassVar[str]
    first_stage: ClassVar[StageKind] = StageKind.MAIN
    drawing: ClassVar[Drawing] = Drawing.BRACKET
    #: The tournament's fields that only this format reads: its settings form shows them
    #: when this format is chosen, and only then.
    option_fields: ClassVar[tuple[str, ...]] = ()

    def options(self, tournament: Tournament) -> dict[str, Any]:
        """The pure format's options from the tournament's settings."""
        return {}

    def pure(self, tournament: Tournament) -> BracketFormat | RoundFormat:
        cls = FORMATS[self.key]
        instance = cls(cls.options_from_mapping(self.options(tournament)))
        assert isinstance(instance, BracketFormat | RoundFormat)
        return instance

    @property
    def is_bracket(self) -> bool:
        return self.drawing is Drawing.BRACKET

    @property
    def default_tiebreaks(self) -> list[str]:
        return default_tiebreaks(self.key)

    def pairs_next_round_itself(self, tournament: Tournament) -> bool:
        """Whether a complete round makes the next one be paired without the organizer."""
        return False


class SingleEliminationAdapter(FormatAdapter):
    key = TournamentFormat.SINGLE_ELIMINATION


class MainConsolationAdapter(FormatAdapter):
    key = TournamentFormat.MAIN_CONSOLATION
    option_fields = ("last_chance", "progressive_consolation")

    def options(self, tournament: Tournament) -> dict[str, Any]:
        return {
            "last_chance": tournament.last_chance,
            "progressive_consolation": tournament.progressive_consolation,
        }


class DoubleEliminationAdapter(FormatAdapter):
    key = TournamentFormat.DOUBLE_ELIMINATION
    option_fields = ("grand_final_reset",)

    def options(self, tournament: Tournament) -> dict[str, Any]:
        return {"grand_final_reset": tournament.grand_final_reset}


class SwissAdapter(FormatAdapter):
    key = TournamentFormat.SWISS
    first_stage = StageKind.SWISS
    drawing = Drawing.ROUND_BY_ROUND
    option_fields = (
        "swiss_rounds",
        "bye_match_points",
        "auto_pair_next_round",
        "review_rounds",
        "avoid_same_club",
    )

    def options(self, tournament: Tournament) -> dict[str, Any]:
        return {
            "rounds": tournament.swiss_rounds or 1,
            "avoid_same_club": tournament.avoid_same_club,
            "bye_points": tournament.bye_match_points,
        }

    def pairs_next_round_itself(self, tournament: Tournament) -> bool:
        return tournament.auto_pair_next_round


class RoundRobinAdapter(FormatAdapter):
    key = TournamentFormat.ROUND_ROBIN
    first_stage = StageKind.ROUND_ROBIN
    drawing = Drawing.SCHEDULE
    option_fields = ("double_round_robin", "bye_match_points", "review_rounds")

    def options(self, tournament: Tournament) -> dict[str, Any]:
        return {"double_round_robin": tournament.double_round_robin}


ADAPTERS: dict[str, FormatAdapter] = {
    adapter.key: adapter
    for adapter in (
        SingleEliminationAdapter(),
        MainConsolationAdapter(),
        DoubleEliminationAdapter(),
        SwissAdapter(),
        RoundRobinAdapter(),
    )
}


#: Every format's own fields (:attr:`FormatAdapter.option_fields`), in the order of the form.
FORMAT_OPTION_FIELDS: tuple[str, ...] = tuple(
    dict.fromkeys(name for adapter in ADAPTERS.values() for name in adapter.option_fields)
)


def adapter_of(tournament: Tournament) -> FormatAdapter:
    return ADAPTERS[tournament.format]


def format_of(tournament: Tournament) -> BracketFormat | RoundFormat:
    """The tournament's pure format with its options (its adapter's)."""
    return adapter_of(tournament).pure(tournament)


def is_bracket(tournament: Tournament) -> bool:
    return adapter_of(tournament).is_bracket
