"""The online game as it is saved in ``OnlineGame.state`` after every action.

It is the engine's game snapshot (``Game.to_dict``) plus what only the board knows: the steps
of the turn being played (not yet confirmed), the result of the game before (to show it),
whether the match is over, the clock (:mod:`play.clock`), the game as it was before
the last confirmed play (for the director's take-back) and the director's last notice to the
players. Pure: no Django here.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from backgammon import Game, GamePhase, MatchRules, Position
from backgammon.turn import Board, Step, Turn

from .clock import Clock

__all__ = ["FORMAT", "OnlineState"]

#: 2: ``before_play`` is saved as what differs from ``game`` (format 1 saved it whole).
FORMAT = 2


def _before_play_saved(before: dict[str, Any] | None, game: dict[str, Any]) -> Any:
    """The game before the last play, saved as what differs from the game now (the record
    as the number of its actions then): the two share nearly everything, and the state is
    saved after every action."""
    if before is None or before.get("number") != game["number"]:
        return before
    record = before["record"]
    if game["record"][: len(record)] != record:
        return before
    changed = {key: value for key, value in before.items() if game.get(key) != value}
    changed.pop("record", None)
    return {"record_length": len(record), "changed": changed}


def _before_play_loaded(saved: Any, game: dict[str, Any]) -> dict[str, Any] | None:
    if saved is None or "record_length" not in saved:
        return saved  # none, or saved whole (format 1)
    return {**game, **saved["changed"], "record": game["record"][: saved["record_length"]]}


#: Turns read from the row (not from a board's copy, which keeps its own turn): the few
#: actions of one turn made on the row share it. The last ones worked out, oldest first.
_TURNS_KEPT = 64
_turns: dict[tuple[Position, tuple[int, int], MatchRules], Turn] = {}
_turns_lock = threading.Lock()


def _turn(game: Game) -> Turn:
    """The turn of the game's position and dice, built from the game's legal plays (which
    the game keeps to check the play against)."""
    assert game.dice is not None
    key = (game.position, game.dice, game.rules)
    turn = _turns.get(key)
    if turn is None:
        turn = Turn(game.position, game.dice, rules=game.rules.move_rules, plays=game.legal_plays())
        with _turns_lock:
            _turns[key] = turn
            while len(_turns) > _TURNS_KEPT:
                del _turns[next(iter(_turns))]
    return turn


@dataclass
class OnlineState:
    game: Game
    pending: list[Step] = field(default_factory=list)
    previous: dict[str, Any] | None = None
    match_over: bool = False
    #: The players' names when the game started (the board shows them without a query).
    names: tuple[str, str] = ("", "")
    clock: Clock | None = None
    #: ``Game.to_dict()`` just before the last confirmed play of the game in progress.
    before_play: dict[str, Any] | None = None
    #: The director's last action, shown on both boards: ``{"kind", "reason", ...}``.
    notice: dict[str, Any] | None = None
    #: The side that lost the match on time.
    time_forfeit: int | None = None
    #: The secret seed of the match's dice (:mod:`backgammon.fairdice`): never sent to a
    #: board; shown once the match is over. ``None`` in games saved before seeds existed.
    dice_seed: str | None = None
    #: The SHA-256 of the seed, kept from the start: the boards show it before the first roll.
    dice_commitment: str | None = None
    #: The turn being played, with what it was worked out for (see :meth:`turn`).
    _current_turn: tuple[tuple[Position, tuple[int, int], MatchRules], Turn] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @classmethod
    def load(cls, data: dict[str, Any]) -> OnlineState:
        names = data.get("names") or ("", "")
        return cls(
            game=Game.from_dict(data["game"]),
            pending=[(int(a), int(b)) for a, b in data.get("pending", [])],
            previous=data.get("previous"),
            match_over=bool(data.get("match_over", False)),
            names=(str(names[0]), str(names[1])),
            clock=Clock.load(data["clock"]) if data.get("clock") else None,
            before_play=_before_play_loaded(data.get("before_play"), data["game"]),
            notice=data.get("notice"),
            time_forfeit=data.get("time_forfeit"),
            dice_seed=data.get("dice_seed"),
            dice_commitment=data.get("dice_commitment"),
        )

    def dump(self) -> dict[str, Any]:
        game = self.game.to_dict()
        return {
            "format": FORMAT,
            "game": game,
            "pending": [list(step) for step in self.pending],
            "previous": self.previous,
            "match_over": self.match_over,
            "names": list(self.names),
            "clock": self.clock.dump() if self.clock is not None else None,
            "before_play": _before_play_saved(self.before_play, game),
            "notice": self.notice,
            "time_forfeit": self.time_forfeit,
            "dice_seed": self.dice_seed,
            "dice_commitment": self.dice_commitment,
        }

    def turn(self) -> Turn | None:
        """The turn being played (the dice are out), shared by the actions of that turn made
        on this state: a board's copy of the game keeps its turn from the roll to the play,
        and lets it go with the play, not in a cache of every game's turns (a big heap makes
        every pause of Python's garbage collector longer, for every board of the process)."""
        game = self.game
        if game.phase is not GamePhase.MOVE or game.dice is None:
            return None
        key = (game.position, game.dice, game.rules)
        if self._current_turn is None or self._current_turn[0] != key:
            self._current_turn = (key, _turn(game))
        return self._current_turn[1]

    @property
    def mover(self) -> int:
        """The side whose view ``game.position`` is (side 0 before anyone is on roll)."""
        return self.game.turn if self.game.turn is not None else 0

    def board(self) -> Board:
        """What the board shows: the position with the steps of the turn made so far."""
        turn = self.turn()
        if turn is not None:
            return turn.board(self.pending)
        return Board.start(self.game.position, (1, 2))
