"""One game of backgammon as a state machine: opening roll, turns, cube, resignations, end.

The side to act calls one of the actions that :meth:`Game.legal_actions` lists; anything
else raises :class:`IllegalActionError` (an :class:`IllegalMoveError`) and changes nothing.
A game serialises to a JSON-able dict after every action (:meth:`Game.to_dict`) and keeps a
move record that ``matfile`` writes out.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from . import gamestate
from .dice import DiceSource, check_dice, roll_die
from .errors import (
    CUBE_ABOVE_MAX,
    CUBE_IN_CRAWFORD_GAME,
    IllegalActionError,
    IllegalMoveError,
    MoveError,
)
from .gamephase import GamePhase
from .gamerecord import ActionKind, GameAction
from .matchrules import MatchRules
from .play import Play
from .position import Position
from .scoring import EndedBy, GameResult, WinKind, points_for

__all__ = ["Action", "Game", "GamePhase", "IllegalActionError"]


class Action(StrEnum):
    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    PLAY = "play"
    RESIGN = "resign"
    ACCEPT = "accept"
    DECLINE = "decline"


_PHASE_ACTIONS = {
    GamePhase.OPENING: (Action.ROLL,),
    GamePhase.ROLL: (Action.ROLL, Action.DOUBLE, Action.RESIGN),
    GamePhase.MOVE: (Action.PLAY, Action.RESIGN),
    GamePhase.DOUBLED: (Action.TAKE, Action.DROP),
    GamePhase.RESIGNED: (Action.ACCEPT, Action.DECLINE),
    GamePhase.OVER: (),
}


class Game:
    """A game under ``rules``; ``MatchState.new_game()`` sets the match context.

    ``number``/``score`` say which game of the match this is; ``crawford`` marks the
    Crawford game (no cube), ``post_crawford`` the games after it (Holland rule);
    ``starter`` skips the opening roll (variants of who starts later games).
    """

    def __init__(
        self,
        rules: MatchRules | None = None,
        *,
        rng: DiceSource | None = None,
        number: int = 1,
        score: tuple[int, int] = (0, 0),
        crawford: bool = False,
        post_crawford: bool = False,
        starter: int | None = None,
    ) -> None:
        if starter not in (None, 0, 1):
            raise ValueError(f"the starter is player 0 or 1 (or None to roll), not {starter!r}")
        self.rules = rules if rules is not None else MatchRules()
        self.rng = rng
        self.number = number
        self.score = (score[0], score[1])
        self.crawford = crawford
        self.post_crawford = post_crawford
        self.starter = starter
        self.position = Position.initial()
        self.turn: int | None = starter
        self.phase = GamePhase.OPENING if starter is None else GamePhase.ROLL
        self.dice: tuple[int, int] | None = None
        self.opening_dice: tuple[int, int] | None = None
        self.cube = 1
        self.cube_owner: int | None = None
        self.resignation: tuple[int, WinKind] | None = None
        self.resume_phase = GamePhase.ROLL
        self.turns_played = [0, 0]
        self.record: list[GameAction] = []
        self.result: GameResult | None = None
        # The legal plays of the last position and dice asked for (the online board asks
        # for them on the roll and checks the play against them).
        self._legal: tuple[Position, tuple[int, int], tuple[Play, ...]] | None = None

    # --- reading ------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is GamePhase.OVER

    @property
    def side_to_act(self) -> int | None:
        """Who must act now (``None`` before the opening roll and after the end)."""
        if self.phase is GamePhase.DOUBLED:
            assert self.turn is not None
            return 1 - self.turn
        if self.phase is GamePhase.RESIGNED:
            assert self.resignation is not None
            return 1 - self.resignation[0]
        if self.phase in (GamePhase.ROLL, GamePhase.MOVE):
            return self.turn
        return None

    def legal_actions(self) -> tuple[Action, ...]:
        """What the side to act may do now."""
        actions = _PHASE_ACTIONS[self.phase]
        if Action.DOUBLE in actions and self._double_refusal() is not None:
            actions = tuple(a for a in actions if a is not Action.DOUBLE)
        return actions

    def can_double(self) -> bool:
        return self.phase is GamePhase.ROLL and self._double_refusal() is None

    def legal_plays(self) -> tuple[Play, ...]:
        """Every legal play for the dice out (empty outside the move phase)."""
        if self.phase is not GamePhase.MOVE or self.dice is None:
            return ()
        known = self._legal
        if known is None or known[0] != self.position or known[1] != self.dice:
            plays = self.position.legal_plays(self.dice, rules=self.rules.move_rules)
            known = self._legal = (self.position, self.dice, plays)
        return known[2]

    def board(self, player: int) -> Position:
        """The position seen by ``player`` (0 or 1)."""
        if self.turn is None or self.turn == player:
            return self.position
        return self.position.swapped()

    @property
    def points_at_stake(self) -> int:
        return points_for(WinKind.SINGLE, self.cube, self.rules)

    # --- actions ------------------------------------------------------------------------

    def roll_opening(self, dice: tuple[int, int] | None = None) -> tuple[int, int]:
        """Each side rolls one die (``dice`` = player 0's, player 1's); ties roll again.

        The higher die starts (the lower with ``rules.lower_die_starts``) and plays both.
        Returns the deciding pair. Given dice that tie raise (roll again).
        """
        self._require(GamePhase.OPENING, None)
        if dice is not None:
            pair = check_dice(dice)
            if pair[0] == pair[1]:
                raise IllegalActionError("a tied opening roll is rolled again", code="tie")
        else:
            pair = (self._die(), self._die())
            while pair[0] == pair[1]:
                pair = (self._die(), self._die())
        high = 0 if pair[0] > pair[1] else 1
        starter = 1 - high if self.rules.lower_die_starts else high
        self.opening_dice = pair
        self._start_turn(starter, (pair[starter], pair[1 - starter]))
        return pair

    def roll(
        self, dice: tuple[int, int] | None = None, *, player: int | None = None
    ) -> tuple[int, int]:
        """Roll for the turn (``dice`` as a referee read them, else from ``rng``).

        In the opening phase this is :meth:`roll_opening`. When no checker can move, the
        turn passes at once (recorded as a roll without a play).
        """
        if self.phase is GamePhase.OPENING:
            if player is not None:
                raise IllegalActionError("the opening roll is for both sides", code="opening")
            return self.roll_opening(dice)
        self._require(GamePhase.ROLL, player)
        assert self.turn is not None
        pair = check_dice(dice) if dice is not None else (self._die(), self._die())
        self._start_turn(self.turn, pair)
        return pair

    def play(self, play: Play | str, *, player: int | None = None) -> Play:
        """Play the dice: a ``Play`` from :meth:`legal_plays` or notation (``"8/5 6/5"``).

        Notation is checked step by step when it uses every die (a replayed match file
        writes hundreds of plays), so the returned play's steps follow the text; its result
        is the one :meth:`Position.parse_play` gives. Raises :class:`InvalidMoveError` /
        :class:`IllegalMoveError` for unreadable or illegal plays, with ``game`` and
        ``move`` filled in.
        """
        self._require(GamePhase.MOVE, player)
        assert self.dice is not None and self.turn is not None
        try:
            chosen = self._choose(play)
        except MoveError as error:
            error.game, error.move = self.number, self._move_number()
            raise
        self._finish_play(chosen)
        return chosen

    def double(self, *, player: int | None = None) -> None:
        """Offer to double the stake before rolling."""
        self._require(GamePhase.ROLL, player)
        refusal = self._double_refusal()
        if refusal is not None:
            raise IllegalActionError(refusal[1], code=refusal[0])
        assert self.turn is not None
        self.record.append(GameAction(self.turn, ActionKind.DOUBLE, value=2 * self.cube))
        self.phase = GamePhase.DOUBLED

    def take(self, *, player: int | None = None) -> None:
        """Accept the double: the cube doubles and passes to the taker."""
        self._require(GamePhase.DOUBLED, player)
        assert self.turn is not None
        taker = 1 - self.turn
        self.cube *= 2
        self.cube_owner = taker
        self.record.append(GameAction(taker, ActionKind.TAKE))
        self.phase = GamePhase.ROLL

    def drop(self, *, player: int | None = None) -> GameResult:
        """Refuse the double: the doubler wins the stake before the double."""
        self._require(GamePhase.DOUBLED, player)
        assert self.turn is not None
        self.record.append(GameAction(1 - self.turn, ActionKind.DROP))
        return self._end(self.turn, WinKind.SINGLE, EndedBy.DROP)

    def resign(self, kind: WinKind | str = WinKind.SINGLE, *, player: int | None = None) -> None:
        """Offer to resign a single game, a gammon or a backgammon (000, Regel 22).

        ``player`` defaults to the side to act; either side may offer at any time the game
        is waiting for a roll or a play.
        """
        try:
            offered = WinKind(kind)
        except ValueError:
            raise IllegalActionError(f"unknown resignation {kind!r}", code="kind") from None
        if self.phase not in (GamePhase.OPENING, GamePhase.ROLL, GamePhase.MOVE):
            raise IllegalActionError(
                f"cannot resign while the game is {self.phase}", code="wrong_phase"
            )
        resigner = self.side_to_act if player is None else player
        if resigner not in (0, 1):
            raise IllegalActionError("say who resigns (player 0 or 1)", code="player")
        self.resume_phase = self.phase
        self.resignation = (resigner, offered)
        self.phase = GamePhase.RESIGNED

    def accept_resignation(self, *, player: int | None = None) -> GameResult:
        self._require(GamePhase.RESIGNED, player)
        assert self.resignation is not None
        resigner, kind = self.resignation
        if self.resume_phase is GamePhase.MOVE and self.dice is not None and self.turn is not None:
            self.record.append(GameAction(self.turn, ActionKind.ROLL, dice=self.dice))
        return self._end(1 - resigner, kind, EndedBy.RESIGN)

    def decline_resignation(self, *, player: int | None = None) -> None:
        self._require(GamePhase.RESIGNED, player)
        self.resignation = None
        self.phase = self.resume_phase

    def forfeit(self, loser: int, kind: WinKind | str = WinKind.SINGLE) -> GameResult:
        """End the game by forfeit (a referee's decision), at any time before its end."""
        if self.is_over:
            raise IllegalActionError("the game is over", code="wrong_phase")
        if loser not in (0, 1):
            raise IllegalActionError("the loser is player 0 or 1", code="player")
        return self._end(1 - loser, WinKind(kind), EndedBy.FORFEIT)

    # --- internals ----------------------------------------------------------------------

    def _die(self) -> int:
        if self.rng is None:
            raise IllegalActionError("no dice source: give the dice", code="no_dice")
        return roll_die(self.rng)

    def _move_number(self) -> int:
        return sum(1 for action in self.record if action.kind is ActionKind.MOVE) + 1

    def _require(self, phase: GamePhase, player: int | None) -> None:
        if self.phase is not phase:
            raise IllegalActionError(
                f"not possible now: the game is in phase {self.phase}, not {phase}",
                code="wrong_phase",
            )
        if player is not None and player != self.side_to_act:
            raise IllegalActionError(f"it is not player {player}'s turn", code="not_your_turn")

    def _double_refusal(self) -> tuple[str, str] | None:
        """Why the player on turn may not double now, as (code, message); None if allowed."""
        rules, turn = self.rules, self.turn
        if rules.is_best_of:
            return ("cube_in_best_of", "best-of-N games are played without cube")
        if not rules.uses_cube:
            return ("cube_disabled", "the cube is not used")
        if self.crawford:
            return (CUBE_IN_CRAWFORD_GAME, "no doubling in the Crawford game")
        if self.cube_owner is not None and self.cube_owner != turn:
            return ("cube_not_owned", "only the owner of the cube may redouble")
        if not rules.cube_value_allowed(2 * self.cube):
            return (CUBE_ABOVE_MAX, f"the cube cannot go beyond {rules.max_cube}")
        if rules.holland and self.post_crawford and self.score[0] != self.score[1]:
            trailer = 0 if self.score[0] < self.score[1] else 1
            if turn == trailer and min(self.turns_played) < 2:
                return ("holland", "Holland rule: the trailer doubles after two rolls each")
        return None

    def _choose(self, play: Play | str) -> Play:
        assert self.dice is not None
        rules = self.rules.move_rules
        if isinstance(play, str):
            return self.position._play_from_text(play, self.dice, rules)
        if not isinstance(play, Play):
            raise TypeError(f"play() takes a Play or its notation, not {type(play).__name__}")
        for legal in self.legal_plays():
            if legal._key == play._key:  # the same result
                return legal
        raise IllegalMoveError(
            f"{play.notation()!r} is not a legal play for {self.dice[0]}-{self.dice[1]}",
            notation=play.notation(),
        )

    def _start_turn(self, player: int, dice: tuple[int, int]) -> None:
        if self.turn is None:
            self.turn = player  # the opening: the board is symmetric, no swap needed
        self.dice = dice
        self.phase = GamePhase.MOVE
        rules = self.rules.move_rules
        if rules.is_standard:
            if not self.position._can_move(dice):
                self._finish_play(Play((), (), self.position))
            return
        plays = self.position.legal_plays(dice, rules=rules)
        if len(plays) == 1 and not plays[0].steps:
            self._finish_play(plays[0])

    def _finish_play(self, play: Play) -> None:
        assert self.turn is not None and self.dice is not None
        mover = self.turn
        self.record.append(
            GameAction(mover, ActionKind.MOVE, dice=self.dice, play=play.notation("mat"))
        )
        self.turns_played[mover] += 1
        after = play.result
        won = after.winner_kind()
        if won is not None:
            self.position = after
            self._end(mover, won, EndedBy.BEAROFF)
            return
        self.position = after.swapped()
        self.turn = 1 - mover
        self.dice = None
        self.phase = GamePhase.ROLL

    def _end(self, winner: int, kind: WinKind, ended_by: EndedBy) -> GameResult:
        result = GameResult.scored(winner, kind, self.cube, ended_by, self.rules)
        self.record.append(GameAction(winner, ActionKind.WIN, value=result.points))
        self.result = result
        self.resignation = None if ended_by is not EndedBy.RESIGN else self.resignation
        self.phase = GamePhase.OVER
        return result

    # --- exchange -----------------------------------------------------------------------

    def match_id(self) -> str:
        """The GNU Backgammon Match ID of this moment of the game."""
        return gamestate.match_id(self)

    def position_id(self) -> str:
        """The GNU Backgammon Position ID, seen by the player on turn."""
        return self.position.position_id()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able snapshot; :meth:`from_dict` resumes the game from it."""
        return gamestate.to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, rng: DiceSource | None = None) -> Game:
        """The game saved by :meth:`to_dict`, with ``rng`` for its further dice."""
        game = cls(MatchRules.from_dict(data["rules"]), rng=rng)
        gamestate.restore(game, data)
        return game

    def __repr__(self) -> str:
        return (
            f"Game(number={self.number}, phase={self.phase}, turn={self.turn}, "
            f"cube={self.cube}, dice={self.dice})"
        )
