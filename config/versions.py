"""How a page version is raised: a row's ``version`` column, one higher in the transaction of
the change it announces, by the service that makes the change.

A club's (``clubs.versions``) and a tournament's (``tournaments.versions``) are raised this
way: each of those modules says what its blocks are for and remembers what the open blocks of
the call stack raised already; the statements themselves are here, once.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db import connection
from django.db.models import F, Model, Q
from django.db.transaction import TransactionManagementError


def check_in_transaction() -> None:
    """Refuse to raise a version outside a transaction: it is raised in the transaction of
    the change it announces."""
    if not connection.in_atomic_block:
        raise TransactionManagementError(
            "A version is raised in the transaction of the change it announces."
        )


def raise_version(model: type[Model], pk: int) -> None:
    """Raise the version of this row: one ``UPDATE``, which locks it."""
    manager: Any = model._default_manager
    manager.filter(pk=pk).update(version=F("version") + 1)


def raise_versions(model: type[Model], condition: Q, raised: Collection[int] = ()) -> list[int]:
    """Lock the rows matching ``condition`` in the order of their ids (two such changes
    never wait for each other in a circle), then raise those not in ``raised`` with one
    ``UPDATE``. Their ids, in that order."""
    manager: Any = model._default_manager
    matching = manager.filter(condition).values("pk")
    ids = [
        pk
        for pk in manager.select_for_update()
        .filter(pk__in=matching)
        .order_by("pk")
        .values_list("pk", flat=True)
        if pk not in raised
    ]
    if ids:
        manager.filter(pk__in=ids).update(version=F("version") + 1)
    return ids
