"""Reading a .mat match file for a match: the text of an upload, and the file replayed by the
engine under the tournament's rules. Writes nothing; the import is ``matches.services.imports``.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from django.utils.translation import gettext as _

from backgammon import matfile
from backgammon.errors import MoveError
from backgammon.gamerecord import GameAction
from backgammon.matfile import MatFileError
from backgammon.scoring import GameResult
from matches.file_errors import (
    MatchFileError,
    ReadingWarning,
    best_of_error,
    incomplete_error,
    line_error,
    move_error,
    reading_warnings,
)
from matches.models import Match
from matches.rules import rules_for_match
from tournaments.models import MatchFormat

#: Largest match file accepted (a 25-point match is about 25 KB).
MAX_FILE_BYTES = 256 * 1024
#: Most games one request may record (a 25-point match of single games has 49).
MAX_GAMES = 255


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """One game of a file, as the engine replayed it; ``winner`` and ``actions`` in the
    file's numbering (0 = the file's first player)."""

    result: GameResult
    actions: tuple[GameAction, ...]


@dataclass(frozen=True, slots=True)
class MatchFileReading:
    names: tuple[str, str]
    length: int
    score: tuple[int, int]
    games: tuple[ImportedGame, ...]
    #: How the names map to the match: False = the file's first player is ``entry_a``,
    #: True = swapped, None = the names do not say.
    swap: bool | None
    #: What was read differently from what the file says (the file is still right).
    warnings: tuple[ReadingWarning, ...] = ()
    #: The file's side that won the match by the other's forfeit (its last game), or None.
    forfeit_winner: int | None = None
    #: The score the file's match was resumed from (FIBS and Snowie logs of a saved match),
    #: in the file's order; its earlier games are not in the file. (0, 0) from the start.
    start: tuple[int, int] = (0, 0)


def match_file_size_check(size: int) -> None:
    """Refuses a file (its bytes, or the characters of its text) over the limit: checked
    before anything decodes or parses it."""
    if size > MAX_FILE_BYTES:
        raise MatchFileError(
            _("The file is too large: match files of up to %(kb)d KB are accepted.")
            % {"kb": MAX_FILE_BYTES // 1024},
            code="too_large",
        )


def match_file_text(data: bytes) -> str:
    """The text of an uploaded file in the encodings match files come in (UTF-8 with or
    without BOM, UTF-16 with BOM, Windows-1252, Latin-1: :func:`matfile.decode`)."""
    match_file_size_check(len(data))
    # After decoding: UTF-16 text is full of NUL bytes, a binary file keeps them as text.
    text = matfile.decode(data)
    if "\x00" in text:
        raise MatchFileError(_("This is not a text file, so it is no .mat match file."))
    return text


def normalized_name(name: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", name).split()).casefold()


def side_mapping(file_names: tuple[str, str], match_names: tuple[str, str]) -> bool | None:
    """Whether the file's players are the match's in swapped order; None when unclear."""
    f0, f1 = (normalized_name(n) for n in file_names)
    a, b = (normalized_name(n) for n in match_names)
    if a == b:
        return None
    if (f0, f1) == (a, b):
        return False
    if (f0, f1) == (b, a):
        return True
    return None


def match_player_names(match: Match) -> tuple[str, str]:
    a = match.entry_a.player.name if match.entry_a else ""
    b = match.entry_b.player.name if match.entry_b else ""
    return a, b


def matfile_read(*, match: Match, text: str) -> MatchFileReading:
    """Read and replay a .mat file for this match; writes nothing.

    Raises :class:`MatchFileError` with a translated message naming the line, or the game
    and the move, when the file cannot be read, breaks a rule or does not fit the match.
    """
    if match.match_format == MatchFormat.GAMES:
        raise best_of_error(match)
    if "\x00" in text:
        raise MatchFileError(_("This is not a text file, so it is no .mat match file."))
    try:
        record = matfile.parse(text)
    except MatFileError as error:
        raise line_error(error, text) from error
    if record.length != match.length:
        if record.length == 0:
            message = _("The file is a money session, not a %(n)d-point match.")
        else:
            message = _("The file is a %(file)d-point match; this match is played to %(n)d.")
        raise MatchFileError(
            message % {"file": record.length, "n": match.length}, code="wrong_length"
        )
    if not record.games:
        raise MatchFileError(_("The file has no games."), code="no_games")
    try:
        done = matfile.replay_record(record, rules_for_match(match))
    except MatFileError as error:
        raise line_error(error, text) from error
    except MoveError as error:
        raise move_error(error) from error
    except ValueError as error:
        raise MatchFileError(
            _("The file does not add up: its games and results contradict each other.")
        ) from error
    if not done.is_over:
        raise incomplete_error(done, match.length)
    imported = tuple(
        ImportedGame(result=game.result, actions=tuple(game.record))
        for game in done.games
        if game.result is not None
    )
    return MatchFileReading(
        names=record.players,
        length=record.length,
        score=done.state.score,
        games=imported,
        swap=side_mapping(record.players, match_player_names(match)),
        warnings=reading_warnings(done, text),
        forfeit_winner=done.forfeit_winner,
        start=done.state.start,
    )
