"""The app's database connections cut (PostgreSQL restarted, a failover, a firewall forgetting
idle connections) while the web and websocket servers keep running: the next page and the next
move are served as before. Before, a gunicorn worker kept its connection for ten minutes
unchecked and answered its next request with a 500 (a cached page's own queries, prepared in
config/db.py, skipped Django's check too), and daphne's pool handed out the dead connections,
closing the boards that opened with 1011."""

from __future__ import annotations

import asyncio
import socket
import sys
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks.online import Closed, Socket

from .conftest import FAULT_TEST, Process, RedisServer, free_port, service_env, settled
from .cuts import cut_all_others, own_pid
from .test_online import TIMEOUT, Boards, finished, online_match

pytestmark = FAULT_TEST


def status(port: int, path: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture
def make_gunicorn(on_test_redis: RedisServer, tmp_path: Path) -> Iterator[Callable[[], Process]]:
    """``make_gunicorn()``: the web server as production runs it (``config/gunicorn.py``: sync
    workers, each keeping its connection) with one worker, on the test's database."""
    made: list[Process] = []

    def make() -> Process:
        port = free_port()
        log = tmp_path / f"gunicorn{len(made)}.log"
        argv = [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.py"]
        env = service_env(
            on_test_redis, WEB_BIND=f"127.0.0.1:{port}", WEB_WORKERS="1", DEBUG="true"
        )
        server = Process(argv, env, log, lambda: answers(port))
        server.port = port  # type: ignore[attr-defined]
        server.start()
        made.append(server)
        return server

    yield make
    for server in made:
        server.stop()


def test_a_web_worker_serves_its_next_pages_after_its_connection_was_cut(
    make_gunicorn, make_tournament
):
    tournament = make_tournament(4, format="single_elimination", default_length=3)
    page = tournament.get_absolute_url()  # cached whole for visitors: its version prepared
    club = f"/clubs/{tournament.club.slug}/"
    web = make_gunicorn()
    assert [status(web.port, path) for path in (page, page, club)] == [200, 200, 200]

    assert cut_all_others() >= 1  # the worker's kept connection among them
    assert [status(web.port, path) for path in (page, club, page)] == [200, 200, 200]
    assert cut_all_others() >= 1
    assert [status(web.port, path) for path in (club, page)] == [200, 200]
    assert "Internal Server Error" not in web.log.read_text(errors="replace")


def test_boards_and_pages_of_a_websocket_server_go_on_after_its_connections_were_cut(
    make_server, make_worker, make_tournament, on_test_redis, monkeypatch
):
    monkeypatch.setenv("DB_POOL", "true")  # as production runs daphne: psycopg's pool
    match = online_match(make_worker, make_tournament, on_test_redis)
    server = make_server()
    boards = Boards(server.port, match)
    page = match.round.stage.tournament.get_absolute_url()
    own = own_pid()

    async def cut() -> int:
        return await asyncio.to_thread(cut_all_others, own)

    async def page_status() -> int:
        return await asyncio.to_thread(status, server.port, page)

    async def scenario() -> dict[str, Any]:
        state = await boards.play(await boards.open(), actions=5)
        assert await page_status() == 200
        assert await cut() >= 2  # the pool's and the event loop's connections
        # Both boards open again (each reads the game through the pool) and play on.
        boards.close()
        state = await boards.open()
        state = await boards.play(state, actions=5)
        assert await page_status() == 200
        assert await cut() >= 1
        # A spectator's board opens; the players play the match to its end.
        spectator = await Socket.open(server.port, boards.path, boards.cookies[0])
        hello = await asyncio.wait_for(spectator.receive(), TIMEOUT)
        assert hello["type"] != "error", hello
        spectator.close()
        final = await boards.play(state)
        boards.close()
        return final

    try:
        final = asyncio.run(scenario())
    except Closed as closed:
        pytest.fail(f"a board was closed by the server with {closed.code}")
    assert final["payload"]["status"] == "over"
    settled(on_test_redis)
    finished(match)
    assert "Traceback" not in server.log.read_text(errors="replace")
