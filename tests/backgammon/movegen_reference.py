"""The generator of legal plays as it was before its fast paths were rewritten for speed.

Kept unchanged as the reference of ``test_moves_generators.py``: the engine's generator must
give exactly what this one gives (the same plays, steps, hits and order) for every position
and roll. It is ``backgammon/_movegen.py`` as it stood, docstrings shortened.

The original module's description: one general search and three fast paths for the common
cases; when no checker can be borne off during the play and none waits on the bar, whether a
step is legal depends only on the points the opponent holds with two or more checkers.
"""

from __future__ import annotations

from typing import Final

from backgammon._layout import BAR, CHECKERS, HIT_DELTA, STEP_DELTA, decode
from backgammon.rules import MoveRules

__all__ = ["Generated", "Step", "generate", "search"]

Step = tuple[int, int]
Generated = tuple[int, tuple[Step, ...], tuple[bool, ...]]

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


def _playing_order(step: Step) -> tuple[int, int]:
    """Sort key: by start point, highest first, then by landing point, highest first."""
    return (-step[0], -step[1])


def _hits(steps: tuple[Step, ...], opponent: bytes) -> tuple[bool, ...]:
    """A step hits when it is the first of the play to land on an opposing blot."""
    landed = 0
    hits = []
    for _, to in steps:
        hits.append(to > 0 and opponent[to] == 1 and not (landed >> to) & 1)
        landed |= 1 << to
    return tuple(hits)


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
            return [(key, forced, _hits(forced, opponent))]

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
        return [(key, forced, _hits(forced, opponent))]

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
    no_hits = [(False,) * x for x in range(5)]
    with_hit = [(True,) + (False,) * (x - 1) if x else () for x in range(5)]

    def take(
        i: int,
        remaining: int,
        result: int,
        steps: tuple[Step, ...],
        hits: tuple[bool, ...],
        arriving: int,
    ) -> None:
        # ``arriving``: steps the checkers that arrived on points[i:] could make.
        while i < count and not (mover[points[i]] or arrivals[points[i]]):
            i += 1
        if remaining > supply[i] + arriving:
            return
        p, single, delta, hit_delta, run_here, run_next = plan[i]
        t = p - die
        arriving -= arrivals[p] * run_here
        flags = with_hit if hit_delta else no_hits
        for x in range(min(mover[p] + arrivals[p], remaining), 0, -1):
            if x == remaining:
                results.append(
                    (result + x * delta + hit_delta, steps + single * x, hits + flags[x])
                )
                continue
            arrivals[t] += x
            take(  # noqa: F821 (itself; cleared by the del below)
                i + 1,
                remaining - x,
                result + x * delta + hit_delta,
                steps + single * x,
                hits + flags[x],
                arriving + x * run_next,
            )
            arrivals[t] -= x
        take(i + 1, remaining, result, steps, hits, arriving)  # noqa: F821

    entry_point = BAR - die
    try:
        take(
            0,
            target,
            key,
            forced,
            _hits(forced, opponent),
            arrivals[entry_point] * run[entry_point],
        )
    finally:
        # ``take`` calls itself through this scope's cell, a cycle: left alone, the function
        # and all it holds would wait for the garbage collector, whose pauses then hold up
        # every online board of the process. Clearing the cell frees them now.
        del take
    return results


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
        del extend  # a cycle, as in _doubles

    if not found:
        return [(key, (), ())]
    plays = list(found.items())
    if best == 1 and not doubles and any(die == hi for _, (_, die) in plays):
        plays = [entry for entry in plays if entry[1][1] == hi]
    results: list[Generated] = []
    for result, (steps, _) in plays:
        ordered = tuple(sorted(steps, key=_playing_order))
        results.append((result, ordered, _hits(ordered, opponent_bytes)))
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
