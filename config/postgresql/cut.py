"""Whether a database connection was ended while it idled, told without a round trip.

PostgreSQL speaks on an idle connection only to end it: when it is restarted, fails over,
or a connection is terminated (``pg_terminate_backend``, ``idle_session_timeout``), the
server process sends its notice and closes the socket. So an idle connection with anything
to read on its socket was cut, and one with nothing to read was not, as far as the server
knows: a poll of the socket that does not wait (one system call, about a microsecond) tells
them apart, where Django's and psycopg's checks send a query and wait for the answer (a round
trip per request: a sixth of a cached page's requests/s, benchmarks/web.py). The app LISTENs
to nothing, so no notification is ever waiting there.

What the poll cannot see: a connection dropped on the way without a word (a firewall that
forgets it, a host gone without a reset) looks idle until a statement is sent, which then
fails as it would have without a check. Anything else the server sends unasked (a setting it
reports after a reload of its configuration) reads as a cut too: that connection is replaced,
which costs one new connection and nothing else.
"""

from __future__ import annotations

import select
from typing import Any

from psycopg import pq

_OK = pq.ConnStatus.OK
_ACTIVE = pq.TransactionStatus.ACTIVE


def was_cut(connection: Any) -> bool:
    """Whether psycopg's ``connection`` (plain or asyncio) is closed, or was ended by the
    server or the network while it idled. One that is running a statement is not looked at
    (its answer is what there is to read on it): ``False``."""
    pgconn = connection.pgconn
    if pgconn.status != _OK:
        return True
    if pgconn.transaction_status == _ACTIVE:
        return False
    poll = select.poll()
    poll.register(pgconn.socket, select.POLLIN)
    return bool(poll.poll(0))
