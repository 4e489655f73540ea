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

__all__ = ["IllegalMoveError", "InvalidMoveError", "MoveError"]


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
        return (_rebuild, (type(self), self.message, self.notation, self.game, self.move))


class InvalidMoveError(MoveError):
    """The text cannot be read as a move at all (syntax, unknown point, bad count).

    >>> raise InvalidMoveError("cannot read '8-5'", notation="8-5")
    Traceback (most recent call last):
    ...
    backgammon.errors.InvalidMoveError: cannot read '8-5'
    """


class IllegalMoveError(MoveError):
    """The move can be read but breaks a rule in this position with these dice."""


def _rebuild(
    cls: type[MoveError],
    message: str,
    notation: str | None,
    game: int | None,
    move: int | None,
) -> MoveError:
    return cls(message, notation=notation, game=game, move=move)
