"""A whole online match played through the websocket, as two browsers and a spectator would."""

from __future__ import annotations

import asyncio
import json
import threading
import uuid
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from backgammon import Position, matfile
from clubs.models import Role
from config.asgi import application
from matches.models import Game, Match, MatchStatus
from play import consumers
from play.models import OnlineGame
from play.selectors import board_matches, match_mat_text
from tests.conftest import REDIS_URL, needs_redis, open_matches
from tests.factories import MembershipFactory, UserFactory
from tournaments.models import Spectators, Tournament

from .conftest import make_online

pytestmark = pytest.mark.django_db(transaction=True)
TIMEOUT = 10


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


class Socket:
    """One browser tab with the board open."""

    def __init__(self, match_id: int, user: Any) -> None:
        self.match_id, self.user = match_id, user
        self.seq = -1
        self.state: dict[str, Any] = {}

    async def open(self) -> Socket:
        headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
        if self.user is not None:
            cookie = await database_sync_to_async(session_cookie)(self.user)
            headers.append((b"cookie", f"sessionid={cookie}".encode()))
        self.ws = WebsocketCommunicator(application, f"/ws/online/{self.match_id}/", headers)
        self.connected, self.code = await self.ws.connect(timeout=TIMEOUT)
        if self.connected:
            # The server accepts every handshake at once, then checks access: a board that
            # may not open is closed (4403) before anything is sent to it.
            first = await self.ws.receive_output(timeout=TIMEOUT)
            if first["type"] == "websocket.close":
                self.connected, self.code = False, first.get("code")
                return self
            hello = json.loads(first["text"])
            assert hello["type"] == "hello"
            self.you = hello["payload"]["you"]
        return self

    async def receive(self) -> dict[str, Any]:
        message = json.loads(await self.ws.receive_from(timeout=TIMEOUT))
        if message["type"] == "state":
            self.seq, self.state = message["seq"], message["payload"]
        return message

    async def send(self, action: str, seq: int | None = None, **payload: Any) -> None:
        message = {"type": action, "seq": self.seq if seq is None else seq, "payload": payload}
        await self.ws.send_to(text_data=json.dumps(message))

    async def refused(self, code: str) -> dict[str, Any]:
        message = await self.receive()
        assert message["type"] == "error", message
        assert message["payload"]["code"] == code and message["payload"]["message"]
        return message

    async def close(self) -> None:
        await self.ws.disconnect()


class Room:
    """Both players and a spectator at one match; every action reaches all three."""

    def __init__(self, sockets: list[Socket]) -> None:
        self.sockets = sockets

    @property
    def state(self) -> dict[str, Any]:
        return self.sockets[0].state

    @property
    def game(self) -> dict[str, Any]:
        return self.state["game"]

    async def broadcast(self) -> dict[str, Any]:
        """Everyone receives the same new state."""
        seen = [await socket.receive() for socket in self.sockets]
        assert all(message["type"] == "state" for message in seen), seen
        assert len({json.dumps(message, sort_keys=True) for message in seen}) == 1
        return seen[0]["payload"]

    async def act(self, side: int, action: str, **payload: Any) -> dict[str, Any]:
        before = self.sockets[side].seq
        await self.sockets[side].send(action, **payload)
        state = await self.broadcast()
        assert self.sockets[side].seq == before + 1
        return state

    async def play(self) -> None:
        """The player on roll rolls and plays the engine's first legal play in one message."""
        side = self.game["to_act"]
        if self.game["phase"] == "roll":
            await self.act(side, "roll")
            if self.game["phase"] != "move" or self.game["turn"] != side:
                return  # nothing could be played: the turn passed, or the game ended
        game = self.game
        play = Position.from_position_id(game["position_id"]).legal_plays(tuple(game["dice"]))[0]
        await self.act(side, "play", steps=[list(step) for step in play.steps])

    async def reconnect(self, side: int) -> None:
        old = self.sockets[side]
        seq, state = old.seq, old.state
        await old.close()
        new = await Socket(old.match_id, old.user).open()
        message = await new.receive()
        assert (message["seq"], message["payload"]) == (seq, state), "resumes exactly"
        self.sockets[side] = new


@database_sync_to_async
def setup_match(make_tournament, length: int) -> tuple[Match, list[Any], Any]:
    """A 4-player knock-out's first match, online; its players' accounts; a club member."""
    match = make_online(make_tournament(4, default_length=length))
    spectator = UserFactory(username="sam")
    MembershipFactory(club=match.round.stage.tournament.club, player__user=spectator)
    match = (
        board_matches()
        .select_related("entry_a__player__user", "entry_b__player__user")
        .get(pk=match.pk)
    )
    return match, [match.entry_a.player.user, match.entry_b.player.user], spectator


