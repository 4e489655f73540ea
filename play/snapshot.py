"""What the board is sent: everything it draws, from the server's state. Pure: no Django.

The board is given in player 0's numbering (``points[0]`` is player 0's 1-point; positive
counts are player 0's checkers, negative player 1's). Steps and targets are in the numbering
of the side on roll (25 = bar, 0 = off), as the engine and .mat files write them.
"""

from __future__ import annotations

import functools
from typing import Any

from backgammon import Action, GamePhase, WinKind, points_for
from backgammon.gamerecord import GameAction
from backgammon.turn import BAR, OFF, Board

from .state import OnlineState

__all__ = ["board_payload", "idle_payload", "play_text"]

RECENT = 8


def absolute(board: Board, mover: int) -> dict[str, Any]:
    """The board in player 0's numbering, signed by owner."""
    points = [0] * 24
    sign = 1 if mover == 0 else -1
    for i in range(1, 25):
        a = i if mover == 0 else 25 - i
        points[a - 1] += sign * board.mover[i] - sign * board.opponent[i]
    bar = [0, 0]
    off = [0, 0]
    bar[mover], bar[1 - mover] = board.mover[BAR], board.opponent[0]
    off[mover], off[1 - mover] = board.mover[OFF], board.opponent[BAR]
    pips = board.pip_counts()
    return {
        "points": points,
        "bar": bar,
        "off": off,
        "pips": [pips[0], pips[1]] if mover == 0 else [pips[1], pips[0]],
    }


@functools.lru_cache(maxsize=4096)
def play_text(play: str) -> str:
    """A .mat play (``25/22* 6/0``) as players write it (``bar/22* 6/off``)."""
    words = []
    for step in play.split():
        start, _, end = step.partition("/")
        hit = end.endswith("*")
        end = end.rstrip("*")
        start = "bar" if start == "25" else start
        end = "off" if end == "0" else end
        words.append(f"{start}/{end}{'*' if hit else ''}")
    return " ".join(words)


def _event(action: GameAction) -> dict[str, Any]:
    event: dict[str, Any] = {"side": action.player, "kind": str(action.kind)}
    if action.dice is not None:
        event["dice"] = list(action.dice)
    if action.play:
        event["play"] = play_text(action.play)
    if action.value:
        event["value"] = action.value
    return event


def _actions(state: OnlineState, complete: bool) -> list[list[str]]:
    game = state.game
    actions: list[list[str]] = [[], []]
    if state.match_over or game.is_over or (state.clock is not None and state.clock.paused):
        return actions
    side = game.side_to_act
    if side is not None:
        legal = game.legal_actions()
        mine = actions[side]
        if Action.ROLL in legal:
            mine.append("roll")
        if Action.DOUBLE in legal:
            mine.append("double")
        if game.phase is GamePhase.MOVE:
            mine.append("move")
            if state.pending:
                mine += ["undo", "undo_all"]
            if complete:
                mine.append("confirm")
        if game.phase is GamePhase.DOUBLED:
            mine += ["take", "drop"]
        if game.phase is GamePhase.RESIGNED:
            mine += ["accept", "decline"]
    if game.phase in (GamePhase.ROLL, GamePhase.MOVE):
        for either in actions:
            either.append("resign")
    return actions


def _resign_kinds(state: OnlineState, off: list[int]) -> list[list[str]]:
    """What each side can sensibly offer: a gammon or backgammon only while it has borne off
    nothing, and never in best-of-N (every game counts one)."""
    rules = state.game.rules
    kinds = []
    for side in (0, 1):
        if rules.is_best_of or off[side]:
            kinds.append([_KINDS[0]])
        else:
            kinds.append(list(_KINDS))
    return kinds


_KINDS = tuple(str(kind) for kind in WinKind)  # single first


def board_payload(state: OnlineState, *, now: int = 0) -> dict[str, Any]:
    """Everything a board draws; the clock as it stands at ``now`` (server milliseconds)."""
    game = state.game
    rules = game.rules
    turn = state.turn()
    board = state.board()
    shown = absolute(board, state.mover)
    complete = turn is not None and turn.complete_play(state.pending) is not None
    targets = turn.targets(state.pending) if turn is not None else {}
    paths = turn.paths(state.pending) if turn is not None else {}
    dice_left: list[int] = list(board.dice) if turn is not None else []
    resignation = None
    if game.resignation is not None:
        side, kind = game.resignation
        resignation = {
            "side": side,
            "kind": str(kind),
            "points": points_for(kind, game.cube, rules),
        }
    result = game.result.to_dict() if game.result is not None else None
    score = list(game.score)
    if state.match_over and game.result is not None:
        score[game.result.winner] += game.result.points
    return {
        "status": "over" if state.match_over else "playing",
        "names": list(state.names),
        "match": {
            "length": rules.length,
            "best_of": rules.games,
            "score": score,
            "crawford": game.crawford,
            "over": state.match_over,
            "winner": game.result.winner if state.match_over and game.result else None,
        },
        "game": {
            "number": game.number,
            "phase": str(game.phase),
            "turn": game.turn,
            "to_act": game.side_to_act,
            "dice": list(game.dice) if game.dice else None,
            "dice_left": dice_left,
            "cube": {
                "value": game.cube,
                "owner": game.cube_owner,
                "shown": rules.uses_cube and not game.crawford,
                "offered": game.phase is GamePhase.DOUBLED,
            },
            "stake": game.points_at_stake,
            "resignation": resignation,
            "result": result,
            "position_id": game.position_id(),
            "match_id": game.match_id(),
        },
        "board": shown,
        "pending": [list(step) for step in state.pending],
        "targets": {str(start): ends for start, ends in targets.items()},
        "paths": {
            str(start): {str(end): [list(step) for step in path] for end, path in ends.items()}
            for start, ends in paths.items()
        },
        "actions": _actions(state, complete),
        "resign": _resign_kinds(state, shown["off"]),
        "recent": [_event(action) for action in game.record[-RECENT:]],
        "previous": state.previous,
        "clock": state.clock.view(now) if state.clock is not None else None,
        "notice": state.notice,
        "time_forfeit": state.time_forfeit,
    }


def idle_payload(*, names: tuple[str, str], status: str, score: tuple[int, int]) -> dict[str, Any]:
    """No online game (yet): the match waits for its players, or ended another way."""
    return {"status": status, "names": list(names), "score": list(score)}
