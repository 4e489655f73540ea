"""Generation of every legal play (private to the package).

:func:`generate` returns, for a position key and a roll, one entry per distinct resulting
position: ``(result_key, steps, hits)``. The steps are single-die moves sorted by start
point, highest first (the bar first), then by landing point, highest first: that order is
always a legal playing order. ``hits`` says which step sends an opposing blot to the bar (the
first step to land on it).

There is one general search and fast paths for the standard rules. Most rest on one fact:
when no checker can be borne off during the play and none waits on the bar, whether a step is
legal depends only on which points the opponent holds with two or more checkers, and the
mover's own steps never change that (a hit removes a blot, never a block). So:

* a non-double is "one checker by each die" or "one checker by both dice" (:func:`_pairs`);
* a double is determined by how many checkers step off each point (a vector ``x``); distinct
  vectors give distinct positions, so :func:`_doubles` enumerates vectors, not orders;
* a non-double with one checker on the bar is "enter with one die, then play the other"
  (:func:`_enter_one`); with more on the bar, each die enters one (:func:`_enter_two`).

Where a checker may be borne off during the play, :mod:`backgammon._bearoff` makes the steps
the search would make, without its general bookkeeping. The optional rules go through
:func:`search` (in :mod:`backgammon._search`), a depth-first search over step sequences,
deduplicated by resulting position. Every path gives the positions the search gives, and
exactly the plays (steps, hits, order) the generator gave before it was rewritten for speed
(kept in the tests as the reference); tests check both, and the plays against GNU Backgammon.
"""

from __future__ import annotations

from typing import Final

from ._bearoff import bear_off_doubles, bear_off_two_dice
from ._layout import BAR, CHECKERS, HIT_DELTA, STEP_DELTA, STEPS, decode
from ._search import Generated, Step, search, step_hits
from .rules import MoveRules

__all__ = ["Generated", "Step", "generate", "search"]

_HOME: Final = 6  # the mover's home board is points 1..6
_NO_HITS: Final = tuple((False,) * x for x in range(5))
_WITH_HIT: Final = tuple((True,) + (False,) * (x - 1) if x else () for x in range(5))
"""The hits of x steps off one point: only the first lands on an opposing blot."""
_NO_HIT: Final = _NO_HITS[1]
_HIT: Final = _WITH_HIT[1]


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
            if mover[BAR]:
                return _enter_two(key, opponent, hi, lo)
            if outside >= 2:
                return _pairs(key, mover, opponent, hi, lo)
            return bear_off_two_dice(key, mover, opponent, hi, lo)
        if mover[BAR] or outside >= 4:
            # From the bar a checker needs four sixes just to come home; with four checkers
            # outside, at most three come home before the last die.
            return _doubles(key, mover, opponent, hi)
        return bear_off_doubles(key, mover, opponent, hi)
    return search(key, hi, lo, rules)


def _pairs(key: int, mover: bytes, opponent: bytes, hi: int, lo: int) -> list[Generated]:
    """A non-double with nothing on the bar and no bear-off possible during the play.

    Two checkers moving one die each, ``a`` by the higher and ``b`` by the lower, always give
    distinct positions, and distinct from every play of one checker, except when one lands
    where the other starts (``b == a - hi`` or ``a == b - lo``): that is one checker moving
    through its own point, which the one-checker plays give too. So the plays are made in
    the search's order and only those chained ones are checked for repeats.
    """
    step, hit, steps = STEP_DELTA, HIT_DELTA, STEPS
    high: list[int] = []
    low: list[int] = []
    lows = []  # per point b that can move the lower die: b, its step, what it adds, its hit
    in_low = 0
    for b in range(24, lo, -1):
        if mover[b]:
            if b > hi and opponent[b - hi] < 2:
                high.append(b)
            tb = b - lo
            if opponent[tb] < 2:
                low.append(b)
                in_low |= 1 << b
                if opponent[tb] == 1:
                    lows.append((b, steps[b][tb], step[b][tb] + hit[tb], True))
                else:
                    lows.append((b, steps[b][tb], step[b][tb], False))
    results: list[Generated] = []
    through = 0  # points whose checker moved on through an own point (no hit on the way)
    if high and low:
        highs = []  # per point a that can move the higher die, what its plays need
        for a in high:
            ta = a - hi
            sa = steps[a][ta]
            blot_a = opponent[ta] == 1
            base = key + step[a][ta] + hit[ta] if blot_a else key + step[a][ta]
            skip = 1 << a if mover[a] == 1 else 0  # a lone checker cannot move twice
            if (in_low >> ta) & 1:  # a, then on from ta: one checker moving from a
                if (through >> a) & 1:
                    skip |= 1 << ta
                through |= 1 << a
            if (in_low >> (a + lo)) & 1:  # a + lo to a, then on: one checker from a + lo
                if (through >> (a + lo)) & 1:
                    skip |= 1 << (a + lo)
                through |= 1 << (a + lo)
            same = ta + lo  # the b that lands on ta too: a blot there is hit only once
            joint = (base + step[same][ta], (sa, steps[same][ta]), (blot_a, False))
            highs.append((a, sa, base, blot_a, skip, same, joint))
        results = [
            joint
            if b == same
            else (base + db, (sb, sa), (blot_b, blot_a))
            if b >= a
            else (base + db, (sa, sb), (blot_a, blot_b))
            for a, sa, base, blot_a, skip, same, joint in highs
            for b, sb, db, blot_b in lows
            if not (skip >> b) & 1
        ]
    # One checker with both dice: the intermediate point is open (it is a legal landing).
    for sources, first, second in ((high, hi, lo), (low, lo, hi)):
        for a in sources:
            ta = a - first
            t2 = ta - second
            if t2 > 0 and opponent[t2] < 2:
                blot2 = opponent[t2] == 1
                end = key + step[a][t2] + hit[t2] if blot2 else key + step[a][t2]
                if opponent[ta] == 1:
                    results.append((end + hit[ta], (steps[a][ta], steps[ta][t2]), (True, blot2)))
                elif not (through >> a) & 1:
                    through |= 1 << a
                    results.append((end, (steps[a][ta], steps[ta][t2]), (False, blot2)))
    if results:
        return results
    return _single_die(
        key, opponent, [steps[p][p - hi] for p in high] or [steps[p][p - lo] for p in low]
    )


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