async def test_a_whole_match_online(make_tournament):
    match, users, spectator_user = await setup_match(make_tournament, 5)

    first = await Socket(match.pk, users[0]).open()
    assert first.you == 0
    await first.receive()  # the first player's arrival starts game 1: opening roll made
    assert first.state["game"]["phase"] == "move" and first.seq == 0
    second = await Socket(match.pk, users[1]).open()
    await second.receive()
    watcher = await Socket(match.pk, spectator_user).open()
    await watcher.receive()
    assert watcher.you is None and watcher.state == first.state
    room = Room([first, second, watcher])
    assert await database_sync_to_async(OnlineGame.objects.count)() == 1

    # The opening: one step, taken back, then the turn step by step and confirmed.
    mover = room.game["turn"]
    other = 1 - mover
    start, ends = next(iter(room.state["targets"].items()))
    state = await room.act(mover, "move", **{"from": int(start), "to": ends[0]})
    assert state["pending"] == [[int(start), ends[0]]]
    state = await room.act(mover, "undo")
    assert state["pending"] == []

    # Refused, each changing nothing: out of turn, illegal, forged, stale, spectator.
    await room.sockets[other].send("move", **{"from": 13, "to": 10})
    await room.sockets[other].refused("not_your_turn")
    missing = next(d for d in range(1, 7) if d not in room.game["dice"])
    await room.sockets[mover].send("move", **{"from": 13, "to": 13 - missing})
    await room.sockets[mover].refused("illegal_move")
    await room.sockets[other].send("take")
    await room.sockets[other].refused("wrong_phase")
    await room.sockets[mover].ws.send_to(text_data="{not json")
    await room.sockets[mover].refused("malformed")
    await room.sockets[mover].send("teleport")
    await room.sockets[mover].refused("unknown")
    await room.sockets[mover].send("undo", seq=room.sockets[mover].seq - 1)
    await room.sockets[mover].refused("stale")
    assert (await room.sockets[mover].receive())["type"] == "state"
    await watcher.send("roll")
    await watcher.refused("spectator")

    while "confirm" not in room.state["actions"][mover]:
        start, ends = next(iter(room.state["targets"].items()))
        await room.act(mover, "move", **{"from": int(start), "to": ends[0]})
    state = await room.act(mover, "confirm")
    assert state["game"]["phase"] == "roll" and state["game"]["to_act"] == other

    # Double and take; a resignation declined, then accepted: the cube doubles the stake.
    await room.act(other, "double")
    await room.sockets[other].send("take")
    await room.sockets[other].refused("not_your_turn")
    state = await room.act(mover, "take")
    assert state["game"]["cube"]["value"] == 2 and state["game"]["cube"]["owner"] == mover
    await room.play()
    await room.play()
    await room.reconnect(other)  # a dropped connection in the middle of the game
    await room.play()
    resigner = room.game["to_act"]
    await room.act(resigner, "resign", kind="single")
    state = await room.act(1 - resigner, "decline")
    assert state["game"]["resignation"] is None
    await room.act(resigner, "resign", kind="single")
    state = await room.act(1 - resigner, "accept")
    assert state["game"]["number"] == 2
    assert state["previous"] | {"winner": 1 - resigner, "points": 2} == state["previous"]

    # Later games: double and drop where the cube may be used, played out where not
    # (the Crawford game), until the match is over.
    dropped = crawford_played = False
    while room.state["status"] == "playing":
        number = room.game["number"]
        while room.game["phase"] != "roll":
            await room.play()
        roller = room.game["to_act"]
        if "double" in room.state["actions"][roller]:
            await room.act(roller, "double")
            await room.act(1 - roller, "drop")
            dropped = True
        else:
            assert room.state["match"]["crawford"] and not room.game["cube"]["shown"]
            await room.sockets[roller].send("double")
            await room.sockets[roller].refused("cube_in_crawford_game")
            while room.state["status"] == "playing" and room.game["number"] == number:
                await room.play()
            crawford_played = True
    assert dropped and crawford_played
    assert room.state["actions"] == [[], []]
    for socket in room.sockets:
        await socket.close()

    @database_sync_to_async
    def check_result():
        done = board_matches().get(pk=match.pk)
        assert done.status == MatchStatus.FINISHED
        games = list(Game.objects.filter(match=done).order_by("number"))
        assert {g.source for g in games} == {"online"} and all(g.record for g in games)
        assert {g.ended_by for g in games} >= {"resign", "drop", "bearoff"}
        assert room.state["match"]["score"] == [done.score_a, done.score_b]
        final = Match.objects.get(round__stage=done.round.stage, round__number=2)
        assert done.winner_id in (final.entry_a_id, final.entry_b_id)
        record = matfile.replay(matfile.parse(match_mat_text(done)))  # every move replays
        assert record.score == (done.score_a, done.score_b)

    await check_result()


