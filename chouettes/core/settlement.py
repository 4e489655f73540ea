"""Who pays whom at the end of a session, with the fewest transfers.

The fewest transfers that settle balances summing to zero is ``n - g``: ``n`` the players with
a balance, ``g`` the most groups they can be split into that each sum to zero (each group of
``k`` settles in ``k - 1`` transfers, and no fewer can do). Finding ``g`` is NP-hard in
general; a session has at most ten players, and a search over subsets (``2**n * n`` steps)
is exact and quick.

>>> settle({1: 30, 2: -10, 3: -20, 4: 5, 5: -5})
[Transfer(payer=3, payee=1, amount=20), Transfer(payer=2, payee=1, amount=10), \
Transfer(payer=5, payee=4, amount=5)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["Transfer", "settle", "zero_sum_groups"]

#: The exact search stops being quick beyond this many balances.
MAX_BALANCES = 16


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: int
    payee: int
    amount: int


def zero_sum_groups(balances: Mapping[int, int]) -> list[list[int]]:
    """The players with a balance, split into the most groups that each sum to zero."""
    players = sorted(p for p, amount in balances.items() if amount)
    n = len(players)
    if n > MAX_BALANCES:
        raise ValueError(f"{n} balances are too many to settle exactly")
    if sum(balances[p] for p in players) != 0:
        raise ValueError("balances do not sum to zero")
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + balances[players[low.bit_length() - 1]]
    # best[mask]: the most zero-sum groups the players of mask split into, taking them one by
    # one (every time the running sum returns to zero a group closes).
    best = [0] * (full + 1)
    came_from = [0] * (full + 1)
    for mask in range(1, full + 1):
        bonus = 1 if sums[mask] == 0 else 0
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            if best[mask ^ low] + bonus > best[mask] or came_from[mask] == 0:
                best[mask] = best[mask ^ low] + bonus
                came_from[mask] = low
    groups: list[list[int]] = []
    current: list[int] = []
    mask = full
    while mask:
        if sums[mask] == 0 and current:
            groups.append(current)
            current = []
        low = came_from[mask]
        current.append(players[low.bit_length() - 1])
        mask ^= low
    if current:
        groups.append(current)
    return groups


def _settle_group(balances: Mapping[int, int], group: list[int]) -> list[Transfer]:
    """``len(group) - 1`` transfers at most: every transfer clears one side at least."""
    owed = {p: balances[p] for p in group}
    transfers = []
    while any(owed.values()):
        payer = min(owed, key=lambda p: (owed[p], p))
        payee = max(owed, key=lambda p: (owed[p], -p))
        amount = min(-owed[payer], owed[payee])
        transfers.append(Transfer(payer, payee, amount))
        owed[payer] += amount
        owed[payee] -= amount
    return transfers


def settle(balances: Mapping[int, int]) -> list[Transfer]:
    """The transfers that bring every balance to zero, as few as can be (positive balances
    receive, negative ones pay)."""
    transfers: list[Transfer] = []
    for group in zero_sum_groups(balances):
        transfers.extend(_settle_group(balances, group))
    return transfers
