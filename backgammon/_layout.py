"""How a position is packed into one integer (private to the package).

A position is stored as a single ``int``, four bits (a nibble) per slot, so that moving a
checker is one addition and a position is cheap to hash, compare and build:

* nibbles 0..25: the side on roll, in its own numbering: 0 = borne off, 1..24 = points,
  25 = bar;
* nibbles 32..57: the opponent, indexed by the *mover's* numbering ``t``: its checkers on the
  mover's point ``t`` (1..24) sit in nibble ``32 + t``; its bar is ``t = 0`` (the opponent
  enters on the mover's 24..19 points, coming from "beyond 0" in the mover's eyes) and its
  borne-off checkers are ``t = 25``. In the opponent's own numbering ``q = 25 - t``.

Swapping sides therefore reverses both 26-nibble blocks and exchanges them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

__all__ = [
    "BAR",
    "CHECKERS",
    "HIT_DELTA",
    "MOVER_MASK",
    "OFF",
    "OPP_BASE",
    "STEPS",
    "STEP_DELTA",
    "decode",
    "encode",
    "swap_key",
]

CHECKERS: Final = 15
BAR: Final = 25
OFF: Final = 0
OPP_BASE: Final = 32
_HEX_DIGITS: Final = 58  # nibbles 0..57
_TOP: Final = _HEX_DIGITS - 1

MOVER_MASK: Final = (1 << (4 * 26)) - 1
"""Selects the mover's 26 nibbles of a key."""

# A key's hex digits map 1:1 to counts, the most significant nibble (57) first.
_HEX_TO_COUNT: Final = bytes.maketrans(b"0123456789abcdef", bytes(range(16)))
_COUNT_TO_HEX: Final = bytes.maketrans(bytes(range(16)), b"0123456789abcdef")
_GAP: Final = bytes(OPP_BASE - 26)

STEP_DELTA: Final = tuple(
    tuple((1 << (4 * to)) - (1 << (4 * frm)) for to in range(26)) for frm in range(26)
)
"""``STEP_DELTA[frm][to]``: add to a key to move one mover checker from ``frm`` to ``to``."""

STEPS: Final = tuple(tuple((frm, to) for to in range(26)) for frm in range(26))
"""``STEPS[frm][to]``: the step ``(frm, to)`` of a play, made once and shared by every play."""

HIT_DELTA: Final = tuple((1 << (4 * OPP_BASE)) - (1 << (4 * (OPP_BASE + t))) for t in range(26))
"""``HIT_DELTA[t]``: add to a key to send the opponent's blot on the mover's point t to its bar."""


@lru_cache(maxsize=256)
def decode(key: int) -> tuple[bytes, bytes]:
    """The mover's counts (index 0..25) and the opponent's counts by mover point t (0..25).

    >>> mover, opponent = decode(encode([0] * 6 + [5] + [0] * 19, [0] * 19 + [5] + [0] * 6))
    >>> mover[6], opponent[19]
    (5, 5)
    """
    nibbles = (b"%0*x" % (_HEX_DIGITS, key)).translate(_HEX_TO_COUNT)  # nibble n at _TOP - n
    return nibbles[_TOP : _TOP - 26 : -1], nibbles[_TOP - OPP_BASE :: -1]


def encode(mover: bytes | list[int], opponent: bytes | list[int]) -> int:
    """Inverse of :func:`decode`; counts must be 0..15."""
    text = (bytes(mover) + _GAP + bytes(opponent)).translate(_COUNT_TO_HEX)
    return int(text[::-1], 16)


def swap_key(key: int) -> int:
    """The key of the same position seen by the other side."""
    mover, opponent = decode(key)
    return encode(opponent[::-1], mover[::-1])
