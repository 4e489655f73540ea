"""Round robin (league) schedules from Berger tables.

Entrants are given in Berger-number order (number 1 first). With an odd field a dummy makes
the count even and whoever meets the dummy has the bye. Round one is 1 v n, 2 v (n-1), ...;
each later round rotates everyone but the last number, as in the FIDE Berger tables. A double
round robin plays the same schedule twice with the names swapped.

>>> [(p.a, p.b) for p in berger_round([1, 2, 3, 4, 5, 6], 2)]
[(6, 4), (5, 3), (1, 2)]
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import PairingError
from .seeding import check_unique
from .types import EntrantId, Pairing


def round_count(entrants: int, double: bool = False) -> int:
    single = entrants - 1 if entrants % 2 == 0 else entrants
    return max(single, 0) * (2 if double else 1)


def berger_round(
    entrants: Sequence[EntrantId], round_number: int, double: bool = False
) -> tuple[Pairing, ...]:
    """The pairings of round ``round_number`` (from 1); the bye, if any, at the last table."""
    check_unique(entrants)
    if len(entrants) < 2:
        raise PairingError("too_few_entrants", "a round robin needs at least 2 entrants")
    total = round_count(len(entrants), double)
    if not 1 <= round_number <= total:
        raise PairingError("round_out_of_range", f"round {round_number} is not in 1..{total}")
    single = round_count(len(entrants))
    second_half = round_number > single
    r = round_number - single if second_half else round_number
    players: list[EntrantId | None] = list(entrants)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    half = n // 2
    ring = [players[((r - 1) * half + i) % (n - 1)] for i in range(n - 1)]
    fixed = players[-1]
    games: list[tuple[EntrantId | None, EntrantId | None]] = [
        (ring[0], fixed) if r % 2 == 1 else (fixed, ring[0])
    ]
    games.extend((ring[i], ring[n - 1 - i]) for i in range(1, half))
    if second_half:
        games = [(b, a) for a, b in games]
    pairings: list[Pairing] = []
    bye: EntrantId | None = None
    for a, b in games:
        if a is None or b is None:
            bye = a if b is None else b
        else:
            pairings.append(Pairing(len(pairings) + 1, a, b))
    if bye is not None:
        pairings.append(Pairing(len(pairings) + 1, bye, None))
    return tuple(pairings)


def berger_schedule(
    entrants: Sequence[EntrantId], double: bool = False
) -> tuple[tuple[Pairing, ...], ...]:
    """Every round, in order."""
    return tuple(
        berger_round(entrants, r, double) for r in range(1, round_count(len(entrants), double) + 1)
    )
