"""Jellyfish .mat match files: read, replay through the engine, write.

>>> record = parse(' 1 point match\\n\\n Game 1\\n A : 0     B : 0\\n'
...                '  1) 31: 8/5 6/5\\n      Wins 1 point\\n')
>>> record.players, record.games[0].result.points
(('A', 'B'), 1)
>>> replay(record).score
(1, 0)

``parse`` checks the form (:class:`MatFileError` names the line), ``replay`` the rules (the
engine's move errors name the game and the move, record-level mismatches raise
:class:`MatFileError`), ``dumps`` writes gnubg's layout, :func:`record_from_games` turns
played :class:`~backgammon.game.Game` objects into a record to write, :func:`xg_header`
puts its header tags in eXtreme Gammon's order.

Files from other programs (Backgammon Galaxy, FIBS, Snowie, Backgammon Studio, eXtreme
Gammon) are read the way GNU Backgammon 1.07 reads them, position by position: hits need no
``*``, a game's value comes from the board and the cube, cells gnubg skips are skipped. What
was read differently from the text is a :class:`MatWarning`, not an error. For an upload:

>>> done = read(b' 1 point match\\r\\n\\r\\n Game 1\\r\\n Ren\\xe9 : 0   B : 0\\r\\n'
...             b'  1) 31: 8/5 6/5\\r\\n      Wins 1 point and the match\\r\\n')
>>> done.record.players, done.state.score, done.state.is_over, done.warnings
(('René', 'B'), (1, 0), True, ())

:func:`read` decodes the bytes (:func:`decode`: UTF-8 with or without BOM, cp1252, Latin-1),
parses and replays; :func:`replay_record` gives the :class:`Replay` with the warnings;
:func:`match_log` lists every action with gnubg's Position ID and Match ID.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .errors import MatWarning
from .gamerecord import ActionKind, GameAction, GameRecord, MatchRecord
from .mat.parse import MatFileError, parse
from .mat.record import LoggedAction, match_log
from .mat.replay import Replay, replay, replay_games, replay_record, rules_for
from .mat.text import decode
from .mat.write import XG_TAGS, dumps, xg_header

if TYPE_CHECKING:
    from .game import Game
    from .matchrules import MatchRules

__all__ = [
    "XG_TAGS",
    "ActionKind",
    "GameAction",
    "GameRecord",
    "LoggedAction",
    "MatFileError",
    "MatWarning",
    "MatchRecord",
    "Replay",
    "decode",
    "dumps",
    "match_log",
    "parse",
    "read",
    "record_from_games",
    "replay",
    "replay_games",
    "replay_record",
    "rules_for",
    "xg_header",
]


def read(source: str | bytes, rules: MatchRules | None = None) -> Replay:
    """Read a match file (its text, or its bytes in any encoding :func:`decode` takes),
    replay it and return the :class:`Replay` with the warnings of both steps.

    Raises :class:`MatFileError` or the engine's :class:`~backgammon.errors.MoveError`.
    """
    text = decode(source) if isinstance(source, bytes) else source
    return replay_record(parse(text), rules)


def record_from_games(
    games: Sequence[Game],
    *,
    players: tuple[str, str],
    length: int | None = None,
    tags: Iterable[tuple[str, str]] = (),
    match_over: bool = False,
) -> MatchRecord:
    """A record of games played in the engine, ready for :func:`dumps`.

    ``length`` defaults to the games' rules; ``match_over`` writes "and the match" after
    the last game's result, as eXtreme Gammon does.
    """
    records = []
    for index, game in enumerate(games):
        actions = tuple(game.record)
        last = index == len(games) - 1
        if last and match_over and actions and actions[-1].kind is ActionKind.WIN:
            final = actions[-1]
            actions = (
                *actions[:-1],
                GameAction(final.player, final.kind, value=final.value, match_won=True),
            )
        records.append(
            GameRecord(
                number=game.number,
                score=game.score,
                actions=actions,
                result=game.result,
                players=players,
            )
        )
    if length is None:
        length = games[0].rules.length if games else 0
    return MatchRecord(players=players, length=length, games=tuple(records), tags=tuple(tags))
