"""What an action costs the database: a board keeps its copy of the game between actions
and saves an action in one UPDATE that checks the row's sequence, so a copy that another
process has overtaken is never saved or shown."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import connection as django_connection
from django.db.backends.signals import connection_created

from config import db
from play import consumers
from play.models import OnlineGame
from play.services import online_game_act
from tests.conftest import needs_postgres

from .test_consumer import Room, Socket, setup_match

pytestmark = pytest.mark.django_db(transaction=True)

#: Queries for one roll or play on the board's copy of the game: the UPDATE alone.
QUERIES_PER_ACTION = 1


class Queries:
    """Every query of every connection (each action runs in a worker thread of its own, or
    on the event loop's connection)."""

    def __init__(self) -> None:
        self.sql: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, execute, sql, params, many, context):
        with self.lock:
            self.sql.append(sql)
        return execute(sql, params, many, context)

    def attach(self, sender, connection, **kwargs) -> None:
        connection.execute_wrappers.append(self)


@pytest.fixture
def queries(monkeypatch):
    """Django's queries, and the statements an action runs on the event loop's own
    connection (PostgreSQL: ``config.db.execute_from_loop``; SQLite's go through Django)."""
    counter = Queries()
    connection_created.connect(counter.attach)
    on_loop = db._execute_on_loop_connection

    async def counted(query, params):
        with counter.lock:
            counter.sql.append(query)
        return await on_loop(query, params)

    monkeypatch.setattr(db, "_execute_on_loop_connection", counted)
    yield counter
    connection_created.disconnect(counter.attach)


async def open_room(make_tournament) -> tuple[Any, list[Any], Room]:
    """A five-point match with both players' boards open: (match, players, room)."""
    match, users, _ = await setup_match(make_tournament, 5)
    first = await Socket(match.pk, users[0]).open()
    await first.receive()
    second = await Socket(match.pk, users[1]).open()
    await second.receive()
    return match, users, Room([first, second])


async def test_a_roll_or_a_play_is_one_query(make_tournament, queries):
    _, _, room = await open_room(make_tournament)
    await room.play()  # the opening; each player's board has a copy of the game from here on
    await room.play()
    before = len(queries.sql)
    actions = 0
    for _ in range(6):  # rolls and plays of both players, alternately
        side = room.game["to_act"]
        if room.game["phase"] == "roll":
            await room.act(side, "roll")
            actions += 1
        if room.game["phase"] == "move":
            await room.play()
            actions += 1
    made = queries.sql[before:]
    assert len(made) == QUERIES_PER_ACTION * actions, made
    assert all(sql.lstrip().upper().startswith("UPDATE") for sql in made)
    for socket in room.sockets:
        await socket.close()


async def test_boards_opened_at_the_same_moment_both_keep_their_copies(
    make_tournament, queries, monkeypatch
):
    """Both players open their boards at the same moment, as at a round's start: each board
    read the match before the other's game was there, so each finds it started the game and
    tells the other board. What it tells must leave the other board's copy in place: the
    first action, too, is saved from the copy in one UPDATE, not decided on the locked row
    in a worker thread (a thousand games starting at once queued there for half a second)."""
    match, users, _ = await setup_match(make_tournament, 5)
    first = await Socket(match.pk, users[0]).open()
    to_act = (await first.receive())["payload"]["game"]["to_act"]
    await first.close()
    sockets: list[Any] = [None, None]
    sockets[to_act] = await Socket(match.pk, users[to_act]).open()
    await sockets[to_act].receive()
    seat = consumers.seat

    def raced(*args: Any) -> Any:
        user, allowed, side, _started, event, delay = seat(*args)
        return user, allowed, side, True, event, delay

    monkeypatch.setattr(consumers, "seat", raced)
    sockets[1 - to_act] = await Socket(match.pk, users[1 - to_act]).open()
    await sockets[1 - to_act].receive()
    await sockets[to_act].receive()  # the other board's start, as it tells it
    room = Room(sockets)
    before = len(queries.sql)
    await room.play()
    made = queries.sql[before:]
    assert len(made) == QUERIES_PER_ACTION and made[0].lstrip().upper().startswith("UPDATE"), made
    for socket in room.sockets:
        await socket.close()


async def test_a_board_whose_copy_was_overtaken_is_told_the_game_moved_on(make_tournament):
    """Another process saved an action the board has not heard of: the board's action on its
    copy is refused as stale, with the saved position, and the row keeps the other action."""
    match, users, room = await open_room(make_tournament)
    await room.play()
    side = room.game["to_act"]
    assert room.game["phase"] == "roll"
    seq = room.sockets[side].seq

    @database_sync_to_async
    def roll_elsewhere() -> dict:
        online = online_game_act(
            match=match.pk, side=side, user=users[side], action="roll", seq=seq
        )
        return online.state

    saved = await roll_elsewhere()  # no board hears of it
    await room.sockets[side].send("roll")
    await room.sockets[side].refused("stale")
    state = (await room.sockets[side].receive())["payload"]
    assert state["game"]["dice"] == saved["game"]["dice"] and room.sockets[side].seq == seq + 1
    row = await database_sync_to_async(OnlineGame.objects.get)(match_id=match.pk)
    assert (row.sequence, row.state) == (seq + 1, saved)
    for socket in room.sockets:
        await socket.close()


async def test_an_action_sent_twice_is_refused_as_stale_without_a_query(make_tournament, queries):
    """A double click: the second message answers a state the first one changed. The board's
    copy knows the game is further on; the sender is told so and shown the position."""
    _, _, room = await open_room(make_tournament)
    await room.play()
    side = room.game["to_act"]
    old = room.sockets[side].seq
    await room.act(side, "roll")
    before = len(queries.sql)
    await room.sockets[side].send("roll", seq=old)
    await room.sockets[side].refused("stale")
    message = await room.sockets[side].receive()
    assert message["type"] == "state" and message["seq"] == old + 1
    assert message["payload"]["game"]["phase"] == "move"
    assert queries.sql[before:] == []
    assert await room.sockets[1 - side].ws.receive_nothing()  # the opponent hears nothing
    for socket in room.sockets:
        await socket.close()


@needs_postgres
async def test_an_action_is_saved_after_the_database_closed_the_loops_connection(
    make_tournament, queries
):
    """On PostgreSQL an action on the board's copy is saved on the event loop's own
    connection. When the server has closed that connection (a restart, an administrator),
    the next action opens it again and is saved: the player sees nothing of it."""
    from config import db

    match, _, room = await open_room(make_tournament)
    await room.play()
    await room.play()  # saved on the loop's connection
    connection = db._loop_connections[asyncio.get_running_loop()]

    @database_sync_to_async
    def close_it(pid: int) -> None:
        with django_connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])

    await close_it(connection.info.backend_pid)
    before = len(queries.sql)
    side = room.game["to_act"]
    await room.act(side, "roll")
    made = [sql.split()[0] for sql in queries.sql[before:]]
    row = await database_sync_to_async(OnlineGame.objects.get)(match_id=match.pk)
    assert row.sequence == room.sockets[side].seq
    assert row.state["game"]["dice"] == room.game["dice"] is not None
    assert made == ["UPDATE"]  # saved from the copy, not done again on the row
    assert db._loop_connections[asyncio.get_running_loop()] is not connection
    for socket in room.sockets:
        await socket.close()
