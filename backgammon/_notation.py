"""Reading plays written as text (private; the public entry is ``Position.parse_play``).

Accepted, case-insensitive, moves separated by spaces or commas:

* points ``1``..``24``, the bar as ``bar``, ``b`` or ``25`` (only where a move starts), off as
  ``off``, ``o`` or ``0`` (only where it ends);
* a checker's path ``13/7``, ``24/18/13``, with ``*`` after a point where it hit (``13/10*/7``);
* a count for equal moves ``13/7(2)``;
* the empty string for "no move".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Final

from .errors import IllegalMoveError, InvalidMoveError

__all__ = ["WrittenMove", "read_notation"]

_TOKEN: Final = re.compile(
    r"(?P<path>(?:bar|b|off|o|\d{1,2})\*?(?:/(?:bar|b|off|o|\d{1,2})\*?)+)(?:\((?P<count>\d)\))?"
)
_POINT: Final = re.compile(r"(bar|b|off|o|\d{1,2})(\*?)")
_NAMES: Final = {"bar": 25, "b": 25, "off": 0, "o": 0}


@dataclass(frozen=True, slots=True)
class WrittenMove:
    """One written move: a checker's path (mover's numbering) and how often it is made."""

    path: tuple[int, ...]
    hit_points: frozenset[int]
    count: int


def read_notation(text: str) -> tuple[WrittenMove, ...]:
    """Parse the text of a play; raise :class:`InvalidMoveError` when it cannot be read."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a play must be given as text, not {type(text).__name__}")
    return _read(text)


@lru_cache(maxsize=4096)
def _read(text: str) -> tuple[WrittenMove, ...]:
    # Cached: a match file writes the same few hundred plays again and again.
    moves = []
    for token in text.lower().replace(",", " ").split():
        match = _TOKEN.fullmatch(token)
        if not match:
            raise InvalidMoveError(
                f"cannot read {token!r} in {text!r}: expected moves like '8/5', 'bar/22*', "
                "'6/off' or '13/7(2)'",
                notation=text,
            )
        path: list[int] = []
        hit_points = set()
        for index, (name, star) in enumerate(_POINT.findall(match["path"])):
            point = _NAMES[name] if name in _NAMES else int(name)
            if point > 25:
                raise InvalidMoveError(f"there is no point {point} in {text!r}", notation=text)
            if index == 0 and point == 0:
                raise InvalidMoveError(
                    f"a move cannot start off the board in {text!r}", notation=text
                )
            if index and point == 25:
                raise InvalidMoveError(f"a move cannot end on the bar in {text!r}", notation=text)
            if star:
                if index == 0:
                    raise InvalidMoveError(
                        f"'*' marks a hit where a checker lands, not where it starts, in {text!r}",
                        notation=text,
                    )
                hit_points.add(point)
            path.append(point)
        count = int(match["count"] or 1)
        if not 1 <= count <= 4:
            raise InvalidMoveError(f"cannot make a move {count} times in {text!r}", notation=text)
        if any(later >= earlier for earlier, later in pairwise(path)):
            raise IllegalMoveError(
                f"{token!r} moves backwards: checkers move from higher to lower points",
                notation=text,
            )
        moves.append(WrittenMove(tuple(path), frozenset(hit_points), count))
    return tuple(moves)
