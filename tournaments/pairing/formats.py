"""The format registry: one class per format, with its declared options.

``FORMATS[key]`` is a class; build it with its options (``cls(cls.options_from_mapping(d))``
for options stored as JSON) and call ``plan`` (bracket formats) or ``pair_round`` (round
formats). Bracket formats build every match up front; round formats pair one round at a time.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from typing import Any, ClassVar, Literal, get_type_hints

from .bracket import BracketPlan
from .elimination import double_elimination_plan, main_consolation_plan, single_elimination_plan
from .errors import OptionsError, PairingError
from .round_robin import berger_round, berger_schedule, round_count
from .swiss import EXACT_LIMIT, SwissPlayer, pair_swiss
from .types import EntrantId, Pairing

FormatKind = Literal["bracket", "rounds"]


@dataclasses.dataclass(frozen=True, slots=True)
class SingleEliminationOptions:
    pass


@dataclasses.dataclass(frozen=True, slots=True)
class MainConsolationOptions:
    last_chance: bool = False
    progressive_consolation: bool = False
    progressive_until_round: int | None = None
    """Last main round whose losers drop in (default: the round before the semi-finals, at
    least round 2; see ``elimination.progressive_last_round``)."""

    def __post_init__(self) -> None:
        if self.progressive_until_round is not None and self.progressive_until_round < 2:
            raise OptionsError(
                "invalid_option",
                "progressive_until_round must be 2 or more",
                "progressive_until_round",
            )


@dataclasses.dataclass(frozen=True, slots=True)
class DoubleEliminationOptions:
    grand_final_reset: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class SwissOptions:
    rounds: int = 5
    avoid_same_club: bool = False
    bye_points: int = 1
    """Match points for a bye; used by the standings, carried here with the format."""

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise OptionsError("invalid_option", "rounds must be 1 or more", "rounds")
        if self.bye_points < 0:
            raise OptionsError("invalid_option", "bye_points cannot be negative", "bye_points")


@dataclasses.dataclass(frozen=True, slots=True)
class RoundRobinOptions:
    double_round_robin: bool = False


class Format(ABC):
    key: ClassVar[str]
    name: ClassVar[str]
    """English; the adapter wraps it for translation."""
    kind: ClassVar[FormatKind]
    options_class: ClassVar[type[Any]]
    #: The tie-breaks in their usual order when the organizer chooses none.
    default_tiebreaks: ClassVar[tuple[str, ...]] = ("match_wins", "points_difference", "lot")

    def __init__(self, options: Any = None) -> None:
        self.options = self.options_class() if options is None else options
        if not isinstance(self.options, self.options_class):
            raise TypeError(f"{self.key} takes {self.options_class.__name__}")

    @classmethod
    def options_from_mapping(cls, data: Mapping[str, object]) -> Any:
        """Validated options from stored JSON; unknown keys and wrong types are errors."""
        hints = get_type_hints(cls.options_class)
        values: dict[str, object] = {}
        for name, value in data.items():
            if name not in hints:
                raise OptionsError("unknown_option", f"{cls.key} has no option {name}", name)
            expected = hints[name]
            ok = (
                isinstance(value, bool)
                if expected is bool
                else (value is None and expected == int | None)
                or (isinstance(value, int) and not isinstance(value, bool))
            )
            if not ok:
                raise OptionsError("invalid_option", f"{name} cannot be {value!r}", name)
            values[name] = value
        return cls.options_class(**values)


class BracketFormat(Format):
    kind: ClassVar[FormatKind] = "bracket"

    @abstractmethod
    def plan(self, entrants: Sequence[EntrantId]) -> BracketPlan:
        """The whole bracket for ``entrants`` in seed order."""


class RoundFormat(Format):
    kind: ClassVar[FormatKind] = "rounds"

    @abstractmethod
    def total_rounds(self, entrants: int) -> int:
        """How many rounds a field of ``entrants`` plays."""


class SingleElimination(BracketFormat):
    key = "single_elimination"
    name = "Single elimination"
    options_class = SingleEliminationOptions

    def plan(self, entrants: Sequence[EntrantId]) -> BracketPlan:
        return single_elimination_plan(entrants)


class MainConsolation(BracketFormat):
    key = "main_consolation"
    name = "Main / Consolation / Last Chance"
    options_class = MainConsolationOptions

    def plan(self, entrants: Sequence[EntrantId]) -> BracketPlan:
        o: MainConsolationOptions = self.options
        return main_consolation_plan(
            entrants,
            last_chance=o.last_chance,
            progressive_consolation=o.progressive_consolation,
            progressive_until_round=o.progressive_until_round,
        )


class DoubleElimination(BracketFormat):
    key = "double_elimination"
    name = "Double elimination"
    options_class = DoubleEliminationOptions

    def plan(self, entrants: Sequence[EntrantId]) -> BracketPlan:
        o: DoubleEliminationOptions = self.options
        return double_elimination_plan(entrants, grand_final_reset=o.grand_final_reset)


class Swiss(RoundFormat):
    key = "swiss"
    default_tiebreaks = (
        "match_points",
        "buchholz",
        "median_buchholz",
        "points_difference",
        "opponents_match_wins",
        "lot",
    )
    name = "Swiss"
    options_class = SwissOptions

    def total_rounds(self, entrants: int) -> int:
        o: SwissOptions = self.options
        return o.rounds

    def pair_round(
        self,
        players: Sequence[SwissPlayer],
        round_number: int,
        exact_limit: int = EXACT_LIMIT,
        *,
        forbidden: Collection[frozenset[EntrantId]] = (),
        pinned: Collection[frozenset[EntrantId]] = (),
    ) -> tuple[Pairing, ...]:
        """Pairings of ``round_number`` from the standings before it (best first)."""
        o: SwissOptions = self.options
        if not 1 <= round_number <= o.rounds:
            raise PairingError(
                "round_out_of_range", f"round {round_number} is not in 1..{o.rounds}"
            )
        return pair_swiss(
            players,
            avoid_same_club=o.avoid_same_club,
            exact_limit=exact_limit,
            forbidden=forbidden,
            pinned=pinned,
        )


class RoundRobin(RoundFormat):
    key = "round_robin"
    default_tiebreaks = ("match_wins", "points_difference", "head_to_head", "lot")
    name = "Round robin"
    options_class = RoundRobinOptions

    def total_rounds(self, entrants: int) -> int:
        o: RoundRobinOptions = self.options
        return round_count(entrants, o.double_round_robin)

    def pair_round(self, entrants: Sequence[EntrantId], round_number: int) -> tuple[Pairing, ...]:
        """Round ``round_number`` for ``entrants`` in Berger-number order."""
        o: RoundRobinOptions = self.options
        return berger_round(entrants, round_number, o.double_round_robin)

    def schedule(self, entrants: Sequence[EntrantId]) -> tuple[tuple[Pairing, ...], ...]:
        o: RoundRobinOptions = self.options
        return berger_schedule(entrants, o.double_round_robin)


FORMATS: dict[str, type[Format]] = {
    cls.key: cls
    for cls in (SingleElimination, MainConsolation, DoubleElimination, Swiss, RoundRobin)
}
