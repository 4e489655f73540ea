"""GNU Backgammon Position IDs (private to the package).

The key is 80 bits: first the side *not* on roll, then the side on roll, each from its own
ace point to its bar, one 1-bit per checker and a 0-bit after each point; bits are filled
least significant first into 10 bytes, which are written in standard base64 without the
padding. (gnubg's manual describes the two sides the other way round; its code and every
position it prints put the side not on roll first.)
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Final

from ._layout import BAR, CHECKERS, encode

__all__ = ["key_from_counts", "key_from_position_id", "position_id_from_counts"]

_ID_PATTERN: Final = re.compile(r"[A-Za-z0-9+/]{14}")


def position_id_from_counts(mover: bytes, opponent: bytes) -> str:
    """The Position ID for the decoded key (see :func:`backgammon._layout.decode`)."""
    runs = []
    # The side not on roll first, in its own numbering: its point q is the mover's 25 - q.
    for q in range(1, BAR + 1):
        runs.append("1" * opponent[BAR - q])
    for p in range(1, BAR + 1):
        runs.append("1" * mover[p])
    bits = "0".join(runs) + "0"
    value = int(bits[::-1], 2)
    return base64.b64encode(value.to_bytes(10, "little")).decode("ascii")[:14]


def key_from_position_id(position_id: str) -> int:
    """Decode and check a Position ID; raise ``ValueError`` for invalid or impossible ones."""
    if not isinstance(position_id, str) or not _ID_PATTERN.fullmatch(position_id):
        raise ValueError(f"invalid Position ID {position_id!r}: expected 14 base64 characters")
    try:
        raw = base64.b64decode(position_id + "==", validate=True)
    except binascii.Error as error:  # pragma: no cover - the pattern already rules this out
        raise ValueError(f"invalid Position ID {position_id!r}: {error}") from None
    bits = format(int.from_bytes(raw, "little"), "080b")[::-1]
    runs = bits.split("0")
    if len(runs) <= 2 * BAR or any(runs[2 * BAR :]):
        raise ValueError(
            f"invalid Position ID {position_id!r}: it does not describe 25 points per side"
        )
    not_on_roll = [len(run) for run in runs[:BAR]]
    on_roll = [len(run) for run in runs[BAR : 2 * BAR]]
    return key_from_counts(on_roll, not_on_roll, f"Position ID {position_id!r}")


def key_from_counts(mover: list[int], opponent: list[int], what: str = "position") -> int:
    """Check both sides (own numbering, index 0 = point 1, index 24 = bar) and pack them.

    Raises ``ValueError`` for more than fifteen checkers on a side, both sides on one point,
    or a position where both sides have borne off every checker.
    """
    for side, counts in (("side on roll", mover), ("side not on roll", opponent)):
        if len(counts) != BAR or any(c < 0 for c in counts):
            raise ValueError(f"invalid {what}: bad checker counts for the {side}")
        if sum(counts) > CHECKERS:
            raise ValueError(
                f"impossible {what}: the {side} has {sum(counts)} checkers (at most 15)"
            )
    for p in range(1, 25):
        if mover[p - 1] and opponent[BAR - p - 1]:
            raise ValueError(
                f"impossible {what}: both sides have checkers on point {p} of the side on roll"
            )
    if not sum(mover) and not sum(opponent):
        raise ValueError(f"impossible {what}: both sides have borne off all their checkers")
    mover_slots = [CHECKERS - sum(mover), *mover]  # 0 = off, 1..24 points, 25 = bar
    opponent_slots = [0] * (BAR + 1)
    for q in range(1, BAR + 1):
        opponent_slots[BAR - q] = opponent[q - 1]
    opponent_slots[BAR] = CHECKERS - sum(opponent)
    return encode(mover_slots, opponent_slots)
