"""The move-by-move record of a match file, with GNU Backgammon's IDs of every position.

:func:`match_log` replays a record and lists every action (roll and play, double, take, drop,
win) with the Position ID and Match ID before it (the position the decision was made in, as
gnubg shows it: from the side that acts, with the dice of a move) and after it. The match
page can draw any board from these IDs, and gnubg, XG and BGonline load them.

>>> from backgammon import matfile
>>> record = matfile.parse(' 1 point match\\n\\n Game 1\\n A : 0     B : 0\\n'
...                        '  1) 31: 8/5 6/5\\n      Wins 1 point\\n')
>>> first = match_log(record)[0]
>>> str(first.kind), first.dice, first.play, first.position_id, first.match_id
('move', (3, 1), '8/5 6/5', '4HPwATDgc/ABMA', 'MIElAAAAAAAE')
>>> first.position_id_after
'sGfwATDgc/ABMA'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..game import Game
from ..gamerecord import ActionKind, GameAction, MatchRecord
from ..matchid import GameState, MatchIdFields
from ..matchrules import MatchRules
from .replay import replay_record

__all__ = ["LoggedAction", "match_log"]


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """One action of a replayed match file.

    ``turn`` is the file's move number; ``play`` the play as the engine made it (gnubg's .mat
    notation: every step, 25 for the bar, 0 for off; empty when nothing could move);
    ``value`` the new cube of a double or the points of a win; ``cube`` and ``score`` before
    the action (the score before the game).
    """

    game: int
    turn: int
    player: int
    kind: ActionKind
    dice: tuple[int, int] | None
    play: str
    value: int
    cube: int
    score: tuple[int, int]
    position_id: str
    match_id: str
    position_id_after: str
    match_id_after: str

    def to_dict(self) -> dict[str, object]:
        """A JSON-able dict (for the match page's template or an API)."""
        return {
            "game": self.game,
            "turn": self.turn,
            "player": self.player,
            "kind": str(self.kind),
            "dice": list(self.dice) if self.dice else None,
            "play": self.play,
            "value": self.value,
            "cube": self.cube,
            "score": list(self.score),
            "position_id": self.position_id,
            "match_id": self.match_id,
            "position_id_after": self.position_id_after,
            "match_id_after": self.match_id_after,
        }


class _Logger:
    def __init__(self) -> None:
        self.entries: list[LoggedAction] = []
        self.before: tuple[str, str, int] = ("", "", 1)
        self.rolled = False

    def __call__(self, game: Game, action: GameAction, when: str) -> None:
        if when != "after":
            # "rolled" replaces "before": a move is decided with the dice out.
            self.before = (game.position_id(), game.match_id(), game.cube)
            self.rolled = when == "rolled"
            return
        if action.dice is not None and not self.rolled:
            # Nothing could move: the engine passed the turn at once. Show the dice anyway,
            # as gnubg does for a dance.
            fields = MatchIdFields.decode(self.before[1])
            if fields.dice == (0, 0) and fields.state is GameState.PLAYING:
                dice = (action.dice[0], action.dice[1])
                match_id = replace(fields, dice=dice).encode()
                self.before = (self.before[0], match_id, self.before[2])
        play = ""
        if action.kind is ActionKind.MOVE:
            made = next(
                (a for a in reversed(game.record) if a.kind is ActionKind.MOVE),
                None,
            )
            play = made.play if made is not None and made.player == action.player else ""
        result = game.result
        value = action.value
        if action.kind is ActionKind.WIN and result is not None:
            value = result.points  # what counted, not what the file says
        position_id, match_id, cube = self.before
        self.entries.append(
            LoggedAction(
                game=game.number,
                turn=action.turn,
                player=action.player,
                kind=action.kind,
                dice=action.dice,
                play=play,
                value=value,
                cube=cube,
                score=game.score,
                position_id=position_id,
                match_id=match_id,
                position_id_after=game.position_id(),
                match_id_after=game.match_id(),
            )
        )


def match_log(record: MatchRecord, rules: MatchRules | None = None) -> tuple[LoggedAction, ...]:
    """Every action of ``record`` in order, with the IDs before and after it.

    Replays the record (the same checks and errors as :func:`~backgammon.matfile.replay`).
    """
    logger = _Logger()
    replay_record(record, rules, observer=logger)
    return tuple(logger.entries)
