"""A database connection that PostgreSQL or the network ended while it idled (a restart, a
failover) is told from a live one without a round trip (``config.postgresql.cut``) and
replaced before a query is sent on it: a kept one at a request's start, a pooled one when
Django takes it from psycopg's pool (``config.postgresql``)."""

from __future__ import annotations

import select
from typing import Any

import psycopg
import pytest
from django.db import DEFAULT_DB_ALIAS, close_old_connections, connection, connections

from config.db import prepared_cursor
from config.postgresql.cut import was_cut
from tests.conftest import needs_postgres
from tests.faults.cuts import cut, own_pid

# Committed work and connections opened, cut and closed: no test transaction around them.
pytestmark = [pytest.mark.django_db(transaction=True), needs_postgres]

#: Connection parameters of Django's that psycopg's own connection does not take.
DJANGO_ONLY = ("cursor_factory", "context", "prepare_threshold", "pool")


def plain_connection() -> psycopg.Connection[Any]:
    params = connection.get_connection_params()
    for name in DJANGO_ONLY:
        params.pop(name, None)
    return psycopg.connect(autocommit=True, **params)


def test_a_connection_reads_as_cut_once_the_server_ended_it():
    with plain_connection() as conn:
        conn.execute("SELECT 1")
        assert not was_cut(conn)  # idle and alive
        cut(conn.info.backend_pid)
        assert was_cut(conn)
        with pytest.raises(psycopg.OperationalError):
            conn.execute("SELECT 1")  # what the check spares a request
    assert was_cut(conn)  # closed


def test_a_connection_waiting_for_its_answer_is_not_cut():
    with plain_connection() as conn:
        pgconn = conn.pgconn
        pgconn.send_query(b"SELECT 1")
        readable, _, _ = select.select([pgconn.socket], [], [], 30)
        assert readable  # the answer is there to read, unread
        assert not was_cut(conn)
        while pgconn.get_result() is not None:  # read it: the connection idles again
            pass
        assert not was_cut(conn)


@pytest.fixture
def kept_connection(monkeypatch):
    """This process's Django connection kept between requests, as gunicorn's workers keep
    theirs (``CONN_MAX_AGE``)."""
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 600)
    connection.close()
    connection.ensure_connection()
    yield connection
    connection.close()


def backend_pid_by_query() -> int:
    """The server process that answers a cached page's own (prepared) query."""
    with prepared_cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return int(cursor.fetchone()[0])


def test_a_kept_connection_is_kept_from_request_to_request(kept_connection):
    before = own_pid()
    close_old_connections()  # a request's end and the next one's start
    close_old_connections()
    assert backend_pid_by_query() == before


def test_a_kept_connection_cut_between_requests_is_replaced_before_the_next_query(
    kept_connection,
):
    before = own_pid()
    cut(before)
    close_old_connections()  # the next request's start
    assert backend_pid_by_query() != before  # answered, on a new connection


@pytest.fixture
def pooled():
    """A connection of the test database through psycopg's pool (as daphne's), three
    connections in the pool."""
    options = {**connection.settings_dict["OPTIONS"], "pool": {"min_size": 3, "max_size": 3}}
    settings_dict = {**connection.settings_dict, "OPTIONS": options, "CONN_MAX_AGE": 0}
    wrapper = type(connections[DEFAULT_DB_ALIAS])(settings_dict, alias="pooled_for_a_cut")
    wrapper.pool.open(wait=True)
    try:
        yield wrapper
    finally:
        wrapper.close()
        wrapper.close_pool()


def test_a_pool_whose_connections_were_all_cut_hands_out_a_new_one(pooled):
    taken = [pooled.pool.getconn() for _ in range(3)]
    pids = {conn.info.backend_pid for conn in taken}
    for conn in taken:
        pooled.pool.putconn(conn)
    for pid in pids:
        cut(pid)

    with pooled.cursor() as cursor:  # a request's first query
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] not in pids
    pooled.close()  # back to the pool, which holds no cut one any more
    with pooled.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] not in pids
