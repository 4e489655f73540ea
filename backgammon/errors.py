"""Exceptions of the rules engine.

Both are :class:`ValueError` subclasses, like python-chess's ``InvalidMoveError`` and
``IllegalMoveError``: code that only wants to know "was this move acceptable" can catch
``ValueError``. Messages are plain English for developers and logs; views translate the
exception *type* (and the context attributes) into a message for people.

The ``game`` and ``move`` attributes start as ``None``: the game, match-file or online-play
layer that knows where the move came from fills them in before re-raising:

>>> error = IllegalMoveError("8/4 is not a legal play for 3-1", notation="8/4")
>>> error.game, error.move = 2, 14
>>> str(error)
'8/4 is not a legal play for 3-1 (game 2, move 14)'
>>> isinstance(error, ValueError)
True
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "CUBE_ABOVE_MAX",
    "CUBE_IN_CRAWFORD_GAME",
    "IllegalActionError",
    "IllegalMoveError",
    "InvalidMoveError",
    "MatFileError",
    "MatWarning",
    "MoveError",
    "ResultError",
]

# One vocabulary of codes: the same rule has the same code wherever it is broken (an online
# double, a game entered by a referee, a cube action in a match file).
#: Nobody may double in the Crawford game.
CUBE_IN_CRAWFORD_GAME = "cube_in_crawford_game"
#: The cube may not go beyond the match's cube limit.
CUBE_ABOVE_MAX = "cube_above_max"


class MoveError(ValueError):
    """Base class: a move given as text or steps was not accepted.

    Attributes:
        message: what went wrong, in plain English.
        notation: the text that was given, if the move came as text.
        game: number of the game in its match (1-based), filled in by the caller.
        move: number of the move in its game (1-based), filled in by the caller.
    """

    def __init__(
        self,
        message: str,
        *,
        notation: str | None = None,
        game: int | None = None,
        move: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.notation = notation
        self.game = game
        self.move = move

    def __str__(self) -> str:
        where = [
            f"{label} {number}"
            for label, number in (("game", self.game), ("move", self.move))
            if number is not None
        ]
        return f"{self.message} ({', '.join(where)})" if where else self.message

    def __reduce__(self) -> tuple[object, ...]:
        # Keyword-only arguments need help to survive pickling (Celery, multiprocessing).
        return (
            _rebuild_move_error,
            (type(self), self.message, self.notation, self.game, self.move),
        )


class InvalidMoveError(MoveError):
    """The text cannot be read as a move at all (syntax, unknown point, bad count).

    >>> raise InvalidMoveError("cannot read '8-5'", notation="8-5")
    Traceback (most recent call last):
    ...
    backgammon.errors.InvalidMoveError: cannot read '8-5'
    """


class IllegalMoveError(MoveError):
    """The move can be read but breaks a rule in this position with these dice."""


def _rebuild_move_error(
    cls: type[MoveError],
    message: str,
    notation: str | None,
    game: int | None,
    move: int | None,
) -> MoveError:
    return cls(message, notation=notation, game=game, move=move)


# --- Actions and results -----------------------------------------------------------------------


class IllegalActionError(IllegalMoveError):
    """An action the rules do not allow now (``code`` says which rule), e.g. doubling in
    the Crawford game, taking without a double, rolling twice. The game is unchanged."""

    def __init__(
        self,
        message: str,
        *,
        code: str = "illegal",
        game: int | None = None,
        move: int | None = None,
    ) -> None:
        super().__init__(message, game=game, move=move)
        self.code = code

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_action, (self.message, self.code, self.game, self.move))


def _rebuild_action(message: str, code: str, game: int | None, move: int | None) -> Exception:
    return IllegalActionError(message, code=code, game=game, move=move)


class ResultError(ValueError):
    """A game result or score that the match rules do not allow.

    ``code`` is stable and machine-readable (see the module's validators), ``field`` names
    the offending input (``winner``, ``kind``, ``cube``, ``points``, ``ended_by``, ``score``)
    or is :data:`NON_FIELD`; ``game`` is the 1-based game number when known.
    """

    def __init__(self, code: str, field: str, message: str, *, game: int | None = None):
        super().__init__(message)
        self.code = code
        self.field = field
        self.game = game

    def __str__(self) -> str:
        text = super().__str__()
        return f"game {self.game}: {text}" if self.game is not None else text


# --- Match files -------------------------------------------------------------------------------
# What goes wrong in a match file: :class:`MatFileError` refuses it, :class:`MatWarning`
# notes something read differently from what it says (the file is still read).
#
# Both carry where (``line``, ``game``, ``move``, each ``None`` when unknown) and a ``code``
# that the upload page can translate; the message is plain English for people and logs.
#
# Codes of :class:`MatFileError`: ``"form"`` (a line that cannot be read), ``"not_mat"`` (no
# "N point match" line), ``"fragment"`` (the file starts in the middle of a match),
# ``"truncated"`` (it ends in the middle of a game where the rest cannot be guessed),
# ``"forfeit"`` (a game awarded by forfeit, not played), ``"contradiction"`` (results, scores
# or cube actions that do not add up).
#
# Codes of :class:`MatWarning`: ``"points_differ"`` (a "Wins" line gives other points than the
# game's board and cube), ``"skipped"`` (a cell such as ``Losses 1 point`` that carries
# nothing gnubg reads), ``"unfinished"`` (the file ends in the middle of a game),
# ``"after_match"`` (games after the end of the match, ignored), ``"wrong_column"`` (a "Wins"
# in the column of the player who lost on the board: the board counts).


def _where(line: int | None, game: int | None, move: int | None) -> str:
    return ", ".join(
        f"{label} {number}"
        for label, number in (("line", line), ("game", game), ("move", move))
        if number is not None
    )


class MatFileError(ValueError):
    """A .mat file that cannot be read or does not add up; names the line (1-based)."""

    def __init__(
        self,
        message: str,
        line: int | None = None,
        *,
        game: int | None = None,
        move: int | None = None,
        code: str = "form",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.game = game
        self.move = move
        self.code = code

    def __str__(self) -> str:
        where = _where(self.line, self.game, self.move)
        return f"{where}: {self.message}" if where else self.message

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_mat_error, (self.message, self.line, self.game, self.move, self.code))


def _rebuild_mat_error(
    message: str, line: int | None, game: int | None, move: int | None, code: str
) -> MatFileError:
    return MatFileError(message, line, game=game, move=move, code=code)


@dataclass(frozen=True, slots=True)
class MatWarning:
    """Something in the file that was read differently from what it says."""

    code: str
    message: str
    line: int | None = None
    game: int | None = None
    move: int | None = None

    def __str__(self) -> str:
        where = _where(self.line, self.game, self.move)
        return f"{where}: {self.message}" if where else self.message
