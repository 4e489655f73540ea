"""Points, game results and the checks a recorded result must pass.

Pure functions over plain values, so the referee form can validate a result without a
``Game``: :func:`points_for`, :func:`validate_next_result`, :func:`validate_results`,
:func:`final_score_reachable`. Errors are :class:`ResultError` with a machine-readable
``code`` and the ``field`` it concerns; the web layer translates by code.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .errors import CUBE_ABOVE_MAX, CUBE_IN_CRAWFORD_GAME, ResultError
from .kinds import WinKind
from .matchrules import MatchRules

__all__ = [
    "NON_FIELD",
    "EndedBy",
    "GameResult",
    "MatchProgress",
    "ResultError",
    "WinKind",
    "final_score_reachable",
    "match_progress",
    "points_for",
    "validate_final_score",
    "validate_next_result",
    "validate_results",
]

#: ``ResultError.field`` for errors about the result as a whole (Django's NON_FIELD_ERRORS).
NON_FIELD = "__all__"


class EndedBy(StrEnum):
    BEAROFF = "bearoff"
    DROP = "drop"
    RESIGN = "resign"
    FORFEIT = "forfeit"


def _is_power_of_two(value: int) -> bool:
    return value >= 1 and value & (value - 1) == 0


def points_for(kind: WinKind | str, cube: int, rules: MatchRules) -> int:
    """Points a game of this kind and cube value scores under ``rules``.

    Best-of-N counts every game as 1 (002); Jacoby (money only) counts gammons and
    backgammons as single while the cube is still at 1.

    >>> points_for("gammon", 2, MatchRules(length=7))
    4
    >>> points_for("backgammon", 4, MatchRules(games=3, cube=False))
    1
    """
    kind = WinKind(kind)
    if rules.is_best_of:
        return 1
    if rules.jacoby and cube == 1:
        return cube
    return kind.multiplier * cube


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game ended. ``winner`` is 0 or 1 (0 = the left column of a .mat file).

    A dropped double is kind ``single`` with ``cube`` = the stake before the refused
    double, so ``points == cube``.
    """

    winner: int
    kind: WinKind
    cube: int
    points: int
    ended_by: EndedBy

    def __post_init__(self) -> None:
        if self.winner not in (0, 1) or isinstance(self.winner, bool):
            raise ResultError("invalid_winner", "winner", f"winner must be 0 or 1: {self.winner!r}")
        try:
            object.__setattr__(self, "kind", WinKind(self.kind))
        except ValueError:
            raise ResultError("invalid_kind", "kind", f"unknown kind {self.kind!r}") from None
        try:
            object.__setattr__(self, "ended_by", EndedBy(self.ended_by))
        except ValueError:
            raise ResultError(
                "invalid_ended_by", "ended_by", f"unknown game end {self.ended_by!r}"
            ) from None
        if (
            isinstance(self.cube, bool)
            or not isinstance(self.cube, int)
            or not _is_power_of_two(self.cube)
        ):
            raise ResultError("invalid_cube", "cube", f"cube must be a power of two: {self.cube!r}")
        if isinstance(self.points, bool) or not isinstance(self.points, int) or self.points < 1:
            raise ResultError("invalid_points", "points", f"points must be >= 1: {self.points!r}")

    @classmethod
    def scored(
        cls,
        winner: int,
        kind: WinKind | str,
        cube: int,
        ended_by: EndedBy | str,
        rules: MatchRules,
    ) -> GameResult:
        """The result with its points computed by :func:`points_for`."""
        return cls(winner, WinKind(kind), cube, points_for(kind, cube, rules), EndedBy(ended_by))

    @property
    def loser(self) -> int:
        return 1 - self.winner

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "kind": str(self.kind),
            "cube": self.cube,
            "points": self.points,
            "ended_by": str(self.ended_by),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameResult:
        return cls(
            winner=data["winner"],
            kind=WinKind(data["kind"]),
            cube=data["cube"],
            points=data["points"],
            ended_by=EndedBy(data["ended_by"]),
        )


@dataclass(frozen=True, slots=True)
class MatchProgress:
    """Where a match stands after some results (derived, never stored)."""

    score: tuple[int, int]
    games_played: int
    winner: int | None
    #: The next game is the Crawford game.
    crawford_game: bool
    #: The Crawford game has been played: later games are post-Crawford.
    post_crawford: bool

    @property
    def is_over(self) -> bool:
        return self.winner is not None


def _score_winner(rules: MatchRules, score: tuple[int, int]) -> int | None:
    if rules.is_money:
        return None
    needed = rules.wins_needed
    for player in (0, 1):
        if score[player] >= needed:
            return player
    return None


def _is_crawford(rules: MatchRules, score: tuple[int, int], post_crawford: bool) -> bool:
    if not rules.uses_crawford or post_crawford:
        return False
    at_match_point = [s == rules.length - 1 for s in score]
    return at_match_point[0] != at_match_point[1]


def match_progress(
    rules: MatchRules, results: Iterable[GameResult], start: tuple[int, int] = (0, 0)
) -> MatchProgress:
    """Score, winner and Crawford state after ``results`` (not validated), from ``start``:
    the score of a match resumed from a saved score (its earlier games unknown; as gnubg
    reads one, the first game at one point from the end for one side only is the Crawford
    game)."""
    score = [start[0], start[1]]
    games = 0
    post_crawford = False
    for result in results:
        if _is_crawford(rules, (score[0], score[1]), post_crawford):
            post_crawford = True
        score[result.winner] += 1 if rules.is_best_of else result.points
        games += 1
    final = (score[0], score[1])
    return MatchProgress(
        score=final,
        games_played=games,
        winner=_score_winner(rules, final),
        crawford_game=_score_winner(rules, final) is None
        and _is_crawford(rules, final, post_crawford),
        post_crawford=post_crawford,
    )


