"""Django's PostgreSQL backend, whose connections are checked before use by a poll of their
socket (:func:`config.postgresql.cut.was_cut`) instead of a query: one that PostgreSQL or
the network ended while it idled (a restart, a failover) is replaced, so that it costs no
request and no board.

- A kept connection (gunicorn's workers, ``CONN_MAX_AGE``) is looked at where Django looks
  at its age, at the start and end of each request (and of each Celery task): before the
  request's first query, whichever way it is run (the prepared queries of
  ``config.db.prepared_cursor`` do not pass Django's own check, ``CONN_HEALTH_CHECKS``).
- A pooled one (psycopg's pool, daphne) when Django takes it from the pool. The pool can
  check what it hands out itself (its ``check``), but Django gives it its own check (a query,
  with ``CONN_HEALTH_CHECKS``), and the pool waits a second after a connection fails it, two
  after the next, and so on: a cut ends all of them at once, and a pool of eight dead ones
  took longer than its timeout. A cut one is dropped here instead (the pool opens another in
  the background) and the next one taken at once.
"""

from __future__ import annotations

from typing import Any

from django.db.backends.postgresql import base

from .cut import was_cut


class DatabaseWrapper(base.DatabaseWrapper):
    def close_if_unusable_or_obsolete(self) -> None:
        """Django's rule (a broken connection or one past its age is closed), and a
        connection cut since it was last used is closed, to be opened again by the next
        query. Inside a transaction (an atomic block) nothing is closed: that block's work
        is lost with the connection either way."""
        super().close_if_unusable_or_obsolete()
        if self.connection is not None and not self.in_atomic_block and was_cut(self.connection):
            self.close()

    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        """A new connection, or a pooled one that was not cut; a cut one is given back
        closed (the pool drops it) and the next one taken, as often as the pool holds
        connections."""
        connection = super().get_new_connection(conn_params)
        pool = self.pool
        if pool is None:
            return connection  # just opened
        for _ in range(pool.max_size):
            if not was_cut(connection):
                break
            connection.close()
            pool.putconn(connection)
            connection = super().get_new_connection(conn_params)
        return connection
