"""How a game is won: one string enum for positions, results, files and the database."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["WinKind"]


class WinKind(StrEnum):
    SINGLE = "single"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"

    @classmethod
    def _missing_(cls, value: object) -> WinKind | None:
        # Accept the multiple of the cube (1..3) too.
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 3:
            return (cls.SINGLE, cls.GAMMON, cls.BACKGAMMON)[value - 1]
        return None

    @property
    def multiplier(self) -> int:
        """How many times the cube the winner scores: 1, 2 or 3."""
        return _MULTIPLIERS[self]

    @classmethod
    def of_multiple(cls, multiple: int) -> WinKind:
        """The kind worth ``multiple`` (1..3) times the cube."""
        if multiple not in (1, 2, 3):
            raise ValueError(f"a game is won 1, 2 or 3 times the cube, not {multiple!r}")
        return (cls.SINGLE, cls.GAMMON, cls.BACKGAMMON)[int(multiple) - 1]


_MULTIPLIERS = {WinKind.SINGLE: 1, WinKind.GAMMON: 2, WinKind.BACKGAMMON: 3}
