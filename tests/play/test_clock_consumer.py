"""A match with clocks played through the websocket with a fake time source, and the
tournament director acting on it from the console: delay, disconnection, pause, added time,
take-back, and the time forfeit."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from matches.models import Match, MatchStatus
from matches.selectors import match_history
from play.models import DirectorAction
from play.repairs import flag_falls
from tests.factories import MembershipFactory, UserFactory

from .conftest import make_online, with_clock
from .test_consumer import Room, Socket

pytestmark = pytest.mark.django_db(transaction=True)

RESERVE = 3 * 60_000  # a 3-point match at one minute per point
DELAY = 10_000


@database_sync_to_async
def clocked_match(make_tournament) -> tuple[Match, list[Any], Any]:
    match = make_online(with_clock(make_tournament(4, default_length=3)))
    spectator = UserFactory(username="sam")
    MembershipFactory(club=match.round.stage.tournament.club, player__user=spectator)
    users = [match.entry_a.player.user, match.entry_b.player.user]
    return match, users, spectator


class Director:
    """The organizer at the director's console (plain form posts)."""

    def __init__(self, match: Match, user: Any) -> None:
        tournament = match.round.stage.tournament
        self.args = (tournament.club.slug, tournament.slug)
        self.match_id = match.pk
        self.user = user

    @database_sync_to_async
    def act(self, action: str, **data: Any) -> str:
        client = Client()
        client.force_login(self.user)
        url = reverse("director:act", args=(*self.args, self.match_id, action))
        response = client.post(url, data, follow=True)
        assert response.status_code == 200
        return " ".join(str(m) for m in response.context["messages"])

    @database_sync_to_async
    def console(self) -> str:
        client = Client()
        client.force_login(self.user)
        return client.get(reverse("director:console", args=self.args)).content.decode()


async def test_a_match_with_clocks_and_a_director(make_tournament, organizer, fake_time):
    match, users, spectator = await clocked_match(make_tournament)
    first = await Socket(match.pk, users[0]).open()
    await first.receive()  # the game starts, and the mover's clock with it
    clock = first.state["clock"]
    mover = first.state["game"]["turn"]
    other = 1 - mover
    assert clock | {"left": [RESERVE, RESERVE], "running": mover, "delay": DELAY} == clock
    assert clock["at"] == fake_time.ms  # the board counts down from the server's time
    second = await Socket(match.pk, users[1]).open()
    await second.receive()
    watcher = await Socket(match.pk, spectator).open()
    await watcher.receive()
    room = Room([first, second, watcher])

    # A play within the delay costs nothing; the opponent's clock starts with a whole delay.
    fake_time.advance(8)
    await room.play()
    clock = room.state["clock"]
    assert clock["left"] == [RESERVE, RESERVE] and clock["running"] == other
    assert clock["delay"] == DELAY
    # Rolling after 15 s: the 5 s beyond the delay come off the reserve.
    fake_time.advance(15)
    await room.play()
    assert room.state["clock"]["left"][other] == RESERVE - 5_000
    assert room.state["clock"]["running"] == room.game["to_act"] == mover

    # A dropped connection resumes exactly; the clock of a player who is away keeps running.
    await room.reconnect(mover)
    await room.sockets[mover].close()
    fake_time.advance(20)
    back = await Socket(match.pk, users[mover]).open()
    state = (await back.receive())["payload"]
    assert state["clock"]["left"] == [RESERVE - 10_000, RESERVE - 5_000][:: 1 if mover == 0 else -1]
    assert state["clock"]["running"] == mover and state["clock"]["delay"] == 0
    room.sockets[mover] = back

    # The director pauses: nobody may act, no clock runs; resumed where it stopped.
    director = Director(match, organizer)
    assert "paused" in await director.act("pause", reason="Fire alarm")
    state = await room.broadcast()
    assert state["clock"]["paused"] and state["actions"] == [[], []]
    assert state["notice"] | {"kind": "pause", "reason": "Fire alarm"} == state["notice"]
    fake_time.advance(600)
    await room.sockets[mover].send("roll")
    await room.sockets[mover].refused("paused")
    await director.act("resume", reason="All clear")
    state = await room.broadcast()
    assert not state["clock"]["paused"]
    assert state["clock"]["left"][mover] == RESERVE - 10_000

    # Added time.
    await director.act("add-time", side=str(other), minutes="2", reason="Slow connection")
    state = await room.broadcast()
    assert state["clock"]["left"][other] == RESERVE - 5_000 + 120_000

    # Take-back: the same position and dice, the same player to play again.
    await room.act(mover, "roll")
    before = room.game | {}
    assert before["phase"] == "move"  # the seeded dice can be played
    await room.play()
    assert room.game["position_id"] != before["position_id"] or room.game["turn"] != mover
    console = await director.console()
    assert "Take back the last play" in console
    await director.act("take-back", reason="Misclick confirmed by both players")
    state = await room.broadcast()
    game = state["game"]
    assert (game["position_id"], game["dice"], game["turn"], game["phase"]) == (
        before["position_id"],
        before["dice"],
        mover,
        "move",
    )
    assert state["notice"]["kind"] == "take_back" and state["clock"]["running"] == mover
    await room.play()

    # Without a reason nothing happens.
    message = await director.act("pause", reason="  ")
    assert "reason" in message.lower()

    # The player to act lets his time run out: his next message finds the match lost.
    loser = room.game["to_act"]
    left = room.state["clock"]["left"][loser]
    fake_time.advance((left + DELAY) / 1000 + 1)
    await room.sockets[loser].send("roll" if room.game["phase"] == "roll" else "undo_all")
    state = await room.broadcast()
    assert state["status"] == "over" and state["time_forfeit"] == loser
    assert state["match"]["winner"] == 1 - loser and state["match"]["score"][1 - loser] == 3
    assert state["clock"]["left"][loser] == 0 and state["actions"] == [[], []]
    for socket in room.sockets:
        await socket.close()

    @database_sync_to_async
    def check():
        done = Match.objects.select_related("entry_a__player", "entry_b__player").get(pk=match.pk)
        assert (done.status, done.outcome) == (MatchStatus.FINISHED, "forfeit")
        kinds = list(DirectorAction.objects.filter(match=done).values_list("kind", flat=True))
        assert kinds == ["pause", "resume", "add_time", "take_back"]
        reasons = [line.reason for line in match_history(done)]
        assert any("Fire alarm" in r for r in reasons)
        assert "Time forfeit" in reasons[-1]

    await check()


