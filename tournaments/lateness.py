"""The late rule of a tournament, pure (no Django): what a player who is not at the table in
time loses.

A player not at the table ``grace`` minutes after the call loses ``points`` for every begun
``every`` minutes past the grace, and forfeits the match once he is more than
``forfeit_after`` minutes late. The points go to the opponent's starting score; in a match of
games they are games. A penalty never ends the match: it leaves the opponent at least one
point (or game) short of the target, and says when it was cut to that.

>>> rule = LateRule(grace=10, points=1, every=5, forfeit_after=30)
>>> late_penalty(rule, timedelta(minutes=12), room=6)
LatePenalty(minutes_late=12, points=1, forfeit=False, capped=False)
>>> late_penalty(rule, timedelta(minutes=21), room=2)
LatePenalty(minutes_late=21, points=2, forfeit=False, capped=True)
>>> late_penalty(rule, timedelta(minutes=31), room=6).forfeit
True
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

__all__ = [
    "LatePenalty",
    "LateRule",
    "LateRuleError",
    "check_penalty",
    "late_penalty",
    "penalty_room",
]

_MINUTE = timedelta(minutes=1)


class LateRuleError(ValueError):
    """A late rule or a penalty the rule does not allow; ``code`` says which."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class LateRule:
    """N minutes of grace, P points per begun M minutes after it, forfeit after K minutes."""

    grace: int
    points: int
    every: int
    forfeit_after: int

    def __post_init__(self) -> None:
        for name in ("grace", "points", "every", "forfeit_after"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise LateRuleError("not_a_count", f"{name} must be a whole number >= 0")
        if self.points < 1 or self.every < 1:
            raise LateRuleError("at_least_one", "points and every must be at least 1")
        if self.forfeit_after <= self.grace:
            raise LateRuleError("forfeit_within_grace", "the forfeit must come after the grace")


@dataclass(frozen=True, slots=True)
class LatePenalty:
    """What the rule proposes for one late player."""

    #: Whole minutes late (rounded down).
    minutes_late: int
    #: Points (games, in a match of games) the opponent starts with; 0: none.
    points: int
    #: More than the rule's forfeit time late: the opponent wins the match.
    forfeit: bool
    #: The rule asked for more than the match allows; ``points`` is cut to what it allows.
    capped: bool


def penalty_room(wins_needed: int, opponent_score: int) -> int:
    """The most a penalty may give an opponent at ``opponent_score`` in a match won at
    ``wins_needed``: one short of the target (0 when he is already one short)."""
    return max(0, wins_needed - 1 - opponent_score)


def late_penalty(rule: LateRule, late: timedelta, *, room: int) -> LatePenalty:
    """The penalty for a player ``late`` after the call, the opponent having ``room`` points
    (:func:`penalty_room`) before a penalty would end the match."""
    late = max(late, timedelta(0))
    minutes = late // _MINUTE
    if late > rule.forfeit_after * _MINUTE:
        return LatePenalty(minutes, 0, forfeit=True, capped=False)
    past_grace = late - rule.grace * _MINUTE
    if past_grace <= timedelta(0):
        return LatePenalty(minutes, 0, forfeit=False, capped=False)
    periods = -(-past_grace // (rule.every * _MINUTE))  # begun periods: rounded up
    points = rule.points * periods
    room = max(room, 0)
    return LatePenalty(minutes, min(points, room), forfeit=False, capped=points > room)


def check_penalty(points: int, room: int) -> None:
    """Refuse a penalty a director typed that is not a whole number of at least one, or that
    would end the match (more than ``room``)."""
    if isinstance(points, bool) or not isinstance(points, int) or points < 1:
        raise LateRuleError("not_a_penalty", f"a penalty is a whole number >= 1, not {points!r}")
    if points > room:
        raise LateRuleError("penalty_too_large", f"a penalty of {points} exceeds {room}")
