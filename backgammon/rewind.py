"""A game as it stood some checker plays ago: what a spectator sees behind a delay.

The game is replayed from its start with the actions its record holds up to the play that
many plays back (the dice come from the record, the opening roll from the game). Pure: no
Django.
"""

from __future__ import annotations

from .game import Game
from .gamephase import GamePhase
from .gamerecord import ActionKind

__all__ = ["game_before_plays"]


def game_before_plays(game: Game, plays: int) -> Game:
    """``game`` as it stood right after the checker play ``plays`` plays before its last
    (a turn whose roll allowed no play counts as one), before anything that followed it: at
    its start, its opening roll made, when it has had no more plays than that. ``plays`` 0
    gives the game itself."""
    if plays <= 0:
        return game
    moves = [i for i, action in enumerate(game.record) if action.kind is ActionKind.MOVE]
    cut = moves[len(moves) - plays - 1] + 1 if plays < len(moves) else 0
    rewound = Game(
        game.rules,
        number=game.number,
        score=game.score,
        crawford=game.crawford,
        post_crawford=game.post_crawford,
        starter=game.starter,
    )
    for action in game.record[:cut]:
        if action.kind is ActionKind.MOVE:
            _roll(rewound, game, action.dice, action.player)
            if rewound.phase is GamePhase.MOVE:  # a roll without a play passes by itself
                rewound.play(action.play, player=action.player)
        elif action.kind is ActionKind.ROLL:
            _roll(rewound, game, action.dice, action.player)
        elif action.kind is ActionKind.DOUBLE:
            rewound.double(player=action.player)
        elif action.kind is ActionKind.TAKE:
            rewound.take(player=action.player)
    if rewound.phase is GamePhase.OPENING and game.opening_dice is not None:
        rewound.roll_opening(game.opening_dice)
    return rewound


def _roll(rewound: Game, game: Game, dice: tuple[int, int] | None, player: int) -> None:
    if rewound.phase is GamePhase.OPENING:
        rewound.roll_opening(game.opening_dice)
    else:
        rewound.roll(dice, player=player)