def _check_cube(rules: MatchRules, progress: MatchProgress, result: GameResult, game: int) -> None:
    dropped = result.ended_by is EndedBy.DROP
    for used, field in ((result.cube > 1, "cube"), (dropped, "ended_by")):
        if not used:
            continue
        if rules.is_best_of:
            raise ResultError(
                "cube_in_best_of", field, "best-of-N games are played without cube", game=game
            )
        if not rules.uses_cube:
            raise ResultError("cube_disabled", field, "the cube is not used", game=game)
        if progress.crawford_game:
            raise ResultError(
                CUBE_IN_CRAWFORD_GAME, field, "no doubling in the Crawford game", game=game
            )
    if not rules.cube_value_allowed(result.cube):
        raise ResultError(
            CUBE_ABOVE_MAX, "cube", f"cube {result.cube} above {rules.max_cube}", game=game
        )
    if dropped:
        if result.kind is not WinKind.SINGLE:
            raise ResultError(
                "drop_not_single", "kind", "a dropped double ends the game single", game=game
            )
        if not rules.cube_value_allowed(result.cube * 2):
            raise ResultError(
                CUBE_ABOVE_MAX,
                "cube",
                f"no double beyond {rules.max_cube} could have been dropped",
                game=game,
            )


def validate_next_result(
    rules: MatchRules,
    previous: Sequence[GameResult],
    result: GameResult,
    start: tuple[int, int] = (0, 0),
) -> MatchProgress:
    """Check ``result`` as the next game after ``previous``; return the progress after it.

    Error codes: ``match_over``, ``cube_in_best_of``, ``cube_disabled``,
    ``cube_in_crawford_game``, ``cube_above_max``, ``drop_not_single``, ``points_mismatch``
    (and from :class:`GameResult` itself ``invalid_winner``, ``invalid_kind``,
    ``invalid_ended_by``, ``invalid_cube``, ``invalid_points``).
    """
    return _validate_next(rules, match_progress(rules, previous, start), result)


def _validate_next(rules: MatchRules, progress: MatchProgress, result: GameResult) -> MatchProgress:
    game = progress.games_played + 1
    if progress.is_over:
        raise ResultError("match_over", NON_FIELD, "the match is already over", game=game)
    _check_cube(rules, progress, result, game)
    expected = points_for(result.kind, result.cube, rules)
    if result.points != expected:
        raise ResultError(
            "points_mismatch",
            "points",
            f"{result.kind} with cube {result.cube} scores {expected}, not {result.points}",
            game=game,
        )
    score = list(progress.score)
    score[result.winner] += result.points
    final = (score[0], score[1])
    post_crawford = progress.post_crawford or progress.crawford_game
    winner = _score_winner(rules, final)
    return MatchProgress(
        score=final,
        games_played=game,
        winner=winner,
        crawford_game=winner is None and _is_crawford(rules, final, post_crawford),
        post_crawford=post_crawford,
    )


def validate_results(
    rules: MatchRules, results: Iterable[GameResult], start: tuple[int, int] = (0, 0)
) -> MatchProgress:
    """Check every result in order (see :func:`validate_next_result`)."""
    progress = match_progress(rules, (), start)
    for result in results:
        progress = _validate_next(rules, progress, result)
    return progress


def _game_points(rules: MatchRules, forced_crawford: bool) -> Iterable[int]:
    """Points one game can score, ascending, unbounded when the cube is unlimited."""
    if rules.is_best_of:
        yield 1
        return
    cube = 1
    while True:
        yield from (cube, 2 * cube, 3 * cube)
        cube *= 2
        if forced_crawford or not rules.cube_value_allowed(cube):
            return


def final_score_reachable(rules: MatchRules, score: tuple[int, int]) -> bool:
    """Whether ``score`` can be the final score of a finished match in this format.

    >>> final_score_reachable(MatchRules(length=7), (7, 4))
    True
    >>> final_score_reachable(MatchRules(length=7), (8, 4))
    True
    >>> final_score_reachable(MatchRules(length=7), (7, 7))
    False
    >>> final_score_reachable(MatchRules(games=3), (3, 1))
    False
    """
    if len(score) != 2 or any(isinstance(s, bool) or not isinstance(s, int) for s in score):
        return False
    if min(score) < 0:
        return False
    if rules.is_money:
        return True
    winner = _score_winner(rules, score)
    if winner is None:
        return False
    needed = rules.wins_needed
    won, lost = score[winner], score[1 - winner]
    if lost >= needed:
        return False
    if rules.is_best_of:
        return won == needed
    for before in range(needed):
        # At (N-1, 0) or (0, N-1) the game is necessarily the Crawford game: nobody can
        # have won an earlier one there, so no cube was turned.
        at_match_point = (before == needed - 1, lost == needed - 1)
        forced = (
            rules.uses_crawford
            and needed > 1
            and at_match_point[0] != at_match_point[1]
            and (before == 0 or lost == 0)
        )
        gain = won - before
        for points in _game_points(rules, forced):
            if points == gain:
                return True
            if points > gain:
                break
    return False


def validate_final_score(rules: MatchRules, score: tuple[int, int]) -> None:
    """Raise ``ResultError("score_unreachable", "score")`` for an impossible final score."""
    if not final_score_reachable(rules, score):
        raise ResultError("score_unreachable", "score", f"{score} cannot end this match")
