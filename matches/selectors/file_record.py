"""A kept match file move by move, for people: every roll, play and cube action with GNU
Backgammon's Position ID and Match ID of the position it was made in, so a player can paste
any position into gnubg or eXtreme Gammon.

The file is replayed under the tournament's rules, as when it was imported; a file that no
longer fits them (the tournament's settings changed since) is shown under its own rules, and
one that cannot be replayed at all says why instead of failing the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from backgammon import matfile
from backgammon.errors import MoveError
from backgammon.gamerecord import ActionKind, MatchRecord
from backgammon.matchrules import MatchRules
from backgammon.matfile import LoggedAction, MatFileError
from matches.file_errors import ReadingWarning, line_error, move_error, reading_warnings
from matches.models import MatchFile
from matches.rules import rules_for_match

__all__ = ["MatchFileRecord", "RecordGame", "RecordRow", "match_file_record"]

_BAR = re.compile(r"\b25/")
_OFF = re.compile(r"/0\b")


@dataclass(frozen=True, slots=True)
class RecordRow:
    """One action: ``turn`` is the file's move number (0 for a game's result), ``side`` 0 for
    the file's first player; ``roll`` like "53", ``action`` the play or the cube action."""

    turn: int
    side: int
    player: str
    roll: str
    action: str
    kind: str
    position_id: str
    match_id: str


@dataclass(frozen=True, slots=True)
class RecordGame:
    number: int
    #: The score before the game, in the file's order of the players.
    score: tuple[int, int]
    rows: tuple[RecordRow, ...]


@dataclass(frozen=True, slots=True)
class MatchFileRecord:
    players: tuple[str, str]
    length: int
    games: tuple[RecordGame, ...]
    warnings: tuple[ReadingWarning, ...] = ()
    #: Why the file cannot be shown move by move (translated); empty when it can.
    error: str = ""


def play_text(play: str) -> str:
    """The engine's play (25 for the bar, 0 for off) as players write it: "bar/20 6/off"."""
    return _OFF.sub("/off", _BAR.sub("bar/", play))


def _action_text(entry: LoggedAction) -> str:
    kind = entry.kind
    if kind is ActionKind.MOVE:
        return play_text(entry.play) if entry.play else _("cannot move")
    if kind is ActionKind.ROLL:
        return _("no play")
    if kind is ActionKind.DOUBLE:
        return _("Doubles to %(cube)d") % {"cube": entry.value}
    if kind is ActionKind.TAKE:
        return pgettext("move record", "Takes")
    if kind is ActionKind.DROP:
        return pgettext("move record", "Drops")
    return ngettext("Wins %(n)d point", "Wins %(n)d points", entry.value) % {"n": entry.value}


def _row(entry: LoggedAction, players: tuple[str, str]) -> RecordRow:
    return RecordRow(
        turn=entry.turn,
        side=entry.player,
        player=players[entry.player],
        roll=f"{entry.dice[0]}{entry.dice[1]}" if entry.dice else "",
        action=_action_text(entry),
        kind=str(entry.kind),
        position_id=entry.position_id,
        match_id=entry.match_id,
    )


def _games(log: tuple[LoggedAction, ...], players: tuple[str, str]) -> tuple[RecordGame, ...]:
    games: list[RecordGame] = []
    rows: list[RecordRow] = []
    for index, entry in enumerate(log):
        rows.append(_row(entry, players))
        if index + 1 == len(log) or log[index + 1].game != entry.game:
            score = (entry.score[0], entry.score[1])
            games.append(RecordGame(number=entry.game, score=score, rows=tuple(rows)))
            rows = []
    return tuple(games)


def _replayed(
    record: MatchRecord, rules: MatchRules | None, text: str
) -> tuple[tuple[LoggedAction, ...], tuple[ReadingWarning, ...]]:
    log = matfile.match_log(record, rules)
    return log, reading_warnings(matfile.replay_record(record, rules), text)


def _why(error: ValueError, text: str) -> str:
    if isinstance(error, MatFileError):
        return " ".join(line_error(error, text).messages)
    if isinstance(error, MoveError):
        return " ".join(move_error(error).messages)
    return _("The file does not add up: its games and results contradict each other.")


def match_file_record(stored: MatchFile) -> MatchFileRecord:
    """The move-by-move record of a kept match file."""
    text = stored.content
    try:
        record = matfile.parse(text)
    except MatFileError as error:
        return MatchFileRecord(("", ""), 0, (), error=_why(error, text))
    try:
        log, warnings = _replayed(record, rules_for_match(stored.match), text)
    except ValueError:
        try:
            log, warnings = _replayed(record, None, text)  # the file's own rules
        except ValueError as error:
            return MatchFileRecord(record.players, record.length, (), error=_why(error, text))
    return MatchFileRecord(
        players=record.players,
        length=record.length,
        games=_games(log, record.players),
        warnings=warnings,
    )