async def test_a_spectator_waiting_sees_the_game_begin(make_tournament):
    match, users, spectator = await setup_match(make_tournament, 3)
    watcher = await Socket(match.pk, spectator).open()
    assert (await watcher.receive())["payload"]["status"] == "waiting"
    player = await Socket(match.pk, users[1]).open()
    assert player.you == 1
    mine = await player.receive()
    seen = await watcher.receive()
    assert mine == seen and seen["payload"]["status"] == "playing"
    await watcher.send("sync")
    assert await watcher.receive() == seen
    await asyncio.sleep(0.05)
    assert await player.ws.receive_nothing()  # no second copy of the start for the player
    for socket in (watcher, player):
        await socket.close()


async def test_strangers_cannot_open_a_members_only_board(make_tournament):
    match, _, _ = await setup_match(make_tournament, 3)
    await database_sync_to_async(Tournament.objects.update)(spectators=Spectators.MEMBERS)
    for user in (None, await database_sync_to_async(UserFactory)(username="stranger")):
        socket = await Socket(match.pk, user).open()
        assert (socket.connected, socket.code) == (False, 4403)


async def test_a_match_not_played_online_has_no_board(make_tournament):
    @database_sync_to_async
    def referee_match():
        match = open_matches(make_tournament(2))[0]
        organizer = match.round.stage.tournament.club.memberships.get(role=Role.ORGANIZER)
        return match, organizer.player.user

    match, organizer = await referee_match()
    socket = await Socket(match.pk, organizer).open()
    assert not socket.connected


@needs_redis
async def test_moves_reach_the_opponent_through_redis(make_tournament, settings):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": f"crawford-test-{uuid.uuid4().hex}"},
        }
    }
    match, users, _ = await setup_match(make_tournament, 3)
    first = await Socket(match.pk, users[0]).open()
    await first.receive()
    second = await Socket(match.pk, users[1]).open()
    await second.receive()
    room = Room([first, second])
    mover = room.game["turn"]
    start, ends = next(iter(room.state["targets"].items()))
    state = await room.act(mover, "move", **{"from": int(start), "to": ends[0]})
    assert state["pending"] == [[int(start), ends[0]]]
    for socket in room.sockets:
        await socket.close()


async def test_the_handshake_is_answered_before_the_board_is_seated(make_tournament, monkeypatch):
    """At a round's start hundreds of boards open at once: the server answers every handshake
    at once (Daphne refuses one left waiting) and seats the board after."""
    match, users, _ = await setup_match(make_tournament, 3)
    release = threading.Event()
    seat = consumers.seat

    def slow_seat(*args):
        release.wait(TIMEOUT)
        return seat(*args)

    monkeypatch.setattr(consumers, "seat", slow_seat)
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    cookie = await database_sync_to_async(session_cookie)(users[0])
    headers.append((b"cookie", f"sessionid={cookie}".encode()))
    ws = WebsocketCommunicator(application, f"/ws/online/{match.pk}/", headers)
    connected, _ = await ws.connect(timeout=1)  # answered while the seat is still taken
    assert connected
    assert await ws.receive_nothing(timeout=0.2)  # nothing before access is checked
    release.set()
    hello = json.loads(await ws.receive_from(timeout=TIMEOUT))
    assert hello == {"type": "hello", "seq": None, "payload": {"you": 0}}
    await ws.disconnect()


async def test_spectators_watch_behind_the_tournaments_delay(make_tournament):
    """Anyone may watch a published tournament's board; behind a delay of two plays, the
    spectator sees the game as it stood two plays ago while the players and the club's
    organizer see it live."""

    @database_sync_to_async
    def delayed_match():
        match = make_online(make_tournament(4, default_length=5, spectator_delay=2))
        organizer = match.round.stage.tournament.club.memberships.get(role=Role.ORGANIZER)
        users = [match.entry_a.player.user, match.entry_b.player.user]
        return match, users, organizer.player.user

    match, users, organizer = await delayed_match()
    first = await Socket(match.pk, users[0]).open()
    await first.receive()
    second = await Socket(match.pk, users[1]).open()
    await second.receive()
    room = Room([first, second])
    start = first.state["game"]["position_id"]
    after_plays = [start]  # the position after each play, as the players saw it
    for _ in range(2):  # the opening, and the reply
        await room.play()
        after_plays.append(first.state["game"]["position_id"])
    watcher = await Socket(match.pk, None).open()  # anonymous
    director = await Socket(match.pk, organizer).open()
    await watcher.receive()
    await director.receive()
    assert watcher.you is None and director.you is None
    assert watcher.state["game"]["position_id"] == start  # two plays made: the start
    assert director.state == first.state
    for _ in range(4):
        before = first.seq
        await room.play()
        if first.state["game"]["phase"] != "roll":
            break  # the game ended or a turn passed: enough seen
        after_plays.append(first.state["game"]["position_id"])
        for _ in range(first.seq - before):  # every state is sent to the watchers too
            await watcher.receive()
            await director.receive()
        assert director.state == first.state
        assert watcher.seq == first.seq
        assert watcher.state["game"]["position_id"] == after_plays[-3]
        assert watcher.state["game"]["position_id"] != first.state["game"]["position_id"]
    for socket in (first, second, watcher, director):
        await socket.close()