def _enter_two(key: int, opponent: bytes, hi: int, lo: int) -> list[Generated]:
    """A non-double with two or more checkers on the bar: each die enters one if it can."""
    entering = [(BAR, BAR - die) for die in (lo, hi) if opponent[BAR - die] < 2]
    result = key
    for _, t in entering:
        result += STEP_DELTA[BAR][t] + HIT_DELTA[t] if opponent[t] == 1 else STEP_DELTA[BAR][t]
    steps = tuple(entering)
    return [(result, steps, tuple(opponent[t] == 1 for _, t in steps))]


def _doubles(key: int, mover: bytes, opponent: bytes, die: int) -> list[Generated]:
    """A double where no checker can be borne off during the play (maybe from the bar).

    The points are walked highest first, as bits of an int: ``live`` has a bit for each point
    a checker stands on (or has arrived on during the play), ``movable`` for each point a
    checker could step off."""
    step, hit = STEP_DELTA, HIT_DELTA
    arrivals = [0] * 26
    forced: tuple[Step, ...] = ()
    left = 4
    if mover[BAR]:
        entry = BAR - die
        if opponent[entry] > 1:
            return [(key, (), ())]
        entered = mover[BAR] if mover[BAR] < 4 else 4
        key += entered * step[BAR][entry] + (hit[entry] if opponent[entry] == 1 else 0)
        forced = ((BAR, entry),) * entered
        arrivals[entry] = entered
        left -= entered
        if not left:
            return [(key, forced, step_hits(forced, opponent))]

    # Points a checker can step off, highest first: holding or reachable, target open. Taking
    # as many steps as possible off each, highest first, plays the most dice.
    points: list[int] = []
    reachable = 0
    greedy = arrivals[:]
    target = left
    for p in range(24, die, -1):
        if (mover[p] or arrivals[p] or (reachable >> p) & 1) and opponent[p - die] < 2:
            points.append(p)
            reachable |= 1 << (p - die)
            x = mover[p] + greedy[p]
            if x > target:
                x = target
            greedy[p - die] += x
            target -= x
    target = left - target
    if not target:
        return [(key, forced, step_hits(forced, opponent))]

    # Per point, lowest first: how many steps a checker standing there could make in a row,
    # and the steps the checkers standing on it and below could make (for pruning).
    run = [0] * 26
    supply = [0] * 26
    plan: list[tuple[tuple[Step, ...], int, int, int, int]] = [((), 0, 0, 0, 0)] * 26
    last: list[tuple[int, int, tuple[Step, ...], tuple[bool, ...]]] = []
    below: list[list[tuple[int, int, tuple[Step, ...], tuple[bool, ...]]]] = [[]] * 26
    movable = 0
    live = 0
    total = 0
    for p in reversed(points):
        t = p - die
        run[p] = steps_here = run[t] + 1 if run[t] < 4 else 4
        total += mover[p] * steps_here
        supply[p] = total
        hit_delta = hit[t] if opponent[t] == 1 else 0
        single = (STEPS[p][t],)
        plan[p] = (single, step[p][t], hit_delta, steps_here, run[t])
        below[p] = last[::-1]
        last.append((p, step[p][t] + hit_delta, single, _HIT if hit_delta else _NO_HIT))
        movable |= 1 << p
        if mover[p] or arrivals[p]:
            live |= 1 << p
    results: list[Generated] = []
    append = results.append

    def take(
        top: int,
        remaining: int,
        result: int,
        steps: tuple[Step, ...],
        hits: tuple[bool, ...],
        arriving: int,
        live: int,
    ) -> None:
        # Steps off the points below ``top`` with a checker (``live``), highest point first
        # and most steps first. ``arriving``: steps the checkers that arrived on those points
        # could make.
        points = live & ((1 << top) - 1)
        while points:
            p = points.bit_length() - 1
            points ^= 1 << p
            if remaining > supply[p] + arriving:
                return
            single, delta, hit_delta, run_here, run_next = plan[p]
            here = mover[p] + arrivals[p]
            arriving -= arrivals[p] * run_here
            flags = _WITH_HIT if hit_delta else _NO_HITS
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
                reach = live | 1 << t
                results.extend(
                    [
                        (after + add, walked + one, marked + flag)
                        for q, add, one, flag in below[p]
                        if (reach >> q) & 1
                    ]
                )
                x -= 1
            while x:
                arrivals[t] += x
                take(  # noqa: F821 (itself; cleared by the del below)
                    p,
                    remaining - x,
                    result + x * delta + hit_delta,
                    steps + single * x,
                    hits + flags[x],
                    arriving + x * run_next,
                    live | (movable & 1 << t),
                )
                arrivals[t] -= x
                x -= 1

    entry_point = BAR - die
    try:
        take(
            BAR,
            target,
            key,
            forced,
            step_hits(forced, opponent),
            arrivals[entry_point] * run[entry_point],
            live,
        )
    finally:
        # ``take`` calls itself through this scope's cell, a cycle: left alone, the function
        # and all it holds would wait for the garbage collector, whose pauses then hold up
        # every online board of the process. Clearing the cell frees them now.
        del take
    return results
