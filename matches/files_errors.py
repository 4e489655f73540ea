"""Match-file errors in words people understand, naming the line, or the game and the move.

The engine's exceptions carry where it went wrong and plain English for developers; these turn
them into translated :class:`MatchFileError` messages (``config.errors.UserError``).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from backgammon.errors import CUBE_ABOVE_MAX, CUBE_IN_CRAWFORD_GAME, InvalidMoveError, MoveError
from backgammon.matfile import MatFileError
from config.errors import UserError


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


def line_text(text: str, line: int | None) -> str:
    lines = text.removeprefix("\ufeff").splitlines()
    if line is None or not 1 <= line <= len(lines):
        return ""
    shown = " ".join(lines[line - 1].split())
    return shown if len(shown) <= 60 else shown[:59] + "…"


def line_error(error: MatFileError, text: str) -> MatchFileError:
    if error.message.startswith("no 'N point match' line"):
        return MatchFileError(
            _("This is not a .mat match file: it has no “N point match” line."),
            code="not_a_match_file",
            line=error.line,
        )
    if error.line is None:
        return MatchFileError(
            _("The file does not add up: its games and results contradict each other."),
            game=error.game,
        )
    return MatchFileError(
        _("Line %(line)d of the file is wrong or does not fit the lines before it: “%(text)s”.")
        % {"line": error.line, "text": line_text(text, error.line)},
        code="bad_line",
        line=error.line,
        game=error.game,
        move=error.move,
    )


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
