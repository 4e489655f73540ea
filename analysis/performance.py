"""PR, as players speak of it: eXtreme Gammon's performance rating, 500 × the equity lost ÷
the decisions, computed here from gnubg's analysis at its level. Pure code (no Django).

The equity lost is the sum of the stored per-decision losses (each chequer play and cube
decision that lost equity, in EMG); the decisions are gnubg's (unforced chequer plays and
close or actual cube decisions), so PR is half gnubg's error rate in mEMG. XG counts its
decisions a little differently and analyses with its own engine: a PR from gnubg is
comparable with another at the same level, and with XG's only roughly.

>>> performance_rating(0.5, 100)
2.5
>>> bmab_band(3.9)
'grand_master'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

__all__ = [
    "BMAB_BANDS",
    "CUBE_ERROR_KINDS",
    "MARKS",
    "Performance",
    "bmab_band",
    "combined",
    "cube_error_kind",
    "performance",
    "performance_rating",
]

#: The BMAB's titles by the PR of a large number of verified matches analysed by XG, best
#: first (upper bound, inclusive). Shown beside a gnubg PR as an indication only.
BMAB_BANDS: tuple[tuple[str, float], ...] = (
    ("super_grand_master", 2.5),
    ("grand_master", 4.0),
    ("master", 6.5),
    ("advanced", 10.0),
    ("intermediate", 16.0),
)

#: gnubg's marks of a chequer play, mildest first.
MARKS = ("doubtful", "bad", "very bad")

#: The kinds of cube error, by the action made (the job script's codes).
CUBE_ERROR_KINDS = {
    "no-double": "missed_double",
    "double": "wrong_double",
    "take": "wrong_take",
    "pass": "wrong_pass",
}


#: How far the sum of the stored losses may be from gnubg's total (its float arithmetic).
_TOLERANCE = 1e-4


class MistakeLike(Protocol):
    side: int
    kind: str
    equity_lost: float
    mark: str
    played: str


def performance_rating(equity_lost: float, decisions: int) -> float | None:
    """500 × equity lost (EMG) ÷ decisions; ``None`` without decisions."""
    return 500 * equity_lost / decisions if decisions else None


def bmab_band(pr: float | None) -> str | None:
    """The BMAB title whose PR bound the figure is within; ``None`` above them all."""
    if pr is None:
        return None
    return next((band for band, bound in BMAB_BANDS if pr <= bound), None)


def cube_error_kind(played: str) -> str | None:
    return CUBE_ERROR_KINDS.get(played)


@dataclass(frozen=True)
class Performance:
    """One player's figures in one analysis (or summed over several at one level)."""

    plies: int
    chequer_decisions: int
    cube_decisions: int
    chequer_lost: float
    cube_lost: float
    marks: dict[str, int] = field(default_factory=dict)
    cube_errors: dict[str, int] = field(default_factory=dict)
    #: False for analyses stored before gnubg's marks were recorded.
    marks_known: bool = True

    @property
    def decisions(self) -> int:
        return self.chequer_decisions + self.cube_decisions

    @property
    def equity_lost(self) -> float:
        return self.chequer_lost + self.cube_lost

    @property
    def pr(self) -> float | None:
        return performance_rating(self.equity_lost, self.decisions)

    @property
    def band(self) -> str | None:
        return bmab_band(self.pr)

    @property
    def doubtful(self) -> int:
        return self.marks.get("doubtful", 0)

    @property
    def bad(self) -> int:
        return self.marks.get("bad", 0)

    @property
    def very_bad(self) -> int:
        return self.marks.get("very bad", 0)

    @property
    def error_rate(self) -> float | None:
        """gnubg's error rate (mEMG per decision) from the same losses."""
        return 1000 * self.equity_lost / self.decisions if self.decisions else None

    @property
    def chequer_rate(self) -> float | None:
        d = self.chequer_decisions
        return 1000 * self.chequer_lost / d if d else None

    @property
    def cube_rate(self) -> float | None:
        d = self.cube_decisions
        return 1000 * self.cube_lost / d if d else None


def performance(
    *,
    side: int,
    plies: int,
    chequer_decisions: int,
    cube_decisions: int,
    mistakes: Iterable[MistakeLike],
    totals: tuple[float, float] | None = None,
) -> Performance:
    """The figures of ``side`` from its decision counts and the analysis's mistakes.

    ``totals``: gnubg's chequer and cube error totals of the same analysis. An analysis
    stored before every decision was recorded (older ones have no cube decisions) has
    losses that fall short of them: its totals are used instead, so that the PR is never
    other than half the error rate shown beside it."""
    chequer_lost = cube_lost = 0.0
    marks = dict.fromkeys(MARKS, 0)
    cube_errors = dict.fromkeys(CUBE_ERROR_KINDS.values(), 0)
    marks_known = True
    for mistake in mistakes:
        if mistake.side != side:
            continue
        if mistake.kind == "cube":
            cube_lost += mistake.equity_lost
            kind = cube_error_kind(mistake.played)
            if kind is not None:
                cube_errors[kind] += 1
            continue
        chequer_lost += mistake.equity_lost
        if not mistake.mark:
            marks_known = False
        elif mistake.mark in marks:
            marks[mistake.mark] += 1
    if totals is not None:
        if abs(totals[0] - chequer_lost) > _TOLERANCE:
            chequer_lost = totals[0]
        if abs(totals[1] - cube_lost) > _TOLERANCE:
            cube_lost = totals[1]
    return Performance(
        plies=plies,
        chequer_decisions=chequer_decisions,
        cube_decisions=cube_decisions,
        chequer_lost=chequer_lost,
        cube_lost=cube_lost,
        marks=marks,
        cube_errors=cube_errors,
        marks_known=marks_known,
    )


def combined(performances: Iterable[Performance]) -> Performance | None:
    """The figures of several analyses at one level together (``None`` for none): the
    losses and decisions summed, so the PR is over all their decisions."""
    items = list(performances)
    if not items:
        return None
    if len({item.plies for item in items}) != 1:
        raise ValueError("figures of different levels are never combined")

    def added(name: str) -> dict[str, int]:
        total: dict[str, int] = {}
        for item in items:
            for key, value in getattr(item, name).items():
                total[key] = total.get(key, 0) + value
        return total

    return Performance(
        plies=items[0].plies,
        chequer_decisions=sum(item.chequer_decisions for item in items),
        cube_decisions=sum(item.cube_decisions for item in items),
        chequer_lost=sum(item.chequer_lost for item in items),
        cube_lost=sum(item.cube_lost for item in items),
        marks=added("marks"),
        cube_errors=added("cube_errors"),
        marks_known=all(item.marks_known for item in items),
    )
