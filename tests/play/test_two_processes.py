"""Scale-out: two ASGI processes behind the same Redis channel layer and the same database.
The two players of a match sit on different processes and play a whole game to its end:
every move reaches the other process's board through Redis."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client

from backgammon import Position
from benchmarks.online import Socket
from matches.models import Match, MatchStatus
from tests.conftest import REDIS_URL, needs_postgres, needs_redis

from .conftest import make_online

pytestmark = [needs_postgres, needs_redis, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[3]
TIMEOUT = 20


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture
def two_servers():
    """Two Daphne processes on the test database and one Redis channel layer."""
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    env = {**os.environ, "DATABASE_URL": url, "REDIS_URL": REDIS_URL, "DEBUG": "true"}
    env["ONLINE_MESSAGE_BURST"] = "100000"  # a scripted game is faster than any person
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    ports = [_free_port(), _free_port()]
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-v",
                "0",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                "config.asgi:application",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for port in ports
    ]
    try:
        deadline = time.monotonic() + 30
        while not all(_answers(port) for port in ports):
            if time.monotonic() > deadline or any(p.poll() is not None for p in processes):
                errors = [p.stderr.read().decode()[-2000:] for p in processes if p.poll()]
                pytest.fail(f"the ASGI processes did not start: {errors}")
            time.sleep(0.1)
        yield ports
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


def _cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


async def _state(ws: Socket, at_least: int = 0) -> dict:
    """The next state of sequence ``at_least`` or later (a board ignores older ones, such as
    a second copy of the game's start)."""
    while True:
        message = await asyncio.wait_for(ws.receive(), TIMEOUT)
        if message["type"] == "state" and message["seq"] >= at_least:
            return message


async def _play(ports: list[int], match_id: int, cookies: list[str]) -> dict:
    path = f"/ws/online/{match_id}/"
    sockets = [
        await Socket.open(port, path, cookie) for port, cookie in zip(ports, cookies, strict=True)
    ]
    try:
        hellos = [await asyncio.wait_for(ws.receive(), TIMEOUT) for ws in sockets]
        assert [h["payload"]["you"] for h in hellos] == [0, 1]
        # Each board's first state; the first arrival started the game, which the other
        # board may also be told: read until both show the same sequence number.
        states = [await _state(ws) for ws in sockets]
        while states[0]["seq"] != states[1]["seq"]:
            behind = 0 if states[0]["seq"] < states[1]["seq"] else 1
            states[behind] = await _state(sockets[behind])
        actions = 0
        while states[0]["payload"]["status"] == "playing":
            state = states[0]["payload"]
            game = state["game"]
            side = game["to_act"]
            if game["phase"] == "roll":
                message = {"type": "roll", "seq": states[0]["seq"], "payload": {}}
            else:
                position = Position.from_position_id(game["position_id"])
                play = position.legal_plays(tuple(game["dice"]))[0]
                steps = [list(step) for step in play.steps]
                message = {"type": "play", "seq": states[0]["seq"], "payload": {"steps": steps}}
            await sockets[side].send(message)
            # The move made on one process reaches the board on the other one.
            expected = states[0]["seq"] + 1
            states = [await _state(ws, expected) for ws in sockets]
            assert states[0] == states[1] and states[0]["seq"] == expected
            actions += 1
            assert actions < 1000
        return states[0]["payload"]
    finally:
        for ws in sockets:
            ws.close()


def test_players_on_two_processes_play_a_game_to_the_end(make_tournament, two_servers):
    match = make_online(make_tournament(2, default_length=1))
    users = [match.entry_a.player.user, match.entry_b.player.user]
    cookies = [_cookie(user) for user in users]
    final = asyncio.run(_play(two_servers, match.pk, cookies))
    assert final["status"] == "over" and final["match"]["winner"] in (0, 1)
    done = Match.objects.get(pk=match.pk)
    assert done.status == MatchStatus.FINISHED
    assert done.games.get().source == "online"
