"""The state of a match: results so far, score, Crawford, who starts the next game.

Everything is derived from the rules and the recorded results (nothing else is stored), so a
``MatchState`` rebuilt from the database rows of its games is the same match.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .dice import DiceSource
from .game import Game
from .matchid import GameState, MatchIdFields
from .matchrules import MatchRules, StartRule
from .scoring import (
    NON_FIELD,
    GameResult,
    MatchProgress,
    ResultError,
    validate_next_result,
    validate_results,
)

__all__ = ["MatchState"]


class MatchState:
    """A match in either format: ``MatchState(MatchRules(length=7))``.

    >>> state = MatchState(MatchRules(length=3))
    >>> state.record(GameResult(0, "gammon", 1, 2, "bearoff"))
    >>> state.score, state.is_crawford_game, state.is_over
    ((2, 0), True, False)
    """

    def __init__(
        self,
        rules: MatchRules,
        results: Iterable[GameResult] = (),
        *,
        start: tuple[int, int] = (0, 0),
    ) -> None:
        """``start``: the score the match was resumed from (a saved match; its earlier
        games are not known), each side below the points needed."""
        if min(start) < 0 or (rules.is_point_match and max(start) >= rules.wins_needed):
            raise ValueError(f"a match cannot be resumed at {start[0]}-{start[1]}")
        if start != (0, 0) and not rules.is_point_match:
            raise ValueError("only an N-point match is resumed from a score")
        self.rules = rules
        self.start = start
        self._results: list[GameResult] = []
        self._progress: MatchProgress = validate_results(rules, (), start)
        results = tuple(results)
        if results:
            self._progress = validate_results(rules, results, start)
            self._results = list(results)

    # --- reading ------------------------------------------------------------------------

    @property
    def results(self) -> tuple[GameResult, ...]:
        return tuple(self._results)

    @property
    def progress(self) -> MatchProgress:
        return self._progress

    @property
    def score(self) -> tuple[int, int]:
        """Points (games in best-of-N) of player 0 and player 1."""
        return self._progress.score

    @property
    def games_played(self) -> int:
        return self._progress.games_played

    @property
    def is_over(self) -> bool:
        return self._progress.is_over

    @property
    def winner(self) -> int | None:
        return self._progress.winner

    @property
    def is_crawford_game(self) -> bool:
        """The next game is the Crawford game (no doubling)."""
        return self._progress.crawford_game

    @property
    def is_post_crawford(self) -> bool:
        """The Crawford game has been played (Holland rule territory)."""
        return self._progress.post_crawford

    def away(self) -> tuple[int, int] | None:
        """Points each side still needs (N-point matches), e.g. ``(2, 5)`` for 2-away 5-away."""
        if not self.rules.is_point_match:
            return None
        return tuple(max(0, self.rules.length - s) for s in self.score)  # type: ignore[return-value]

    def next_starter(self) -> int | None:
        """Who starts the next game without an opening roll, or ``None`` to roll for it."""
        if not self._results or self.rules.start is StartRule.OPENING_ROLL:
            return None
        if self.rules.start is StartRule.WINNER_STARTS:
            return self._results[-1].winner
        # StartRule.LOSER_STARTS_SECOND: only game 2 starts without an opening roll.
        return self._results[0].loser if len(self._results) == 1 else None

    # --- changing -----------------------------------------------------------------------

    def record(self, result: GameResult) -> None:
        """Add the next game's result; ``ResultError`` (nothing changes) when not allowed."""
        self._progress = validate_next_result(self.rules, self._results, result, self.start)
        self._results.append(result)

    def new_game(self, *, rng: DiceSource | None = None) -> Game:
        """The next game, set up with this match's rules, score and Crawford state.

        ``rng`` provides the dice (``random.Random``, ``secrets.SystemRandom()``,
        :class:`~backgammon.dice.FixedDice`); without it every roll must be given.
        """
        if self.is_over:
            raise ResultError("match_over", NON_FIELD, "the match is over")
        return Game(
            self.rules,
            rng=rng,
            number=self.games_played + 1,
            score=self.score,
            crawford=self.is_crawford_game,
            post_crawford=self.is_post_crawford,
            starter=self.next_starter(),
        )

    # --- exchange -----------------------------------------------------------------------

    def match_id(self, game: Game | None = None) -> str:
        """The GNU Backgammon Match ID of the match, during ``game`` when given."""
        if game is not None:
            return game.match_id()
        starter = self.next_starter()
        return MatchIdFields(
            length=self.rules.length,
            score=self._id_score(),
            player_on_roll=starter or 0,
            crawford=self.is_crawford_game,
            state=GameState.OVER if self.is_over else GameState.NONE,
            jacoby=self.rules.jacoby,
        ).encode()

    def _id_score(self) -> tuple[int, int]:
        # Like gnubg, an overshoot is written as it is (8-4 in a 7-point match); only the
        # 15 bits of the key limit it.
        return (min(self.score[0], 0x7FFF), min(self.score[1], 0x7FFF))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rules": self.rules.to_dict(),
            "results": [result.to_dict() for result in self._results],
        }
        if self.start != (0, 0):
            data["start"] = list(self.start)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchState:
        start = data.get("start") or (0, 0)
        return cls(
            MatchRules.from_dict(data["rules"]),
            [GameResult.from_dict(item) for item in data["results"]],
            start=(int(start[0]), int(start[1])),
        )

    def __repr__(self) -> str:
        return f"MatchState({self.rules!r}, score={self.score})"
