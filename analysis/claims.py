"""Who is running which analysis, so a worker can take the next queued one while gnubg works.

A worker process of the ``analysis`` queue hands gnubg the next queued analysis before the one
it runs is over (:mod:`analysis.run`), so gnubg never waits for Crawford between matches. It
claims that analysis with a PostgreSQL advisory lock, held by its database session: the lock
is given back when the analysis is over, and by PostgreSQL itself when the process or its
connection dies. The analysis's own task, when its turn comes and another process holds it,
works on the queued analyses no process holds, then waits for it: done by then, or run if its
holder died (delivered at least once). Only on PostgreSQL, in a real worker: elsewhere each
task runs its own analysis alone.
"""

from __future__ import annotations

import time

from django.db import DatabaseError, connection

from analysis.models import AnalysisStatus, MatchAnalysis

#: The high half of the analyses' advisory lock keys (the low half is the analysis's id).
NAMESPACE = 0x4352_4146 << 32  # "CRAF"
#: How often a task waiting for an analysis held by another process looks again (s).
POLL_SECONDS = 0.2
#: Queued analyses looked at per claim (others may be held by other processes).
CANDIDATES = 8


def key(analysis_id: int) -> int:
    """The advisory lock key of an analysis."""
    return NAMESPACE + analysis_id


def supported() -> bool:
    return connection.vendor == "postgresql"


class Claims:
    """The analyses this process holds, by id (each its advisory lock)."""

    def __init__(self) -> None:
        self.held: set[int] = set()

    def take(self, analysis_id: int) -> bool:
        """Hold ``analysis_id`` unless another process does; whether it is held here."""
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s)", [key(analysis_id)])
            got = bool(cursor.fetchone()[0])
        if got:
            self.held.add(analysis_id)
        return got

    def wait_for(self, analysis_id: int) -> None:
        """Hold ``analysis_id``, waiting while another live process holds it."""
        while not self.take(analysis_id):
            time.sleep(POLL_SECONDS)

    def next_queued(self) -> int | None:
        """Hold the oldest queued analysis that no process holds; its id, or None.

        One statement: the lock is tried on the oldest queued analyses one by one and the
        first taken is returned (the limited subquery is read first and row by row, so no
        lock is taken on an analysis that is not returned)."""
        table = MatchAnalysis._meta.db_table
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT id FROM (SELECT id FROM {table} WHERE status = %s "
                "AND NOT (id = ANY(%s)) ORDER BY id LIMIT %s) AS queued "
                "WHERE pg_try_advisory_lock(%s::bigint + queued.id) LIMIT 1",
                [AnalysisStatus.QUEUED, list(self.held), CANDIDATES, NAMESPACE],
            )
            row = cursor.fetchone()
        if row is None:
            return None
        self.held.add(row[0])
        return int(row[0])

    def release(self, analysis_id: int) -> None:
        if analysis_id not in self.held:
            return
        self.held.discard(analysis_id)
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [key(analysis_id)])
        except DatabaseError:
            # A broken connection: PostgreSQL gave the lock back when the session ended.
            # Django closes the unusable connection after the task.
            pass

    def release_all(self) -> None:
        for analysis_id in list(self.held):
            self.release(analysis_id)
