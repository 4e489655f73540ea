"""Where the dice come from: anything with ``randint`` (``random.Random`` seeded in tests,
``secrets.SystemRandom()`` online) or :class:`FixedDice` (a referee's or a file's dice).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

__all__ = ["DiceExhaustedError", "DiceSource", "FixedDice", "check_dice", "roll_die"]


class DiceSource(Protocol):
    """What a game needs from a random generator (``random.Random`` fits)."""

    def randint(self, a: int, b: int) -> int: ...


class DiceExhaustedError(LookupError):
    """A :class:`FixedDice` was asked for more dice than it was given."""


class FixedDice:
    """Dice given in advance, handed out one die at a time.

    Takes single dice or pairs: ``FixedDice([(3, 1), (6, 4)])`` or ``FixedDice([3, 1, 6, 4])``.
    """

    def __init__(self, dice: Iterable[int | tuple[int, int]] = ()) -> None:
        self._dice: list[int] = []
        self.extend(dice)
        self._next = 0

    def extend(self, dice: Iterable[int | tuple[int, int]]) -> None:
        for item in dice:
            values = item if isinstance(item, tuple) else (item,)
            for value in values:
                if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
                    raise ValueError(f"a die shows 1 to 6, not {value!r}")
                self._dice.append(value)

    @property
    def remaining(self) -> int:
        return len(self._dice) - self._next

    def randint(self, a: int, b: int) -> int:
        if self._next >= len(self._dice):
            raise DiceExhaustedError("no more fixed dice")
        value = self._dice[self._next]
        if not a <= value <= b:
            raise ValueError(f"fixed die {value} outside {a}..{b}")
        self._next += 1
        return value


def roll_die(source: DiceSource) -> int:
    value = source.randint(1, 6)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise ValueError(f"dice source gave {value!r}, not 1..6")
    return value


def check_dice(dice: tuple[int, int]) -> tuple[int, int]:
    """Validate a pair of dice typed by a person or read from a file."""
    if type(dice) is tuple and len(dice) == 2:  # the usual case, checked without a generator
        first, second = dice
        if type(first) is int and type(second) is int and 1 <= first <= 6 and 1 <= second <= 6:
            return dice
    if (
        not isinstance(dice, tuple | list)
        or len(dice) != 2
        or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice)
    ):
        raise ValueError(f"dice are two values 1 to 6, not {dice!r}")
    return (dice[0], dice[1])
