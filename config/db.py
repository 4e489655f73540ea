"""A cursor for the few plain queries run on every hit of a cached page (``prepared_cursor``).

On PostgreSQL, Django binds parameters in the client and never prepares a statement (its
default, for connection poolers). Then the server parses and plans the query on every call:
for the tournament's version of a cached page, about 0.13 ms of the 0.3 ms it takes, most of
what a cached page costs beyond Django's own floor. A prepared statement is planned once per
database connection.

Behind PgBouncer in transaction mode, prepared statements need PgBouncer 1.21 or later with
``max_prepared_statements`` set; ``DB_PREPARED_STATEMENTS=false`` turns them off (README).
"""

from __future__ import annotations

from typing import Any

import psycopg
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.utils import CursorWrapper


class PreparedCursor(psycopg.Cursor):  # type: ignore[type-arg]
    """Server-side binding, and each query prepared on its connection at first use."""

    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
        kwargs.setdefault("prepare", True)
        return super().execute(query, params, **kwargs)


def prepared_cursor() -> CursorWrapper:
    """A cursor of the default database (as ``connection.cursor()``: Django's query wrappers
    and logging included; the debug log shows no SQL for a prepared run) whose queries
    PostgreSQL prepares once per connection. For a handful of fixed queries with ``%s``
    parameters; on SQLite, or with ``DB_PREPARED_STATEMENTS`` off, the ordinary cursor."""
    # The connection itself, not ``django.db.connection``: each attribute read through that
    # proxy looks the connection up again (five lookups, a tenth of the query's cost).
    db = connections[DEFAULT_DB_ALIAS]
    if db.vendor != "postgresql" or not settings.DB_PREPARED_STATEMENTS:
        return db.cursor()
    db.ensure_connection()
    with db.wrap_database_errors:
        return db._prepare_cursor(PreparedCursor(db.connection))  # type: ignore[no-any-return]
