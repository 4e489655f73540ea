"""The query every cached page runs (its tournament's version) is a statement PostgreSQL
prepares once per connection (``config.db``), and still a query Django sees; an online
action's statement runs on the event loop's own connection, opened again when it was cut."""

from __future__ import annotations

import asyncio
import logging

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.db import execute_from_loop
from tests.conftest import needs_postgres
from tests.faults.cuts import cut_all_others, own_pid

# Committed data: the tests start a fresh connection (forgetting what was prepared on it).
pytestmark = [pytest.mark.django_db(transaction=True), needs_postgres]


def prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def version_queries(statements: list[str]) -> list[str]:
    return [s for s in statements if "t.version" in s and "tournaments_tournament" in s]


@pytest.fixture
def tournament(make_tournament):
    return make_tournament(4, format="swiss", swiss_rounds=3)  # published, as by default


def reset_prepared() -> None:
    """Forget what earlier tests prepared on this connection (psycopg's record of it too)."""
    connection.close()
    connection.ensure_connection()


def test_a_cached_pages_version_query_is_prepared_once_and_still_counted(client, tournament):
    reset_prepared()
    url = tournament.get_absolute_url()
    assert client.get(url).status_code == 200  # built and cached
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    assert len(queries) == 1  # the version, seen by Django's query log like any other
    assert len(version_queries(prepared_statements())) == 1
    client.get(url)
    assert len(version_queries(prepared_statements())) == 1  # prepared once, used again


def test_the_event_loops_connection_cut_while_it_idled_is_opened_again_before_a_statement(caplog):
    keep = own_pid()

    async def statement() -> int:
        return await execute_from_loop("SELECT %s::int", [1])

    async def scenario() -> int:
        assert await statement() == 1
        assert await asyncio.to_thread(cut_all_others, keep) >= 1  # the loop's connection
        return await statement()

    with caplog.at_level(logging.INFO, logger="config.db"):
        assert asyncio.run(scenario()) == 1
    # Sent once, on a new connection: not on the cut one, to fail and be sent again.
    assert [record.getMessage() for record in caplog.records if record.name == "config.db"] == []
