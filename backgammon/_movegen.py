"""Generation of every legal play (private to the package).

:func:`generate` returns, for a position key and a roll, one entry per distinct resulting
position: ``(result_key, steps, hits)``. The steps are single-die moves sorted by start
point, highest first (the bar first), then by landing point, highest first: that order is
always a legal playing order. ``hits`` says which step sends an opposing blot to the bar (the
first step to land on it).

There is one general search and three fast paths for the common cases. The fast paths rest on
one fact: when no checker can be borne off during the play and none waits on the bar, whether a
step is legal depends only on which points the opponent holds with two or more checkers, and
the mover's own steps never change that (a hit removes a blot, never a block). So:

* a non-double is "one checker by each die" or "one checker by both dice" (:func:`_pairs`);
* a double is determined by how many checkers step off each point (a vector ``x``); distinct
  vectors give distinct positions, so :func:`_doubles` enumerates vectors, not orders;
* a non-double with one checker on the bar is "enter with one die, then play the other"
  (:func:`_enter_one`).

Everything else (bear-off, several checkers on the bar, the optional rules) goes through
:func:`search` (in :mod:`backgammon._search`), a depth-first search over step sequences,
deduplicated by resulting position. Tests check the fast paths against the search and both
against GNU Backgammon.
"""

from __future__ import annotations

from typing import Final

from ._layout import BAR, CHECKERS, HIT_DELTA, STEP_DELTA, decode
from ._search import Generated, Step, search, step_hits
from .rules import MoveRules

__all__ = ["Generated", "Step", "generate", "search"]

_HOME: Final = 6  # the mover's home board is points 1..6


def generate(key: int, hi: int, lo: int, rules: MoveRules) -> list[Generated]:
    """All distinct plays for the position ``key`` and the roll ``hi``-``lo`` (``hi >= lo``)."""
    mover, opponent = decode(key)
    if mover[0] == CHECKERS or opponent[BAR] == CHECKERS:
        return [(key, (), ())]  # the game is over: one side has borne off every checker
    if rules.is_standard:
        outside = sum(mover[_HOME + 1 :])  # the bar included
        if hi != lo:
            if mover[BAR] == 1:
                return _enter_one(key, mover, opponent, hi, lo)
            if not mover[BAR] and outside >= 2:
                return _pairs(key, mover, opponent, hi, lo)
        elif mover[BAR] or outside >= 4:
            # From the bar a checker needs four sixes just to come home; with four checkers
            # outside, at most three come home before the last die.
            return _doubles(key, mover, opponent, hi)
    return search(key, hi, lo, rules)


def _pairs(key: int, mover: bytes, opponent: bytes, hi: int, lo: int) -> list[Generated]:
    """A non-double with nothing on the bar and no bear-off possible during the play."""
    occupied = [p for p in range(24, 0, -1) if mover[p]]
    high = [(p, p - hi) for p in occupied if p > hi and opponent[p - hi] < 2]
    low = [(p, p - lo) for p in occupied if p > lo and opponent[p - lo] < 2]
    step, hit = STEP_DELTA, HIT_DELTA
    found: dict[int, tuple[Step, Step]] = {}
    if high and low:
        low_deltas = [
            (b, tb, step[b][tb] + hit[tb] if opponent[tb] == 1 else step[b][tb]) for b, tb in low
        ]
        for a, ta in high:
            blot_a = opponent[ta] == 1
            da = step[a][ta] + hit[ta] if blot_a else step[a][ta]
            alone = mover[a] == 1
            for b, tb, db in low_deltas:
                if a == b and alone:
                    continue
                delta = da + db
                if blot_a and ta == tb:
                    delta -= hit[ta]  # the second checker lands on a point already hit
                if delta not in found:
                    found[delta] = ((a, ta), (b, tb)) if a > b else ((b, tb), (a, ta))
    # One checker with both dice: the intermediate point is open (it is a legal landing).
    for first, second in ((high, lo), (low, hi)):
        for a, ta in first:
            t2 = ta - second
            if t2 > 0 and opponent[t2] < 2:
                delta = step[a][t2]
                if opponent[ta] == 1:
                    delta += hit[ta]
                if opponent[t2] == 1:
                    delta += hit[t2]
                if delta not in found:
                    found[delta] = ((a, ta), (ta, t2))
    if found:
        return _two_steps(key, opponent, found)
    return _single_die(key, opponent, high or low)


def _two_steps(key: int, opponent: bytes, found: dict[int, tuple[Step, Step]]) -> list[Generated]:
    """The two-step plays found, one per resulting position, with their hits."""
    results: list[Generated] = []
    for delta, (s1, s2) in found.items():
        t1, t2 = s1[1], s2[1]
        results.append((key + delta, (s1, s2), (opponent[t1] == 1, opponent[t2] == 1 and t2 != t1)))
    return results


def _single_die(key: int, opponent: bytes, moves: list[Step]) -> list[Generated]:
    """Plays of one die only (the caller picks the higher die when it can be played)."""
    if not moves:
        return [(key, (), ())]
    results: list[Generated] = []
    for p, t in moves:
        if opponent[t] == 1:
            results.append((key + STEP_DELTA[p][t] + HIT_DELTA[t], ((p, t),), (True,)))
        else:
            results.append((key + STEP_DELTA[p][t], ((p, t),), (False,)))
    return results


