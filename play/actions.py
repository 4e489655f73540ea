"""One action of a player applied to the online state through the engine (``Game`` for rolls,
the cube and resignations; :class:`~backgammon.turn.Turn` and then ``Game.play`` for checker
moves), or refused with a translated message; and the clock handed on after it. Saving it is
the caller's: on the locked row (:mod:`play.services`) or on a board's copy
(:mod:`play.live_copy`).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from backgammon import Game, GamePhase, IllegalActionError, MoveError, WinKind
from backgammon.errors import CUBE_ABOVE_MAX, CUBE_IN_CRAWFORD_GAME
from backgammon.fairdice import roll_number
from config.errors import UserError

from .dice import dice_for
from .protocol import as_step, as_steps
from .state import OnlineState

__all__ = ["apply_action", "refuse", "roll_with_dice", "run_clock", "stale_refusal"]


def _engine_message(error: IllegalActionError, game: Game) -> str:
    code = error.code
    if code == "not_your_turn":
        return _("It is not your turn.")
    if code == CUBE_IN_CRAWFORD_GAME:
        return _("This is the Crawford game: nobody may double in it.")
    if code == "cube_not_owned":
        return _("Only the player who owns the cube may double.")
    if code == CUBE_ABOVE_MAX:
        return _("The cube may not go above %(max)s in this tournament.") % {
            "max": game.rules.max_cube
        }
    if code == "holland":
        return _(
            "Holland rule: after the Crawford game the trailer may double only after both "
            "players have rolled twice."
        )
    if code == "cube_in_best_of":
        return _("Best-of-N matches are played without the doubling cube.")
    if code == "cube_disabled":
        return _("This tournament plays without the doubling cube.")
    return _("That is not possible at this moment of the game.")


def refuse(message: str, code: str) -> UserError:
    return UserError(message, code=code)


def stale_refusal() -> UserError:
    """An action made on a state older than the game's."""
    return refuse(
        _("The game moved on before your action arrived. Here is the current position."),
        "stale",
    )


def roll_with_dice(game: Game, match_id: int, *, side: int | None, seed: str | None) -> None:
    """Roll with the match's committed dice: the roll's number is how many rolls the game's
    record holds, which a director's take-back rewinds with the play it takes back (so the
    roll after it is the one it replaces, dice and all)."""
    game.rng = dice_for(
        seed=seed, match_id=match_id, game_number=game.number, roll=roll_number(game.record)
    )
    if game.phase is GamePhase.OPENING:
        game.roll()
    else:
        game.roll(player=side)


def run_clock(state: OnlineState, *, now: int, before: tuple[int | None, int]) -> None:
    """After an action: the clock runs for whoever must act now. ``before`` is (side to act,
    game number) before the action: a new side or a new game starts a new delay."""
    if state.clock is None:
        return
    game = state.game
    if state.match_over:
        state.clock.stop(now=now)
        return
    side = game.side_to_act
    fresh = (side, game.number) != before
    state.clock.hand_to(side, now=now, fresh=fresh)


def apply_action(state: OnlineState, match_id: int, side: int, action: str, payload: dict) -> None:
    game = state.game
    if action in ("move", "undo", "undo_all", "confirm", "play"):
        _checker_action(state, side, action, payload)
        return
    try:
        if action == "roll":
            if game.phase is GamePhase.OPENING or game.side_to_act != side:
                raise IllegalActionError("not your roll", code="not_your_turn")
            roll_with_dice(game, match_id, side=side, seed=state.dice_seed)
            state.pending = []
        elif action == "double":
            game.double(player=side)
        elif action == "take":
            game.take(player=side)
        elif action == "drop":
            game.drop(player=side)
        elif action == "resign":
            kind = payload.get("kind", "single")
            if kind not in [str(k) for k in WinKind] or (
                game.rules.is_best_of and kind != WinKind.SINGLE
            ):
                raise refuse(_("Choose single game, gammon or backgammon."), "kind")
            game.resign(kind, player=side)
        elif action == "accept":
            game.accept_resignation(player=side)
        elif action == "decline":
            game.decline_resignation(player=side)
        else:
            raise refuse(_("The board sent a message the server does not understand."), "unknown")
    except IllegalActionError as error:
        raise refuse(_engine_message(error, game), error.code) from error


def _checker_action(state: OnlineState, side: int, action: str, payload: dict) -> None:
    game = state.game
    turn = state.turn()
    if turn is None:
        raise refuse(_("Roll the dice first."), "wrong_phase")
    if game.turn != side:
        raise refuse(_("It is not your turn."), "not_your_turn")
    try:
        if action == "move" and "steps" in payload:  # one checker dragged several steps
            steps = [*state.pending, *as_steps(payload.get("steps"))]
        elif action == "move":
            steps = [*state.pending, as_step(payload.get("from"), payload.get("to"))]
        elif action == "play":
            steps = as_steps(payload.get("steps"))
        else:
            steps = list(state.pending)
    except ValueError as error:
        raise refuse(_("That move is not readable."), "malformed") from error
    if action in ("undo", "undo_all"):
        if not state.pending:
            raise refuse(_("There is no move to take back."), "nothing_to_undo")
        state.pending = state.pending[:-1] if action == "undo" else []
        return
    if not turn.allows(steps):
        raise refuse(_("That checker cannot move there with these dice."), "illegal_move")
    if action == "move":
        state.pending = steps
        return
    play = turn.complete_play(steps)
    if play is None:
        raise refuse(
            _("Play as many dice as the rules allow before you confirm."), "incomplete_play"
        )
    before_play = game.to_dict()
    try:
        game.play(play, player=side)
    except MoveError as error:  # cannot happen for a play of the turn; refuse all the same
        raise refuse(_("That checker cannot move there with these dice."), "illegal") from error
    state.pending = []
    state.before_play = before_play
