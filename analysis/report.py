"""What GNU Backgammon said about a match, read from the JSON its job script writes.

Pure code (no Django): :func:`parse_report` turns the result of
``analysis/gnubg_script/analyse.py`` into :class:`Report` with one :class:`PlayerFigures`
per side (side 0 is gnubg's ``X``, the left column of the .mat file) and the chequer plays
that lost equity. gnubg's definitions, checked against its printed statistics table:

- chequer decisions are the unforced moves, cube decisions the "close or actual" ones;
- the chequer error is the statistics' ``error-skill`` (a total, in EMG); the cube error is
  the sum of the per-type ``err-*-skill`` fields (the cube ``error-skill`` is a rate);
- the error rate in mEMG is 1000 × total error ÷ decisions;
- the rating words follow gnubg's thresholds on the error per decision.

>>> words_for_rate(0.0041)
'World class'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "MARKS",
    "RATINGS",
    "ErrorFigures",
    "Mistake",
    "PlayerFigures",
    "Report",
    "ReportError",
    "parse_report",
    "rating_index",
    "words_for_rate",
]

#: gnubg's error ratings, from ``errorrating`` 0 (worst) to 7, with the upper bound of the
#: error per decision (EMG) of each.
RATINGS: tuple[tuple[str, float], ...] = (
    ("Awful!", float("inf")),
    ("Beginner", 0.035),
    ("Casual player", 0.026),
    ("Intermediate", 0.018),
    ("Advanced", 0.012),
    ("Expert", 0.008),
    ("World class", 0.005),
    ("Supernatural", 0.002),
)


class ReportError(ValueError):
    """gnubg's output is not what the job script writes."""


def rating_index(rate: float) -> int:
    """gnubg's ``errorrating`` of an error per decision in EMG (0 = Awful! … 7)."""
    index = 0
    for position, (_words, bound) in enumerate(RATINGS):
        if rate < bound:
            index = position
    return index


def words_for_rate(rate: float) -> str:
    return RATINGS[rating_index(rate)][0]


class ErrorFigures:
    """The figures computed from a player's decisions and errors (EMG), shared by gnubg's
    report (:class:`PlayerFigures`) and the stored ``analysis.models.PlayerAnalysis``."""

    __slots__ = ()
    chequer_decisions: int
    cube_decisions: int
    chequer_error: float
    cube_error: float

    @property
    def decisions(self) -> int:
        return self.chequer_decisions + self.cube_decisions

    @property
    def error(self) -> float:
        return self.chequer_error + self.cube_error

    @property
    def error_rate(self) -> float | None:
        """mEMG per decision, None without decisions."""
        return 1000 * self.error / self.decisions if self.decisions else None

    @property
    def pr(self) -> float | None:
        """eXtreme Gammon's performance rating: 500 × error ÷ decisions (half the rate)."""
        return 500 * self.error / self.decisions if self.decisions else None


@dataclass(frozen=True, slots=True)
class PlayerFigures(ErrorFigures):
    """One side's figures; errors and luck in EMG (positive = equity given away)."""

    side: int
    name: str
    chequer_decisions: int
    cube_decisions: int
    chequer_error: float
    cube_error: float
    luck: float
    rating: int

    @property
    def rating_words(self) -> str:
        return RATINGS[self.rating][0]


@dataclass(frozen=True, slots=True)
class Mistake:
    """A decision that lost equity: ``index`` is the action's place in gnubg's game record."""

    game: int
    index: int
    side: int
    kind: str
    position_id: str
    dice: tuple[int, int] | None
    played: str
    best: str
    equity_lost: float
    match_id: str = ""
    #: gnubg's mark of a chequer play: "doubtful", "bad", "very bad" or "none" ("" when
    #: the job script did not record marks).
    mark: str = ""


#: The marks gnubg gives a chequer play that lost equity.
MARKS = ("none", "doubtful", "bad", "very bad")


@dataclass(frozen=True, slots=True)
class Report:
    plies: int
    games: int
    players: tuple[PlayerFigures, PlayerFigures]
    mistakes: tuple[Mistake, ...] = field(default=())


