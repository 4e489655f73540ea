"""Cutting the app's database connections as a restarted PostgreSQL, a failover or a firewall
would: ``pg_terminate_backend`` sent from a connection of the test's own."""

from __future__ import annotations

from typing import Any

import psycopg
from django.db import DEFAULT_DB_ALIAS, connections

#: Connection parameters of Django's that psycopg's own connection does not take.
_DJANGO_ONLY = ("cursor_factory", "context", "prepare_threshold", "pool")


def _other_connection() -> psycopg.Connection[Any]:
    params = connections[DEFAULT_DB_ALIAS].get_connection_params()
    for name in _DJANGO_ONLY:
        params.pop(name, None)
    return psycopg.connect(autocommit=True, **params)


def cut(pid: int) -> None:
    """End the server process ``pid`` (one database connection); back once it is gone."""
    with _other_connection() as other:
        other.execute("SELECT pg_terminate_backend(%s, 10000)", [pid])


def cut_this_process() -> None:
    """Cut this process's own Django connection (it is opened first if it is not)."""
    cut(own_pid())


def own_pid() -> int:
    """The server process of this process's own Django connection (opened if it is not)."""
    db = connections[DEFAULT_DB_ALIAS]
    db.ensure_connection()
    return int(db.connection.info.backend_pid)


def cut_all_others(keep: int | None = None) -> int:
    """Cut every connection to the test database but the cutter's and ``keep`` (this
    process's own, :func:`own_pid`, when not given): the server processes' (gunicorn's,
    daphne's, the worker's). How many were cut. From an event loop, pass ``keep``."""
    if keep is None:
        keep = own_pid()
    with _other_connection() as other:
        rows = other.execute(
            "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid NOT IN (%s, pg_backend_pid())"
            " AND backend_type = 'client backend'",
            [keep],
        ).fetchall()
    return len(rows)
