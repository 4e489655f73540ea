"""The general search for legal plays (private to the package).

:func:`search` handles every position, roll and rule, the optional Regeln 15 and 16 too: a
depth-first search over step sequences, deduplicated by resulting position. The fast paths of
:mod:`backgammon._movegen` cover the common cases of the standard rules and are tested
against it.
"""

from __future__ import annotations

from typing import Final

from ._layout import BAR, CHECKERS, HIT_DELTA, STEP_DELTA, decode
from .rules import MoveRules

__all__ = ["Generated", "Step", "search", "step_hits"]

Step = tuple[int, int]
Generated = tuple[int, tuple[Step, ...], tuple[bool, ...]]

_HOME: Final = 6  # the mover's home board is points 1..6


def _playing_order(step: Step) -> tuple[int, int]:
    """Sort key: by start point, highest first, then by landing point, highest first."""
    return (-step[0], -step[1])


def step_hits(steps: tuple[Step, ...], opponent: bytes) -> tuple[bool, ...]:
    """A step hits when it is the first of the play to land on an opposing blot."""
    landed = 0
    hits = []
    for _, to in steps:
        hits.append(to > 0 and opponent[to] == 1 and not (landed >> to) & 1)
        landed |= 1 << to
    return tuple(hits)


def search(key: int, hi: int, lo: int, rules: MoveRules) -> list[Generated]:
    """The general search over step sequences; handles every case and the optional rules.

    For doubles under the standard rules it only tries sequences whose start points never
    rise (any play can be made in that order); with Regel 16, whose verdict can depend on the
    order, it tries every order.
    """
    mover_bytes, opponent_bytes = decode(key)
    if mover_bytes[0] == CHECKERS or opponent_bytes[BAR] == CHECKERS:
        return [(key, (), ())]
    mover, opponent = list(mover_bytes), list(opponent_bytes)
    doubles = hi == lo
    orders = ((hi, hi, hi, hi),) if doubles else ((hi, lo), (lo, hi))
    canonical = doubles and not rules.no_hit_and_continue_home
    no_continue = rules.no_hit_and_continue_home
    last_from = _last_checker(mover, opponent, hi, lo) if rules.last_checker_larger_die else 0

    step, hit = STEP_DELTA, HIT_DELTA
    found: dict[int, tuple[tuple[Step, ...], int]] = {}
    best = 0
    played: list[Step] = []
    visited: set[tuple[int, ...]] = set()

    def extend(
        dice: tuple[int, ...],
        depth: int,
        k: int,
        outside: int,
        top: int,
        home_hits: int,
        complied: bool,
    ) -> None:
        nonlocal best
        state = (dice[0], depth, k, top, home_hits, complied)
        if state in visited:
            return
        visited.add(state)
        moved = False
        if depth < len(dice):
            die = dice[depth]
            for p in (BAR,) if mover[BAR] else range(top, 0, -1):
                if not mover[p]:
                    continue
                t = p - die
                if t > 0:
                    if opponent[t] > 1:
                        continue
                elif outside or (t < 0 and any(mover[p + 1 : _HOME + 1])):
                    continue
                else:
                    t = 0
                if p == last_from and die != hi:
                    continue  # Regel 15: the last checker comes home with the larger die
                if no_continue and (home_hits >> p) & 1 and t > 0 and mover[t] == 1:
                    continue  # Regel 16: no hit in the home board and on onto an own blot
                hits = t > 0 and opponent[t] == 1
                mover[p] -= 1
                mover[t] += 1
                k2 = k + step[p][t]
                if hits:
                    opponent[t] = 0
                    opponent[0] += 1
                    k2 += hit[t]
                played.append((p, t))
                extend(  # noqa: F821 (itself; cleared by the del below)
                    dice,
                    depth + 1,
                    k2,
                    outside - (p > _HOME >= t),
                    p if canonical else 24,
                    home_hits | (1 << t) if hits and t <= _HOME else home_hits,
                    complied or p == last_from,
                )
                played.pop()
                if hits:
                    opponent[t] = 1
                    opponent[0] -= 1
                mover[p] += 1
                mover[t] -= 1
                moved = True
        if moved or (last_from and not complied) or depth < best:
            return
        if depth > best:
            best = depth
            found.clear()
        if k not in found:
            found[k] = (tuple(played), dice[0])

    outside = sum(mover[_HOME + 1 :])
    try:
        for dice in orders:
            extend(dice, 0, key, outside, 24, 0, False)
    finally:
        # ``extend`` calls itself through this scope's cell, a cycle that would wait for the
        # garbage collector (see ``_doubles`` in backgammon._movegen).
        del extend

    if not found:
        return [(key, (), ())]
    plays = list(found.items())
    if best == 1 and not doubles and any(die == hi for _, (_, die) in plays):
        plays = [entry for entry in plays if entry[1][1] == hi]
    results: list[Generated] = []
    for result, (steps, _) in plays:
        ordered = tuple(sorted(steps, key=_playing_order))
        results.append((result, ordered, step_hits(ordered, opponent_bytes)))
    return results


def _last_checker(mover: list[int], opponent: list[int], hi: int, lo: int) -> int:
    """Regel 15: the point of the one checker still outside, if it could enter with either die."""
    if hi == lo or mover[BAR]:
        return 0
    outside = [p for p in range(_HOME + 1, 25) if mover[p]]
    if len(outside) != 1 or mover[outside[0]] != 1:
        return 0
    p = outside[0]
    if p - lo <= _HOME and opponent[p - hi] < 2 and opponent[p - lo] < 2:
        return p
    return 0
