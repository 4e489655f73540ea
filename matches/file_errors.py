"""Match-file errors and warnings in words people understand, naming the line, or the game
and the move.

The engine's exceptions carry where it went wrong, a ``code`` and plain English for developers;
these turn them into translated :class:`MatchFileError` messages (``config.errors.UserError``),
and the engine's :class:`MatWarning` (what was read differently from what the file says) into
translated :class:`ReadingWarning`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from backgammon.errors import CUBE_ABOVE_MAX, CUBE_IN_CRAWFORD_GAME, InvalidMoveError, MoveError
from backgammon.matfile import MatFileError, MatWarning, Replay
from config.errors import UserError
from matches.models import Match


class MatchFileError(UserError):
    """A match file that cannot be imported; says where (``line``, or ``game`` and ``move``)."""

    def __init__(
        self,
        message: object,
        *,
        code: str = "invalid_file",
        field: str | None = "file",
        line: int | None = None,
        game: int | None = None,
        move: int | None = None,
    ) -> None:
        super().__init__(message, code=code, field=field)
        self.line, self.game, self.move = line, game, move


class PlayersUnknownError(MatchFileError):
    """The file's player names are not the match's: the uploader must say who is who."""

    def __init__(self, message: object, *, names: tuple[str, str]) -> None:
        super().__init__(message, code="players_unknown", field="swap")
        self.names = names


def best_of_error(match: Match) -> MatchFileError:
    return MatchFileError(
        _(
            "This match is played as best of %(n)d games, but a .mat file records an "
            "N-point match. Enter the games or the final score instead."
        )
        % {"n": match.length},
        code="best_of_match",
    )


def _whole_line(text: str, line: int | None) -> str:
    lines = text.removeprefix("\ufeff").splitlines()
    if line is None or not 1 <= line <= len(lines):
        return ""
    return " ".join(lines[line - 1].split())


def line_text(text: str, line: int | None) -> str:
    shown = _whole_line(text, line)
    return shown if len(shown) <= 60 else shown[:59] + "…"


def _where(error: MatFileError) -> dict[str, object]:
    return {"line": error.line or 0, "game": error.game or 0, "move": error.move or 0}


#: The "Wins N point(s) [and the match]" cell of a line (any case, any spacing).
_WINS = re.compile(r"\bwins\s+(\d+)\s+points?(?:\s+and\s+the\s+match)?", re.IGNORECASE)


def _wins_cell(line: str) -> str:
    found = _WINS.search(line)
    return found[0] if found else line


def _form_error(error: MatFileError, text: str) -> MatchFileError:
    values = {**_where(error), "text": line_text(text, error.line)}
    if error.game and error.move:
        message = _(
            "Line %(line)d of the file (game %(game)d, move %(move)d) is wrong or does not "
            "fit the lines before it: “%(text)s”."
        )
    elif error.game:
        message = _(
            "Line %(line)d of the file (game %(game)d) is wrong or does not fit the lines "
            "before it: “%(text)s”."
        )
    else:
        message = _(
            "Line %(line)d of the file is wrong or does not fit the lines before it: “%(text)s”."
        )
    return MatchFileError(
        message % values, code="bad_line", line=error.line, game=error.game, move=error.move
    )


def _fragment_error(error: MatFileError, text: str) -> MatchFileError:
    if error.game and error.game > 1:
        message = _(
            "The file starts at game %(game)d: a fragment, not a whole match. Upload the "
            "match from its first game."
        ) % {"game": error.game}
    else:
        message = _(
            "The file starts at “%(text)s”, not at 0–0: a fragment, not a whole match. "
            "Upload the match from its first game."
        ) % {"text": line_text(text, error.line)}
    return MatchFileError(message, code="fragment", line=error.line, game=error.game)


def _truncated_error(error: MatFileError) -> MatchFileError:
    game = error.game or 0
    message = _(
        "Game %(game)d stops in the middle (line %(line)d) and game %(next)d follows: lines "
        "of the file are missing. Upload the complete file."
    ) % {**_where(error), "next": game + 1}
    return MatchFileError(message, code="truncated", line=error.line, game=error.game)


def _contradiction_error(error: MatFileError, text: str) -> MatchFileError:
    values = {**_where(error), "text": line_text(text, error.line)}
    if error.game:
        message = _(
            "Line %(line)d of the file (game %(game)d) does not add up with the games before "
            "it: “%(text)s”."
        )
    else:
        message = _(
            "Line %(line)d of the file does not add up with the lines before it: “%(text)s”."
        )
    return MatchFileError(
        message % values, code="contradiction", line=error.line, game=error.game, move=error.move
    )


def line_error(error: MatFileError, text: str) -> MatchFileError:
    """The engine's :class:`MatFileError` in words, by its ``code``."""
    if error.code == "not_mat":
        return MatchFileError(
            _("This is not a .mat match file: it has no “N point match” line."),
            code="not_a_match_file",
            line=error.line,
        )
    if error.line is None:
        return MatchFileError(
            _("The file does not add up: its games and results contradict each other."),
            code="contradiction",
            game=error.game,
        )
    if error.code == "fragment":
        return _fragment_error(error, text)
    if error.code == "truncated":
        return _truncated_error(error)
    if error.code == "contradiction":
        return _contradiction_error(error, text)
    return _form_error(error, text)


def incomplete_error(done: Replay, length: int) -> MatchFileError:
    """A file whose match is not over: a tournament match needs all of it."""
    values = {"a": done.state.score[0], "b": done.state.score[1], "n": length}
    last = done.games[-1].number if done.games else 0
    if done.unfinished_game:
        message = _(
            "The file ends in the middle of game %(game)d, at %(a)d–%(b)d in a %(n)d-point "
            "match: the match is not over. Upload the complete match."
        )
    else:
        message = _(
            "The file ends before the match is over: after game %(game)d the score is "
            "%(a)d–%(b)d in a %(n)d-point match. Upload the complete match."
        )
    return MatchFileError(message % {**values, "game": last}, code="incomplete", game=last)


