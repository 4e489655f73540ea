"""An online game while its ASGI server or Redis (the channel layer) dies and comes back:
the boards lose their socket (the board script then says "Reconnecting…" and tries again
with a growing pause), and on reconnecting the game resumes exactly where it was: position,
dice, whose turn, cube; then it is played on to its end."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from django.test import Client

from backgammon import Position
from benchmarks.online import Closed, Socket
from config.channels import LAYER_LOST_CLOSE_CODE
from matches.models import Match, MatchStatus
from tests.play.conftest import make_online

from .conftest import FAULT_TEST, settled

pytestmark = FAULT_TEST

TIMEOUT = 20


def _cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


class Boards:
    """Both players' boards of one match, talking to the server as board.js does."""

    def __init__(self, port: int, match: Match) -> None:
        self.port = port
        self.path = f"/ws/online/{match.pk}/"
        self.cookies = [_cookie(match.entry_a.player.user), _cookie(match.entry_b.player.user)]
        self.sockets: list[Socket] = []

    async def open(self) -> dict[str, Any]:
        """Connect both boards; the state both are shown."""
        self.sockets = [await Socket.open(self.port, self.path, c) for c in self.cookies]
        hellos = [await asyncio.wait_for(ws.receive(), TIMEOUT) for ws in self.sockets]
        assert [h["payload"]["you"] for h in hellos] == [0, 1]
        states = [await self.state(ws) for ws in self.sockets]
        while states[0]["seq"] != states[1]["seq"]:
            behind = 0 if states[0]["seq"] < states[1]["seq"] else 1
            states[behind] = await self.state(self.sockets[behind])
        return states[0]

    async def state(self, ws: Socket, at_least: int = 0) -> dict[str, Any]:
        while True:
            message = await asyncio.wait_for(ws.receive(), TIMEOUT)
            if message["type"] == "state" and message["seq"] >= at_least:
                return message

    async def act(self, state: dict[str, Any]) -> dict[str, Any]:
        """The player to act rolls or plays the first legal play; the new state."""
        game = state["payload"]["game"]
        side = game["to_act"]
        if game["phase"] == "roll":
            message = {"type": "roll", "seq": state["seq"], "payload": {}}
        else:
            position = Position.from_position_id(game["position_id"])
            play = position.legal_plays(tuple(game["dice"]))[0]
            steps = [list(step) for step in play.steps]
            message = {"type": "play", "seq": state["seq"], "payload": {"steps": steps}}
        await self.sockets[side].send(message)
        states = [await self.state(ws, state["seq"] + 1) for ws in self.sockets]
        assert states[0] == states[1]
        return states[0]

    async def play(self, state: dict[str, Any], actions: int | None = None) -> dict[str, Any]:
        done = 0
        while state["payload"]["status"] == "playing" and (actions is None or done < actions):
            state = await self.act(state)
            done += 1
            assert done < 1000
        return state

    async def lost(self) -> list[int | None]:
        """Every board's socket is closed by the server (the board says "Reconnecting…"):
        the close codes (``None`` where the connection just ended)."""
        codes = []
        for ws in self.sockets:
            try:
                while True:
                    await asyncio.wait_for(ws.receive(), TIMEOUT)
            except Closed as closed:
                codes.append(closed.code)
            except (ConnectionError, asyncio.IncompleteReadError):
                codes.append(None)
            ws.close()
        return codes

    def close(self) -> None:
        for ws in self.sockets:
            ws.close()


def where(state: dict[str, Any]) -> dict[str, Any]:
    """What must survive exactly: the game's position, dice, turn, phase, cube; the score."""
    game = state["payload"]["game"]
    return {
        "seq": state["seq"],
        "game": {key: game.get(key) for key in sorted(game) if key != "clock"},
        "match": state["payload"]["match"],
    }


def finished(match: Match) -> None:
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    assert match.games.get().source == "online"


def online_match(make_worker, make_tournament, redis) -> Match:
    make_worker()  # draws the round
    tournament = make_tournament(2, default_length=1)
    settled(redis)
    return make_online(tournament)


def test_the_asgi_server_killed_mid_game_and_restarted(
    make_server, make_worker, make_tournament, on_test_redis
):
    match = online_match(make_worker, make_tournament, on_test_redis)
    server = make_server()
    boards = Boards(server.port, match)

    async def scenario() -> dict[str, Any]:
        state = await boards.play(await boards.open(), actions=7)
        before = where(state)
        server.kill()
        await boards.lost()
        make_server()  # restarted, same address
        state = await boards.open()
        assert where(state) == before
        final = await boards.play(state)
        boards.close()
        return final

    final = asyncio.run(scenario())
    assert final["payload"]["status"] == "over"
    finished(match)


def test_redis_killed_mid_game_and_restarted(
    make_server, make_worker, make_tournament, on_test_redis
):
    match = online_match(make_worker, make_tournament, on_test_redis)
    server = make_server()
    boards = Boards(server.port, match)

    async def scenario() -> dict[str, Any]:
        state = await boards.play(await boards.open(), actions=7)
        before = where(state)
        on_test_redis.kill()
        # Closed with a code the server may send (not 1012, which daphne refuses).
        assert await boards.lost() == [LAYER_LOST_CLOSE_CODE] * 2
        # A board opened meanwhile is told, and closed to try again (not an HTTP 500).
        late = await Socket.open(server.port, boards.path, boards.cookies[0])
        told = await asyncio.wait_for(late.receive(), TIMEOUT)
        assert told["type"] == "error" and told["payload"]["code"] == "reconnecting"
        with pytest.raises(Closed) as closed:
            await asyncio.wait_for(late.receive(), TIMEOUT)
        assert closed.value.code == LAYER_LOST_CLOSE_CODE
        late.close()
        on_test_redis.start()
        state = await boards.open()
        assert where(state) == before
        final = await boards.play(state)
        boards.close()
        return final

    final = asyncio.run(scenario())
    assert final["payload"]["status"] == "over"
    finished(match)
    # Lines, not a traceback per board.
    assert "Traceback" not in server.log.read_text(errors="replace")
