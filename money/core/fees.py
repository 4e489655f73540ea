"""Entry fees: which ones are owed back, and what the fees bring in."""

from __future__ import annotations

from collections.abc import Iterable


def refund_due(*, paid: bool, withdrew_before_start: bool, refund_after_start: bool) -> bool:
    """A paid fee is refunded when the player withdraws before the start; after the start
    only when the club's setting says so."""
    return paid and (withdrew_before_start or refund_after_start)


def collected(fees: Iterable[tuple[int, str]]) -> int:
    """The sum of the fees that are paid (``(amount, status)`` pairs)."""
    return sum(amount for amount, status in fees if status == "paid")
