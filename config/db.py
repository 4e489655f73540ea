"""A cursor for the few plain queries run on every hit of a cached page (``prepared_cursor``),
and a connection of the event loop for the one statement an online action runs
(``execute_from_loop``).

On PostgreSQL, Django binds parameters in the client and never prepares a statement (its
default, for connection poolers). Then the server parses and plans the query on every call:
for the tournament's version of a cached page, about 0.13 ms of the 0.3 ms it takes, most of
what a cached page costs beyond Django's own floor. A prepared statement is planned once per
database connection.

Behind PgBouncer in transaction mode, prepared statements need PgBouncer 1.21 or later with
``max_prepared_statements`` set (docs/operations.md).
"""

from __future__ import annotations

import asyncio
import logging
import random
import weakref
from typing import Any

import psycopg
from channels.db import database_sync_to_async
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.utils import CursorWrapper

from config.postgresql.cut import was_cut

logger = logging.getLogger(__name__)


class PreparedCursor(psycopg.Cursor):  # type: ignore[type-arg]
    """Server-side binding, and each query prepared on its connection at first use."""

    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
        kwargs.setdefault("prepare", True)
        return super().execute(query, params, **kwargs)


def prepared_cursor() -> CursorWrapper:
    """A cursor of the default database (as ``connection.cursor()``: Django's query wrappers
    and logging included; the debug log shows no SQL for a prepared run) whose queries
    PostgreSQL prepares once per connection. For a handful of fixed queries with ``%s``
    parameters; on SQLite, the ordinary cursor."""
    # The connection itself, not ``django.db.connection``: each attribute read through that
    # proxy looks the connection up again (five lookups, a tenth of the query's cost).
    db = connections[DEFAULT_DB_ALIAS]
    if db.vendor != "postgresql":
        return db.cursor()
    db.ensure_connection()
    with db.wrap_database_errors:
        return db._prepare_cursor(PreparedCursor(db.connection))  # type: ignore[no-any-return]


# --- One statement from the event loop ---------------------------------------------------------
#
# An online action is decided on the board's copy of the game and saved with one UPDATE. Run
# through Django, that UPDATE costs a hop to a worker thread and back, a connection taken from
# the pool and given back, and Django's checks of old connections before and after: more than
# the statement itself. On PostgreSQL the event loop runs it on a connection of its own instead
# (psycopg's asyncio connection, one per loop, so one more per ASGI process), in autocommit as
# Django would. SQLite has no asyncio driver: there the statement goes to a worker thread, on
# Django's connection (a local file: no round trip to save).

_loop_connections: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Any] = (
    weakref.WeakKeyDictionary()
)
_loop_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)
#: Every such connection still open somewhere (a loop gone, a failed test's frames), with
#: its loop.
_opened: weakref.WeakKeyDictionary[Any, weakref.ref[asyncio.AbstractEventLoop]] = (
    weakref.WeakKeyDictionary()
)
#: Connection parameters of Django's that psycopg's own connection does not take.
_DJANGO_ONLY = ("cursor_factory", "context", "prepare_threshold", "pool")
#: The most connections a loop opens. A connection runs one statement at a time, and each
#: save waits for its commit to reach the disk: while the loop's first connection is busy,
#: a statement goes to a spare one (opened when none is idle), so that saves of different
#: boards are flushed together instead of queueing behind each other. On a busy machine one
#: connection committed about 110 such statements a second, four 430-710
#: (benchmarks/online.py at 1,000 boards asks about 250 a second of each process).
LOOP_CONNECTIONS = 4
#: A loop's spare connections, beside its first (``_loop_connections``).
_loop_spares: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, list[Any]] = (
    weakref.WeakKeyDictionary()
)


async def _connect(loop: asyncio.AbstractEventLoop) -> Any:
    db = connections[DEFAULT_DB_ALIAS]
    params = db.get_connection_params()
    for name in _DJANGO_ONLY:
        params.pop(name, None)
    connection = await psycopg.AsyncConnection.connect(autocommit=True, **params)
    _opened[connection] = weakref.ref(loop)
    return connection


async def _loop_connection() -> Any:
    loop = asyncio.get_running_loop()
    connection = _loop_connections.get(loop)
    if connection is not None and connection.lock.locked():
        return await _spare_connection(loop, connection)
    if connection is not None and not was_cut(connection):
        return connection
    lock = _loop_locks.setdefault(loop, asyncio.Lock())
    async with lock:
        connection = _loop_connections.get(loop)
        if connection is not None and was_cut(connection):
            # Closed, or ended while it idled (a restart of PostgreSQL, a failover): replaced
            # before a statement is sent on it.
            await connection.close()
            connection = None
        if connection is None:
            connection = _loop_connections[loop] = await _connect(loop)
    return connection


async def _spare_connection(loop: asyncio.AbstractEventLoop, first: Any) -> Any:
    """An idle spare connection of the loop (one that was cut is dropped), a new one while
    there are fewer than :data:`LOOP_CONNECTIONS`, else one of the busy ones, at random."""
    spares = _loop_spares.setdefault(loop, [])
    for spare in list(spares):
        if spare.lock.locked():
            continue
        if not was_cut(spare):
            return spare
        spares.remove(spare)
        await spare.close()
    if len(spares) + 1 < LOOP_CONNECTIONS:
        async with _loop_locks.setdefault(loop, asyncio.Lock()):
            if len(spares) + 1 < LOOP_CONNECTIONS:
                spares.append(await _connect(loop))
                return spares[-1]
    busy = [first, *spares]
    return busy[random.randrange(len(busy))]


async def execute_from_loop(query: str, params: Any) -> int:
    """Run one statement of the default database from the event loop, in autocommit; the
    number of rows it changed. The statement is written for the database's vendor.

    On PostgreSQL it runs on the loop's own connection (or a spare one while that is busy:
    :data:`LOOP_CONNECTIONS`), prepared once per connection. One
    that was cut while it idled (``config.postgresql.cut``) is opened again before the
    statement is sent. When it fails under the statement (cut in between), it is opened
    again and the statement sent once more: a caller's statement must find nothing to change
    when it had run (an UPDATE guarded by the row's version). A second failure is raised. On
    SQLite it runs on Django's connection in a worker thread."""
    if connections[DEFAULT_DB_ALIAS].vendor != "postgresql":
        return int(await _execute_in_thread(query, params))
    return await _execute_on_loop_connection(query, params)


async def _execute_on_loop_connection(query: str, params: Any) -> int:
    connection = await _loop_connection()
    try:
        cursor = await connection.execute(query, params, prepare=True)
    except psycopg.OperationalError:
        await connection.close()
        logger.info("the event loop's database connection failed; opening it again")
        connection = await _loop_connection()
        cursor = await connection.execute(query, params, prepare=True)
    return int(cursor.rowcount)


def _execute(query: str, params: Any) -> int:
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute(query, params)
        return int(cursor.rowcount)


_execute_in_thread = database_sync_to_async(_execute, thread_sensitive=False)


def close_loop_connections() -> None:
    """Close every event loop's connection (tests, before their database goes): on its own
    loop when that runs in another thread (a test server's), else at once."""
    for connection, loop_ref in list(_opened.items()):
        loop = loop_ref()
        if loop is not None and loop.is_running() and not loop.is_closed():
            try:
                current = asyncio.get_running_loop()
            except RuntimeError:
                current = None
            if loop is not current:
                asyncio.run_coroutine_threadsafe(connection.close(), loop).result(timeout=10)
                continue
        connection.pgconn.finish()
    _opened.clear()
    _loop_connections.clear()
    _loop_spares.clear()
