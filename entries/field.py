"""The field's places and its waiting list, as plain numbers and lists (no Django): what a
sign-up gets, and who moves up when places come free. The services load the numbers under
the tournament's lock and write what this decides."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Outcome(enum.Enum):
    PLACE = "place"
    WAIT = "wait"
    FULL = "full"


def free_places(capacity: int | None, taken: int) -> int | None:
    """Places still free (never below 0); None without a cap."""
    if capacity is None:
        return None
    return max(capacity - taken, 0)


def sign_up_outcome(
    capacity: int | None, taken: int, *, waiting_list: bool, waiting: int = 0
) -> Outcome:
    """A new sign-up gets a place while one is free and nobody waits for it (those waiting
    come first), else a place on the waiting list, else nothing: the field is full.

    >>> sign_up_outcome(None, 40, waiting_list=False)
    <Outcome.PLACE: 'place'>
    >>> sign_up_outcome(8, 7, waiting_list=False)
    <Outcome.PLACE: 'place'>
    >>> sign_up_outcome(8, 8, waiting_list=True)
    <Outcome.WAIT: 'wait'>
    >>> sign_up_outcome(8, 8, waiting_list=False)
    <Outcome.FULL: 'full'>
    """
    free = free_places(capacity, taken)
    if free is None or free > waiting:
        return Outcome.PLACE
    return Outcome.WAIT if waiting_list else Outcome.FULL


def moving_up(capacity: int | None, taken: int, waiting: Sequence[T]) -> list[T]:
    """The first of ``waiting`` (in their order) who fit into the free places.

    >>> moving_up(8, 6, ["a", "b", "c"])
    ['a', 'b']
    >>> moving_up(8, 9, ["a"])
    []
    >>> moving_up(None, 100, ["a", "b"])
    ['a', 'b']
    """
    free = free_places(capacity, taken)
    return list(waiting) if free is None else list(waiting[:free])
