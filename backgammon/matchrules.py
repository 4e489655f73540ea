"""The rule-variant settings of a match or money session (DESIGN.md, "Rule variants").

Every option defaults to the standard rules; a tournament picks its variants once and
the engine, the referee form and the match-file replay all read the same object.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from .rules import MoveRules

__all__ = ["MatchRules", "StartRule"]


class StartRule(StrEnum):
    """Who starts the second and later games of a match."""

    #: Standard: every game begins with an opening roll.
    OPENING_ROLL = "opening_roll"
    #: The winner of the previous game starts without an opening roll (000, Regel 23).
    WINNER_STARTS = "winner_starts"
    #: The loser of game 1 starts game 2; game 3 and later are rolled for (002).
    LOSER_STARTS_SECOND = "loser_starts_second"


def _is_power_of_two(value: int) -> bool:
    return value >= 1 and value & (value - 1) == 0


@dataclass(frozen=True, slots=True)
class MatchRules:
    """The format and the variants of one match.

    ``MatchRules(length=7)`` is a 7-point match with cube and Crawford rule;
    ``MatchRules(games=3)`` is best-of-3 games, every game counting one, without cube;
    ``MatchRules()`` (both zero) is a money session, the only format where Jacoby may apply.

    ``cube`` left at ``None`` means "the default for the format": on for point matches
    and money, off for best-of-N (002: "die Wertung ist immer einfach").
    """

    length: int = 0
    games: int = 0
    cube: bool | None = None
    crawford: bool = True
    holland: bool = False
    #: Highest cube value (003: 64); ``None`` = unlimited (000, Regel 24).
    max_cube: int | None = None
    jacoby: bool = False
    start: StartRule = StartRule.OPENING_ROLL
    #: The lower opening die starts (000, Regel 7, "by agreement").
    lower_die_starts: bool = False
    #: 000, Regel 15: the last checker to come home must use the larger die.
    last_checker_larger_die: bool = False
    #: 000, Regel 16: no hit in the home board continuing onto an own blot.
    no_hit_and_continue_home: bool = False

    def __post_init__(self) -> None:
        for name in ("length", "games"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a non-negative integer, not {value!r}")
        if self.length and self.games:
            raise ValueError("a match is either N points (length) or best of N games, not both")
        if self.length > 32767:
            raise ValueError("length above 32767 cannot be written as a Match ID")
        if self.games and self.games % 2 == 0:
            raise ValueError("best-of-N needs an odd number of games")
        object.__setattr__(self, "start", StartRule(self.start))
        if self.cube is None:
            object.__setattr__(self, "cube", not self.games)
        elif self.cube and self.games:
            raise ValueError("best-of-N games are played without the cube")
        if self.max_cube is not None and (
            isinstance(self.max_cube, bool)
            or not isinstance(self.max_cube, int)
            or self.max_cube < 2
            or not _is_power_of_two(self.max_cube)
        ):
            raise ValueError("max_cube must be a power of two of at least 2, or None")
        if self.jacoby and not self.is_money:
            raise ValueError("the Jacoby rule applies to money sessions only (length 0)")
        if self.holland and not (self.length and self.crawford and self.cube):
            raise ValueError("the Holland rule needs a point match with cube and Crawford rule")

    # --- the format ---------------------------------------------------------------------

    @property
    def is_point_match(self) -> bool:
        return self.length > 0

    @property
    def is_best_of(self) -> bool:
        return self.games > 0

    @property
    def is_money(self) -> bool:
        return not self.length and not self.games

    @property
    def uses_cube(self) -> bool:
        return bool(self.cube)

    @property
    def uses_crawford(self) -> bool:
        return self.is_point_match and self.uses_cube and self.crawford

    @property
    def wins_needed(self) -> int:
        """Games (best-of-N) or points (N-point match) that win; 0 for money."""
        return (self.games + 1) // 2 if self.games else self.length

    def cube_value_allowed(self, value: int) -> bool:
        """A power of two within ``max_cube`` (1 is always allowed)."""
        if not _is_power_of_two(value):
            return False
        if value == 1:
            return True
        return self.uses_cube and (self.max_cube is None or value <= self.max_cube)

    @property
    def move_rules(self) -> MoveRules:
        """The movement options (Regeln 15 and 16) for ``Position.legal_plays``."""
        return _move_rules(self.last_checker_larger_die, self.no_hit_and_continue_home)

    # --- persistence --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        # Every field is a plain value: what ``asdict`` gives, without its deep copies (it
        # is saved with the game after every online action).
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        data["start"] = str(self.start)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchRules:
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown match rule settings: {sorted(unknown)}")
        return cls(**data)


@cache
def _move_rules(last_checker_larger_die: bool, no_hit_and_continue_home: bool) -> MoveRules:
    # Asked for on every roll; there are four of them.
    return MoveRules(
        last_checker_larger_die=last_checker_larger_die,
        no_hit_and_continue_home=no_hit_and_continue_home,
    )
