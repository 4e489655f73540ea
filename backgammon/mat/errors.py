"""What goes wrong in a match file: :class:`MatFileError` refuses it, :class:`MatWarning`
notes something read differently from what it says (the file is still read).

Both carry where (``line``, ``game``, ``move``, each ``None`` when unknown) and a ``code``
that the upload page can translate; the message is plain English for people and logs.

Codes of :class:`MatFileError`: ``"form"`` (a line that cannot be read), ``"not_mat"`` (no
"N point match" line), ``"fragment"`` (the file starts in the middle of a match),
``"truncated"`` (it ends in the middle of a game where the rest cannot be guessed),
``"forfeit"`` (a game awarded by forfeit, not played), ``"contradiction"`` (results, scores
or cube actions that do not add up).

Codes of :class:`MatWarning`: ``"points_differ"`` (a "Wins" line gives other points than the
game's board and cube), ``"skipped"`` (a cell such as ``Losses 1 point`` that carries
nothing gnubg reads), ``"unfinished"`` (the file ends in the middle of a game),
``"after_match"`` (games after the end of the match, ignored), ``"wrong_column"`` (a "Wins"
in the column of the player who lost on the board: the board counts).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MatFileError", "MatWarning"]


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
        return (_rebuild, (self.message, self.line, self.game, self.move, self.code))


def _rebuild(
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
