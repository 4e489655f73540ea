"""Seeding helpers and the standard bracket order.

Every helper returns the entrants in seed order (seed 1 first); bracket builders take that list.

>>> standard_order(8)
(1, 8, 4, 5, 3, 6, 2, 7)
>>> standard_order(16)[:8]
(1, 16, 8, 9, 5, 12, 4, 13)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence

from .errors import PairingError
from .types import EntrantId


def bracket_size(entrants: int) -> int:
    """The smallest power of two that holds ``entrants`` (at least 2)."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def standard_order(size: int) -> tuple[int, ...]:
    """Seed numbers per bracket position, top to bottom, for a bracket of ``size`` (a power of 2).

    Positions ``2i`` and ``2i + 1`` meet in round one, better seed on top. Seeds 1 and 2 can only
    meet in the final, seeds 1-4 only from the semi-finals on, and so on; in every round the
    best remaining seed meets the worst (1 v 16, 8 v 9, 5 v 12, 4 v 13, ...). Seeds above the
    number of entrants are byes, so byes fall to the top seeds.
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"bracket size must be a power of two, got {size}")
    order = [1]
    span = 1
    while span < size:
        span *= 2
        folded: list[int] = []
        for index, seed in enumerate(order):
            other = span + 1 - seed
            folded.extend((seed, other) if index % 2 == 0 else (other, seed))
        order = folded
    if size >= 2:
        for i in range(0, size, 2):
            if order[i] > order[i + 1]:
                order[i], order[i + 1] = order[i + 1], order[i]
    return tuple(order)


def check_unique(entrants: Sequence[EntrantId]) -> None:
    seen: set[EntrantId] = set()
    for entrant in entrants:
        if entrant in seen:
            raise PairingError("duplicate_entrant", f"entrant {entrant} is listed twice")
        seen.add(entrant)


def seed_manual(entrants: Sequence[EntrantId]) -> tuple[EntrantId, ...]:
    """The entrants in the order the organizer gave."""
    check_unique(entrants)
    return tuple(entrants)


def seed_random(entrants: Sequence[EntrantId], rng: random.Random) -> tuple[EntrantId, ...]:
    """A random order drawn from ``rng`` (inject a seeded ``random.Random`` to reproduce it)."""
    check_unique(entrants)
    shuffled = list(entrants)
    rng.shuffle(shuffled)
    return tuple(shuffled)


def seed_by_rating(
    entrants: Sequence[EntrantId],
    ratings: Mapping[EntrantId, float],
    rng: random.Random | None = None,
) -> tuple[EntrantId, ...]:
    """Highest rating first; unrated entrants after the rated ones.

    Equal ratings (and the unrated) keep the given order, or are shuffled with ``rng`` if given.
    """
    check_unique(entrants)
    pool = list(entrants)
    if rng is not None:
        rng.shuffle(pool)
    rated = [e for e in pool if e in ratings]
    unrated = [e for e in pool if e not in ratings]
    rated.sort(key=lambda e: -ratings[e])
    return tuple(rated + unrated)


def honour_first_round(
    order: Sequence[EntrantId],
    first_round: Callable[[Sequence[EntrantId]], Collection[frozenset[EntrantId]]],
    *,
    forbidden: Collection[frozenset[EntrantId]] = (),
    pinned: Collection[frozenset[EntrantId]] = (),
) -> tuple[EntrantId, ...]:
    """The seed order moved as little as needed so that pinned pairs meet in the first round
    and forbidden pairs do not, where possible. ``first_round(order)`` gives the pairs the
    bracket makes of an order (byes left out). A player trades places with the nearest seed
    that keeps every rule already met; a rule that cannot be met is left as it was."""
    current = list(order)
    forbidden = {pair for pair in forbidden if len(pair) == 2 and pair <= set(current)}
    pinned = {pair for pair in pinned if len(pair) == 2 and pair <= set(current)}

    def broken(candidate: Sequence[EntrantId]) -> int:
        pairs = set(first_round(candidate))
        return len(pinned - pairs) * (len(forbidden) + 1) + len(forbidden & pairs)

    score = broken(current)
    for rule in [*sorted(pinned, key=sorted), *sorted(forbidden, key=sorted)]:
        if score == 0:
            break
        pairs = set(first_round(current))
        if (rule in pairs) == (rule in pinned):
            continue
        mover = max(rule, key=current.index)  # the lower seed moves
        at = current.index(mover)
        for distance in range(1, len(current)):
            best = None
            for other in (at - distance, at + distance):
                if not 0 <= other < len(current):
                    continue
                candidate = list(current)
                candidate[at], candidate[other] = candidate[other], candidate[at]
                if broken(candidate) < score:
                    best = candidate
                    break
            if best is not None:
                current, score = best, broken(best)
                break
    return tuple(current)