async def test_a_players_board_ends_the_match_when_the_clock_falls(make_tournament, fake_time):
    """Nobody acts: the players' consumers check the clock when it is due to fall."""
    match, users, _ = await clocked_match(make_tournament)
    first = await Socket(match.pk, users[0]).open()
    await first.receive()
    second = await Socket(match.pk, users[1]).open()
    await second.receive()
    room = Room([first, second])
    mover = room.game["turn"]
    fake_time.advance((RESERVE + DELAY) / 1000 - 0.1)
    start, ends = next(iter(room.state["targets"].items()))
    await room.act(mover, "move", **{"from": int(start), "to": ends[0]})  # 0.1 s left
    fake_time.advance(1)
    state = await room.broadcast()  # sent by the server on its own
    assert state["status"] == "over" and state["time_forfeit"] == mover
    await asyncio.sleep(0.2)
    assert await first.ws.receive_nothing()  # once, though both consumers checked
    for socket in room.sockets:
        await socket.close()


async def test_the_reconciler_finds_a_clock_fallen_with_no_board_open(make_tournament, fake_time):
    match, users, _ = await clocked_match(make_tournament)
    first = await Socket(match.pk, users[0]).open()
    await first.receive()
    await first.close()
    fake_time.advance(10)
    assert await database_sync_to_async(flag_falls)() == []
    fake_time.advance(RESERVE / 1000)
    assert await database_sync_to_async(flag_falls)() == [f"match {match.pk} lost on time"]
    assert await database_sync_to_async(flag_falls)() == []  # once
    done = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert done.status == MatchStatus.FINISHED and done.outcome == "forfeit"


async def test_strangers_cannot_use_the_console(make_tournament, fake_time):
    match, _, spectator = await clocked_match(make_tournament)

    @database_sync_to_async
    def statuses():
        tournament = match.round.stage.tournament
        args = (tournament.club.slug, tournament.slug)
        client = Client()
        client.force_login(spectator)
        return (
            client.get(reverse("director:console", args=args)).status_code,
            client.post(
                reverse("director:act", args=(*args, match.pk, "pause")), {"reason": "x"}
            ).status_code,
        )

    assert await statuses() == (403, 403)


async def test_a_stale_move_after_the_clock_fell_ends_the_match_on_time(make_tournament, fake_time):
    """A move made on an old position arrives after the mover's time ran out: the match is
    lost on time (recorded as a time forfeit) and both boards are told, not the sender alone
    refused as stale."""
    match, users, _ = await clocked_match(make_tournament)
    first = await Socket(match.pk, users[0]).open()
    await first.receive()
    second = await Socket(match.pk, users[1]).open()
    await second.receive()
    room = Room([first, second])
    mover = room.game["turn"]
    start, ends = next(iter(room.state["targets"].items()))
    await room.act(mover, "move", **{"from": int(start), "to": ends[0]})
    fake_time.advance((RESERVE + DELAY) / 1000 + 1)
    stale = room.sockets[mover].seq - 1
    await room.sockets[mover].send("undo_all", seq=stale)
    state = await room.broadcast()
    assert state["status"] == "over" and state["time_forfeit"] == mover
    assert state["match"]["winner"] == 1 - mover and state["match"]["score"][1 - mover] == 3
    for socket in room.sockets:
        await socket.close()

    @database_sync_to_async
    def check():
        done = Match.objects.get(pk=match.pk)
        assert (done.status, done.outcome) == (MatchStatus.FINISHED, "forfeit")
        assert "Time forfeit" in [line.reason for line in match_history(done)][-1]

    await check()
