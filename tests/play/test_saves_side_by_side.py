"""The saves of an event loop's boards (``config.db.execute_from_loop``) do not queue behind
each other: one that waits (for a lock, for the disk) leaves the others' to other
connections of the loop."""

from __future__ import annotations

import asyncio
import time

import psycopg
import pytest
from django.db import DEFAULT_DB_ALIAS, connections

from config.db import execute_from_loop
from tests.conftest import needs_postgres

pytestmark = [pytest.mark.django_db(transaction=True), needs_postgres]

LOCK = 424242


def other_connection() -> psycopg.Connection:
    params = connections[DEFAULT_DB_ALIAS].get_connection_params()
    for name in ("cursor_factory", "context", "prepare_threshold", "pool"):
        params.pop(name, None)
    return psycopg.connect(autocommit=True, **params)


def someone_waits_for(holder, lock: int) -> bool:
    row = holder.execute(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = %s",
        [lock],
    ).fetchone()
    return bool(row[0])


def test_a_save_that_waits_does_not_hold_up_another_boards_save():
    holder = other_connection()
    holder.execute("SELECT pg_advisory_lock(%s)", [LOCK])

    async def scenario() -> int:
        waiting = asyncio.ensure_future(
            execute_from_loop("SELECT pg_advisory_xact_lock(%s)", [LOCK])
        )
        deadline = time.monotonic() + 10
        while not await asyncio.to_thread(someone_waits_for, holder, LOCK):
            assert time.monotonic() < deadline, "the first statement never reached the server"
        try:
            # Another board's save, while the first still waits for its lock.
            return await asyncio.wait_for(execute_from_loop("SELECT %s::int", [1]), 10)
        finally:
            holder.execute("SELECT pg_advisory_unlock(%s)", [LOCK])
            await waiting

    try:
        assert asyncio.run(scenario()) == 1
    finally:
        holder.close()
