"""A game's state as plain data: the JSON-able snapshot and the GNU Backgammon Match ID.

The online board saves :func:`to_dict` after every action and resumes with
``Game.from_dict`` after a restart; the snapshot holds everything but the dice source.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .gamephase import GamePhase
from .gamerecord import GameAction
from .matchid import GameState, MatchIdFields
from .position import Position
from .scoring import EndedBy, GameResult, WinKind

if TYPE_CHECKING:
    from .game import Game

__all__ = ["match_id", "restore", "to_dict"]


def match_id(game: Game) -> str:
    """The Match ID of ``game`` at this moment (``Game.match_id``)."""
    state = {
        GamePhase.OPENING: GameState.NONE,
        GamePhase.RESIGNED: GameState.RESIGNED,
    }.get(game.phase, GameState.PLAYING)
    if game.result is not None:
        state = GameState.DROPPED if game.result.ended_by is EndedBy.DROP else GameState.OVER
    resigned = 0
    if game.phase is GamePhase.RESIGNED and game.resignation is not None:
        resigned = game.resignation[1].multiplier
    on_roll = game.turn if game.turn is not None else 0
    side = game.side_to_act
    return MatchIdFields(
        length=game.rules.length,
        score=(min(game.score[0], 0x7FFF), min(game.score[1], 0x7FFF)),
        cube=game.cube,
        cube_owner=game.cube_owner,
        player_on_roll=on_roll,
        turn=side if side is not None else on_roll,
        crawford=game.crawford,
        state=state,
        doubled=game.phase is GamePhase.DOUBLED,
        resigned=resigned,
        dice=game.dice if game.phase is GamePhase.MOVE and game.dice else (0, 0),
        jacoby=game.rules.jacoby,
    ).encode()


def _pair(value: Any) -> tuple[int, int] | None:
    return (int(value[0]), int(value[1])) if value else None


def to_dict(game: Game) -> dict[str, Any]:
    return {
        "rules": game.rules.to_dict(),
        "number": game.number,
        "score": list(game.score),
        "crawford": game.crawford,
        "post_crawford": game.post_crawford,
        "starter": game.starter,
        "phase": str(game.phase),
        "turn": game.turn,
        "position": game.position.position_id(),
        "dice": list(game.dice) if game.dice else None,
        "opening_dice": list(game.opening_dice) if game.opening_dice else None,
        "cube": game.cube,
        "cube_owner": game.cube_owner,
        "resignation": (
            [game.resignation[0], str(game.resignation[1])] if game.resignation else None
        ),
        "resume": str(game.resume_phase),
        "turns_played": list(game.turns_played),
        "record": [action.to_dict() for action in game.record],
        "result": game.result.to_dict() if game.result else None,
    }


def restore(game: Game, data: dict[str, Any]) -> None:
    """Set ``game`` (fresh, with the snapshot's rules) to the state saved in ``data``."""
    score = data["score"]
    game.number = int(data["number"])
    game.score = (int(score[0]), int(score[1]))
    game.crawford = bool(data["crawford"])
    game.post_crawford = bool(data["post_crawford"])
    game.starter = data["starter"]
    game.phase = GamePhase(data["phase"])
    game.turn = data["turn"]
    game.position = Position.from_position_id(data["position"])
    game.dice = _pair(data["dice"])
    game.opening_dice = _pair(data.get("opening_dice"))
    game.cube = int(data["cube"])
    game.cube_owner = data["cube_owner"]
    resignation = data["resignation"]
    game.resignation = (int(resignation[0]), WinKind(resignation[1])) if resignation else None
    game.resume_phase = GamePhase(data["resume"])
    game.turns_played = [int(n) for n in data["turns_played"]]
    game.record = [GameAction.from_dict(item) for item in data["record"]]
    game.result = GameResult.from_dict(data["result"]) if data["result"] else None
