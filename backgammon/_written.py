"""A written play checked step by step, without generating every legal play (private).

Replaying a match file checks hundreds of written plays; generating all legal plays for each
costs far more than checking the one that was written. A written play that uses every die
(two, or four for a double) is legal exactly when its steps can be made one after the other:
each die moves one checker its number of pips, from the bar first, onto a point the opponent
does not hold, bearing off only with every checker home (a higher die only from the highest
point). Using every die, it needs no comparison with other plays. Anything else (fewer dice,
an order that needs trying, notation that does not split into dice) returns ``None`` and the
caller falls back to :meth:`Position.parse_play`, which generates the legal plays.

A written landing point that holds a single opposing checker is a hit, with or without
``*`` (Backgammon Galaxy and FIBS do not mark hits). A step over several dice is split the
way GNU Backgammon splits it on import: a double by its die; a non-double by an intermediate
point without opposing checkers.
"""

from __future__ import annotations

from itertools import pairwise

from ._layout import BAR, HIT_DELTA, STEP_DELTA, decode
from ._notation import WrittenMove

__all__ = ["resolve"]

Step = tuple[int, int]
_HOME = 6


def resolve(
    key: int, moves: tuple[WrittenMove, ...], hi: int, lo: int
) -> tuple[int, tuple[Step, ...], tuple[bool, ...]] | None:
    """``(result key, steps, hits)`` of the written play, or None to fall back."""
    mover_bytes, opponent_bytes = decode(key)
    steps = _split(moves, opponent_bytes, hi, lo)
    if steps is None:
        return None
    steps.sort(key=_playing_order)
    if hi == lo:
        return _apply(key, bytearray(mover_bytes), bytearray(opponent_bytes), steps, (hi,) * 4)
    for dice in ((hi, lo), (lo, hi)):
        done = _apply(key, bytearray(mover_bytes), bytearray(opponent_bytes), steps, dice)
        if done is not None:
            return done
    return None


def _playing_order(step: Step) -> tuple[int, int]:
    return (-step[0], -step[1])


def _split(moves: tuple[WrittenMove, ...], opponent: bytes, hi: int, lo: int) -> list[Step] | None:
    steps: list[Step] = []
    double = hi == lo
    for move in moves:
        path: list[Step] = []
        for start, end in pairwise(move.path):
            distance = start - end
            if double:
                if end and distance % hi:
                    return None
                point = start
                while point - hi > end:
                    path.append((point, point - hi))
                    point -= hi
                path.append((point, end))
            elif distance in (hi, lo) or (end == 0 and distance < hi):
                path.append((start, end))
            elif distance == hi + lo:
                for die in (hi, lo):
                    middle = start - die
                    if middle > 0 and not opponent[middle]:
                        path += [(start, middle), (middle, end)]
                        break
                else:
                    return None
            else:
                return None
        steps += path * move.count
    return steps if len(steps) == (4 if double else 2) else None


def _apply(
    key: int, mover: bytearray, opponent: bytearray, steps: list[Step], dice: tuple[int, ...]
) -> tuple[int, tuple[Step, ...], tuple[bool, ...]] | None:
    hits: list[bool] = []
    for (start, end), die in zip(steps, dice, strict=True):
        distance = start - end
        if not mover[start] or (mover[BAR] and start != BAR):
            return None
        if end:
            if distance != die or opponent[end] > 1:
                return None
        else:
            if distance > die or any(mover[_HOME + 1 :]):
                return None
            if distance < die and any(mover[start + 1 : _HOME + 1]):
                return None
        mover[start] -= 1
        mover[end] += 1
        key += STEP_DELTA[start][end]
        hit = end > 0 and opponent[end] == 1
        if hit:
            opponent[end] = 0
            opponent[0] += 1
            key += HIT_DELTA[end]
        hits.append(hit)
    return key, tuple(steps), tuple(hits)


def can_move(key: int, hi: int, lo: int) -> bool:
    """Whether any checker can move at all with this roll (standard rules): a legal play
    has at least one step exactly when a single die can be played."""
    mover, opponent = decode(key)
    if mover[0] == 15 or opponent[BAR] == 15:
        return False
    if mover[BAR]:
        return opponent[BAR - hi] < 2 or opponent[BAR - lo] < 2
    highest = 0
    for point in range(BAR - 1, 0, -1):
        if mover[point]:
            highest = highest or point
            if (point > hi and opponent[point - hi] < 2) or (
                point > lo and opponent[point - lo] < 2
            ):
                return True
    # No step inside the board: only bearing off is left, with every checker home.
    return highest <= _HOME and (highest <= hi or mover[hi] > 0 or mover[lo] > 0)
