"""Legal plays where a checker may be borne off during the play (private to the package).

Fast paths of :func:`backgammon._movegen.generate` for the standard rules, with nothing on the
bar. They give exactly what :func:`backgammon._search.search` gives (the same plays, steps and
order) and are tested against it: they make the same steps in the same order, without its
general bookkeeping. A checker may be borne off when no checker is outside the home board,
from its point with the exact number, or from the highest point with a larger number.
"""

from __future__ import annotations

from typing import Final

from ._layout import HIT_DELTA, STEP_DELTA, STEPS
from ._search import Generated, Step

__all__ = ["bear_off_doubles", "bear_off_two_dice"]

_HOME: Final = 6  # the mover's home board is points 1..6


def bear_off_two_dice(key: int, mover: bytes, opponent: bytes, hi: int, lo: int) -> list[Generated]:
    """A non-double with nothing on the bar and at most one checker outside the home board."""
    counts = list(mover)
    step, hit = STEP_DELTA, HIT_DELTA
    top = max(p for p in range(24, 0, -1) if counts[p])
    outside = sum(counts[_HOME + 1 : 25])
    both: dict[int, tuple[Step, Step]] = {}
    single: dict[int, tuple[Step, int]] = {}  # plays of one die, and which die
    for first, second in ((hi, lo), (lo, hi)):
        for p in range(top, 0, -1):
            if not counts[p]:
                continue
            t = p - first
            if t > 0:
                if opponent[t] > 1:
                    continue
            elif outside or (t < 0 and p != top):
                continue
            else:
                t = 0
            counts[p] -= 1
            counts[t] += 1
            hits = t > 0 and opponent[t] == 1
            after = key + step[p][t] + hit[t] if hits else key + step[p][t]
            left = outside - (p > _HOME >= t)
            highest = 0  # the highest point with a checker after the first step
            moved = False
            for q in range(top, 0, -1):
                if not counts[q]:
                    continue
                if not highest:
                    highest = q
                u = q - second
                if u > 0:
                    if opponent[u] > 1:
                        continue
                elif left or (u < 0 and q != highest):
                    continue
                else:
                    u = 0
                moved = True
                # A second landing on a point the first step hit finds no blot there.
                end = (
                    after + step[q][u] + hit[u]
                    if u and u != t and opponent[u] == 1
                    else (after + step[q][u])
                )
                if end not in both:
                    both[end] = ((p, t), (q, u))
            counts[p] += 1
            counts[t] -= 1
            if not moved and not both and after not in single:
                single[after] = ((p, t), first)
    if both:
        results: list[Generated] = []
        for end, (one, two) in both.items():
            if one < two:
                one, two = two, one  # the playing order: the higher start point first
            a, b = one[1], two[1]
            hit_a = a > 0 and opponent[a] == 1
            results.append((end, (one, two), (hit_a, b > 0 and opponent[b] == 1 and b != a)))
        return results
    if not single:
        return [(key, (), ())]
    plays = list(single.items())
    if any(die == hi for _, (_, die) in plays):
        plays = [entry for entry in plays if entry[1][1] == hi]
    return [(end, (only,), (only[1] > 0 and opponent[only[1]] == 1,)) for end, (only, _) in plays]


def bear_off_doubles(key: int, mover: bytes, opponent: bytes, die: int) -> list[Generated]:
    """A double with nothing on the bar and at most three checkers outside the home board.

    The steps are made highest start point first, as the search makes them for doubles: each
    set of steps is then tried once, in its playing order, and gives its own position.
    """
    counts = list(mover)
    step, hit, steps = STEP_DELTA, HIT_DELTA, STEPS
    found: dict[int, tuple[tuple[Step, ...], tuple[bool, ...]]] = {}
    best = 0

    def extend(
        depth: int,
        k: int,
        outside: int,
        top: int,
        played: tuple[Step, ...],
        hits: tuple[bool, ...],
        landed: int,
    ) -> None:
        nonlocal best
        moved = False
        if depth < 4:
            for p in range(top, 0, -1):
                if not counts[p]:
                    continue
                t = p - die
                if t > 0:
                    if opponent[t] > 1:
                        continue
                elif outside or (t < 0 and any(counts[p + 1 : _HOME + 1])):
                    continue
                else:
                    t = 0
                moved = True
                counts[p] -= 1
                counts[t] += 1
                left = outside - (p > _HOME >= t)
                if t and opponent[t] == 1 and not (landed >> t) & 1:
                    extend(  # noqa: F821 (itself; cleared by the del below)
                        depth + 1,
                        k + step[p][t] + hit[t],
                        left,
                        p,
                        (*played, steps[p][t]),
                        (*hits, True),
                        landed | 1 << t,
                    )
                else:
                    extend(  # noqa: F821
                        depth + 1,
                        k + step[p][t],
                        left,
                        p,
                        (*played, steps[p][t]),
                        (*hits, False),
                        landed | 1 << t,
                    )
                counts[p] += 1
                counts[t] -= 1
        if moved or depth < best:
            return
        if depth > best:
            best = depth
            found.clear()
        if k not in found:
            found[k] = (played, hits)

    try:
        extend(0, key, sum(counts[_HOME + 1 : 25]), 24, (), (), 0)
    finally:
        # ``extend`` calls itself through this scope's cell, a cycle that would wait for the
        # garbage collector (see ``_doubles`` in backgammon._movegen).
        del extend
    return [(k, played, hits) for k, (played, hits) in found.items()]