def _number(data: Mapping[str, Any], key: str, where: str) -> float:
    value = data.get(key)
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise ReportError(f"{where}: {key!r} is missing or not a number")
    return float(value)


def _player(side: int, name: str, stats: Mapping[str, Any], rating: Any) -> PlayerFigures:
    where = "XO"[side]
    try:
        moves, cube, dice = stats["moves"], stats["cube"], stats["dice"]
    except (KeyError, TypeError) as error:
        raise ReportError(f"{where}: statistics incomplete ({error})") from error
    cube_error = sum(
        _number(cube, key, where)
        for key in cube
        if key.startswith("err-") and key.endswith("-skill")
    )
    chequer_decisions = int(_number(moves, "unforced-moves", where))
    cube_decisions = int(_number(cube, "close-cube", where))
    chequer_error = _number(moves, "error-skill", where)
    decisions = chequer_decisions + cube_decisions
    rate = (chequer_error + cube_error) / decisions if decisions else 0.0
    index = rating if isinstance(rating, int) and 0 <= rating < len(RATINGS) else None
    return PlayerFigures(
        side=side,
        name=name,
        chequer_decisions=chequer_decisions,
        cube_decisions=cube_decisions,
        chequer_error=chequer_error,
        cube_error=cube_error,
        luck=_number(dice, "luck", where),
        rating=rating_index(rate) if index is None else index,
    )


#: The longest Position ID and Match ID kept (gnubg writes 14 and 12 characters).
ID_LENGTH = 20


def _mistake(data: Mapping[str, Any]) -> Mistake:
    dice = data.get("dice") or None
    mistake = Mistake(
        game=int(data["game"]),
        index=int(data["index"]),
        side=int(data["player"]),
        kind=str(data.get("kind", "chequer")),
        position_id=str(data.get("position_id", "")),
        dice=(int(dice[0]), int(dice[1])) if dice else None,
        played=str(data.get("played", "")),
        best=str(data.get("best", "")),
        equity_lost=float(data["equity_lost"]),
        match_id=str(data.get("match_id", "")),
        mark=str(data.get("mark", "")),
    )
    # Stored as they are: what the database would refuse is refused here, with the reason.
    if mistake.game < 1 or mistake.index < 0 or mistake.side not in (0, 1):
        raise ValueError(f"game {mistake.game}, action {mistake.index}, side {mistake.side}")
    if mistake.kind not in ("chequer", "cube"):
        raise ValueError(f"kind {mistake.kind!r}")
    if max(len(mistake.position_id), len(mistake.match_id)) > ID_LENGTH:
        raise ValueError(f"Position ID {mistake.position_id!r}, Match ID {mistake.match_id!r}")
    if mistake.mark and mistake.mark not in MARKS:
        raise ValueError(f"mark {mistake.mark!r}")
    if mistake.dice is not None and not all(1 <= die <= 6 for die in mistake.dice):
        raise ValueError(f"dice {mistake.dice}")
    if not math.isfinite(mistake.equity_lost) or mistake.equity_lost < 0:
        raise ValueError(f"equity lost {mistake.equity_lost}")
    return mistake


def parse_report(data: Mapping[str, Any]) -> Report:
    """The :class:`Report` of one job's JSON; :class:`ReportError` says what is wrong."""
    if not isinstance(data, Mapping) or data.get("format") != 1:
        raise ReportError("not a Crawford gnubg report (format 1)")
    stats = data.get("stats")
    names: Sequence[Any] = data.get("players") or ("", "")
    ratings = data.get("ratings") or {}
    if not isinstance(stats, Mapping) or "X" not in stats or "O" not in stats:
        raise ReportError("the report has no statistics for both sides")
    players = (
        _player(0, str(names[0]), stats["X"], ratings.get("X")),
        _player(1, str(names[1]), stats["O"], ratings.get("O")),
    )
    try:
        mistakes = tuple(_mistake(item) for item in data.get("mistakes") or ())
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise ReportError(f"a mistake is incomplete or impossible ({error})") from error
    return Report(
        plies=int(_number(data, "plies", "report")),
        games=int(_number(data, "games", "report")),
        players=players,
        mistakes=tuple(sorted(mistakes, key=lambda m: -m.equity_lost)),
    )
