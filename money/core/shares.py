"""Percentage shares of an amount, rounded down to the minor unit, and splits whose parts
always add up to the whole."""

from __future__ import annotations

from collections.abc import Mapping

#: 100 % in basis points.
WHOLE = 10_000


class SplitError(ValueError):
    """A split whose percentages do not add up to 100 %, or a negative one."""

    def __init__(self, total: int) -> None:
        super().__init__(f"the shares add up to {total} basis points, not {WHOLE}")
        self.total = total


def percent_of(amount: int, basis_points: int) -> int:
    """``basis_points`` of ``amount``, rounded down to the minor unit (the house's rule: a
    share of a percentage is never rounded up)."""
    if amount < 0 or basis_points < 0:
        raise ValueError("amounts and percentages are not negative")
    return amount * basis_points // WHOLE


def check_split(shares: Mapping[str, int]) -> None:
    total = sum(shares.values())
    if total != WHOLE or any(share < 0 for share in shares.values()):
        raise SplitError(total)


def split_by_percent(amount: int, shares: Mapping[str, int]) -> dict[str, int]:
    """``amount`` split by ``shares`` (basis points adding up to 100 %), each part rounded down;
    the cents the rounding leaves go to the first part, so the parts add up to ``amount``.

    >>> split_by_percent(1001, {"main": 7000, "consolation": 2000, "last_chance": 1000})
    {'main': 701, 'consolation': 200, 'last_chance': 100}
    """
    check_split(shares)
    parts = {key: percent_of(amount, share) for key, share in shares.items()}
    if parts:
        first = next(iter(parts))
        parts[first] += amount - sum(parts.values())
    return parts