# --- Warnings: read the way GNU Backgammon reads the file, not as it is written ---------------


@dataclass(frozen=True, slots=True)
class ReadingWarning:
    """Something the file says that was read differently; ``message`` is translated."""

    code: str
    message: str
    line: int | None = None
    game: int | None = None


#: At most this many line numbers in one warning about skipped entries.
_MAX_LINES = 8


def _skipped_warning(skipped: list[MatWarning]) -> ReadingWarning:
    numbers = [str(w.line) for w in skipped if w.line is not None]
    shown = ", ".join(numbers[:_MAX_LINES]) + (", …" if len(numbers) > _MAX_LINES else "")
    message = ngettext(
        "Line %(lines)s has an entry that says nothing a game needs (such as “Losses 1 "
        "point”); it was skipped, as GNU Backgammon skips it.",
        "Lines %(lines)s have entries that say nothing a game needs (such as “Losses 1 "
        "point”); they were skipped, as GNU Backgammon skips them.",
        len(numbers),
    ) % {"lines": shown}
    return ReadingWarning("skipped", message, skipped[0].line, skipped[0].game)


def _warning(warning: MatWarning, done: Replay, text: str) -> ReadingWarning:
    games = {game.number: game for game in done.games}
    game = games.get(warning.game or 0)
    result = game.result if game is not None else None
    values: dict[str, object] = {
        "line": warning.line or 0,
        "game": warning.game or 0,
        "said": _wins_cell(_whole_line(text, warning.line)),
    }
    code = warning.code
    if code == "points_differ" and result is not None:
        message = _(
            "Game %(game)d: the file says “%(said)s”, but the board and the cube make the "
            "game worth %(points)d; it counts %(points)d (line %(line)d)."
        ) % {**values, "points": result.points}
    elif code == "wrong_column" and result is not None:
        names = done.record.players
        message = _(
            "Game %(game)d: “%(said)s” stands in the column of %(loser)s, but %(winner)s won "
            "the game on the board; it counts for %(winner)s (line %(line)d)."
        ) % {**values, "winner": names[result.winner], "loser": names[1 - result.winner]}
    elif code == "forfeit" and result is not None:
        message = _(
            "Game %(game)d ends by forfeit (“%(said)s”): it was read as GNU Backgammon reads "
            "it, a resignation worth %(points)d, and the match ends with it: %(winner)s wins "
            "the match (line %(line)d)."
        ) % {**values, "points": result.points, "winner": done.record.players[result.winner]}
    elif code == "resumed":
        start = done.state.start
        message = _(
            "The file is a match resumed at %(a)d–%(b)d (line %(line)d): its earlier games are "
            "not in the file. Its games are recorded from %(a)d–%(b)d, as GNU Backgammon reads "
            "them, and the final score counts the whole match."
        ) % {**values, "a": start[0], "b": start[1]}
    elif code == "unfinished":
        message = _("The file ends in the middle of game %(game)d; that game does not count.") % (
            values
        )
    elif code == "after_match":
        message = _(
            "The match is over after game %(last)d; the games after it in the file (from line "
            "%(line)d) are ignored."
        ) % {**values, "last": max((warning.game or 1) - 1, 0)}
    else:
        message = _(
            "Line %(line)d of the file was read the way GNU Backgammon reads it, not as it is "
            "written: “%(text)s”."
        ) % {**values, "text": line_text(text, warning.line)}
    return ReadingWarning(code, message, warning.line, warning.game)


def reading_warnings(done: Replay, text: str) -> tuple[ReadingWarning, ...]:
    """The replay's warnings in words, in the order of the file; the skipped entries (one
    per game in Backgammon Galaxy's files) in one warning."""
    skipped = [w for w in done.warnings if w.code == "skipped"]
    shown: list[ReadingWarning] = []
    for warning in sorted(done.warnings, key=lambda w: w.line or 0):
        if warning.code == "skipped":
            if warning is skipped[0]:
                shown.append(_skipped_warning(skipped))
            continue
        shown.append(_warning(warning, done, text))
    return tuple(shown)


def move_reason(error: MoveError) -> str:
    code = getattr(error, "code", None)
    if isinstance(error, InvalidMoveError):
        return _("“%(play)s” cannot be read as a checker play.") % {"play": error.notation or ""}
    if error.notation:
        return _("%(play)s is not a legal play in that position with that roll.") % {
            "play": error.notation
        }
    reasons = {
        CUBE_IN_CRAWFORD_GAME: _("a double in the Crawford game, where nobody may double."),
        "cube_disabled": _("a double, but this tournament plays without the doubling cube."),
        "cube_in_best_of": _("a double, but best-of-N matches are played without the cube."),
        "cube_not_owned": _("a redouble by the player who does not own the cube."),
        CUBE_ABOVE_MAX: _("a double above this tournament's cube limit."),
        "holland": _("a double that the Holland rule does not allow yet."),
        "tie": _("a tied opening roll; ties are rolled again."),
    }
    return reasons.get(
        code or "", _("this breaks the rules of backgammon or of this tournament (who starts, …).")
    )


def move_error(error: MoveError) -> MatchFileError:
    values = {"game": error.game or 0, "move": error.move or 0, "reason": move_reason(error)}
    if error.move:
        message = _("Game %(game)d, move %(move)d: %(reason)s") % values
    else:
        message = _("Game %(game)d: %(reason)s") % values
    return MatchFileError(message, code="illegal_move", game=error.game, move=error.move)