def _enter_one(key: int, mover: bytes, opponent: bytes, hi: int, lo: int) -> list[Generated]:
    """A non-double with exactly one checker on the bar: enter with one die, play the other."""
    occupied = [p for p in range(24, 0, -1) if mover[p]]
    step, hit = STEP_DELTA, HIT_DELTA
    entries: list[Step] = []
    found: dict[int, tuple[Step, Step]] = {}
    for enter, then in ((hi, lo), (lo, hi)):
        te = BAR - enter
        if opponent[te] > 1:
            continue
        entries.append((BAR, te))
        de = step[BAR][te] + hit[te] if opponent[te] == 1 else step[BAR][te]
        sources = occupied if mover[te] else [*occupied, te]
        for p in sources:
            t = p - then
            if t > 0 and opponent[t] < 2:
                delta = de + step[p][t]
                if opponent[t] == 1 and t != te:
                    delta += hit[t]
                if delta not in found:
                    found[delta] = ((BAR, te), (p, t))
    if found:
        return _two_steps(key, opponent, found)
    return _single_die(key, opponent, entries[:1])


def _doubles(key: int, mover: bytes, opponent: bytes, die: int) -> list[Generated]:
    """A double where no checker can be borne off during the play (maybe from the bar)."""
    step, hit = STEP_DELTA, HIT_DELTA
    arrivals = [0] * 26
    forced: tuple[Step, ...] = ()
    left = 4
    if mover[BAR]:
        entry = BAR - die
        if opponent[entry] > 1:
            return [(key, (), ())]
        entered = min(mover[BAR], 4)
        key += entered * step[BAR][entry] + (hit[entry] if opponent[entry] == 1 else 0)
        forced = ((BAR, entry),) * entered
        arrivals[entry] = entered
        left -= entered
        if not left:
            return [(key, forced, step_hits(forced, opponent))]

    # Points a checker can step off, highest first: holding or reachable, target open.
    points: list[int] = []
    reachable = 0
    for p in range(24, die, -1):
        if (mover[p] or arrivals[p] or (reachable >> p) & 1) and opponent[p - die] < 2:
            points.append(p)
            reachable |= 1 << (p - die)

    # Taking as many steps as possible off each point, highest first, plays the most dice.
    greedy = arrivals[:]
    target = left
    for p in points:
        x = min(mover[p] + greedy[p], target)
        greedy[p - die] += x
        target -= x
    target = left - target
    if not target:
        return [(key, forced, step_hits(forced, opponent))]

    # How many steps a checker standing on each point could make in a row (for pruning).
    run = [0] * 26
    for p in reversed(points):
        run[p] = min(4, 1 + run[p - die])
    count = len(points)
    supply = [0] * (count + 1)  # steps the checkers standing on points[i:] could make
    for i in range(count - 1, -1, -1):
        supply[i] = supply[i + 1] + mover[points[i]] * run[points[i]]
    plan = [
        (
            p,
            ((p, p - die),),
            step[p][p - die],
            hit[p - die] if opponent[p - die] == 1 else 0,
            run[p],
            run[p - die],
        )
        for p in points
    ]
    results: list[Generated] = []
    append = results.append
    no_hits = [(False,) * x for x in range(5)]
    with_hit = [(True,) + (False,) * (x - 1) if x else () for x in range(5)]
    # The last step of a play, from each point: what it adds to the key, the step, its hit.
    last = [
        (p, delta + hit_delta, single, with_hit[1] if hit_delta else no_hits[1])
        for p, single, delta, hit_delta, _, _ in plan
    ]

    def take(
        i: int,
        remaining: int,
        result: int,
        steps: tuple[Step, ...],
        hits: tuple[bool, ...],
        arriving: int,
    ) -> None:
        # Steps off points[i:], highest point first and most steps first. ``arriving``: steps
        # the checkers that arrived on points[i:] could make.
        for j in range(i, count):
            p, single, delta, hit_delta, run_here, run_next = plan[j]
            here = mover[p] + arrivals[p]
            if not here:
                continue
            if remaining > supply[j] + arriving:
                return
            arriving -= arrivals[p] * run_here
            flags = with_hit if hit_delta else no_hits
            if remaining == 1:
                append((result + delta + hit_delta, steps + single, hits + flags[1]))
                continue
            t = p - die
            x = here if here < remaining else remaining
            if x == remaining:
                append((result + x * delta + hit_delta, steps + single * x, hits + flags[x]))
                x -= 1
            if x == remaining - 1:
                # One step left: one play per point below with a checker (t has one now).
                after = result + x * delta + hit_delta
                walked = steps + single * x
                marked = hits + flags[x]
                results.extend(
                    [
                        (after + add, walked + one, marked + flag)
                        for q, add, one, flag in last[j + 1 :]
                        if mover[q] or arrivals[q] or q == t
                    ]
                )
                x -= 1
            while x:
                arrivals[t] += x
                take(  # noqa: F821 (itself; cleared by the del below)
                    j + 1,
                    remaining - x,
                    result + x * delta + hit_delta,
                    steps + single * x,
                    hits + flags[x],
                    arriving + x * run_next,
                )
                arrivals[t] -= x
                x -= 1

    entry_point = BAR - die
    try:
        take(
            0,
            target,
            key,
            forced,
            step_hits(forced, opponent),
            arrivals[entry_point] * run[entry_point],
        )
    finally:
        # ``take`` calls itself through this scope's cell, a cycle: left alone, the function
        # and all it holds would wait for the garbage collector, whose pauses then hold up
        # every online board of the process. Clearing the cell frees them now.
        del take
    return results
