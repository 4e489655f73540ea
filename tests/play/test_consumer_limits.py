"""The board's websocket under abuse: oversized and deeply nested messages are refused before
they are parsed, and a board sending too many messages is disconnected (code 4008)."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async

from play.limits import RATE_LIMITED_CLOSE_CODE, MessageRate
from play.models import OnlineGame
from play.protocol import MAX_DEPTH, MAX_MESSAGE, ProtocolError, nesting, parse

from .test_consumer import TIMEOUT, Socket, setup_match

pytestmark = pytest.mark.django_db(transaction=True)


def nested(levels: int) -> str:
    return '{"type":"move","seq":0,"payload":{"x":' + "[" * levels + "]" * levels + "}}"


@database_sync_to_async
def game_seq(match_id: int) -> int | None:
    game = OnlineGame.objects.filter(match_id=match_id).first()
    return None if game is None else game.sequence


async def open_player(make_tournament):
    match, users, _ = await setup_match(make_tournament, 3)
    socket = await Socket(match.pk, users[0]).open()
    await socket.receive()  # the state
    return match, socket


async def test_a_deeply_nested_message_is_refused_and_changes_nothing(make_tournament):
    match, socket = await open_player(make_tournament)
    before = await game_seq(match.pk)
    # About a thousand levels: it used to fit in the size limit and crash the consumer.
    for text, code in ((nested(995), "too_large"), (nested(400), "too_deep")):
        await socket.ws.send_to(text_data=text)
        reply = await socket.receive()
        assert reply["type"] == "error", reply
        assert reply["payload"]["code"] == code
        assert "nothing was changed" in reply["payload"]["message"]
    assert await game_seq(match.pk) == before
    # The board is still connected and answers.
    await socket.ws.send_to(text_data=json.dumps({"type": "sync"}))
    assert (await socket.receive())["type"] == "state"
    await socket.close()


async def test_a_board_sending_too_many_messages_is_disconnected(make_tournament, settings):
    settings.ONLINE_MESSAGE_BURST = 20
    settings.ONLINE_MESSAGE_RATE = 5
    _match, socket = await open_player(make_tournament)
    for _ in range(300):
        await socket.ws.send_to(text_data="{}")
    replies = []
    while True:
        output = await socket.ws.receive_output(timeout=TIMEOUT)
        if output["type"] == "websocket.close":
            break
        replies.append(json.loads(output["text"]))
    assert output["code"] == RATE_LIMITED_CLOSE_CODE
    assert len(replies) <= 25  # the burst (and what trickled in meanwhile), not 300
    assert replies[-1]["payload"]["code"] == "rate_limited"
    assert "Too many messages" in replies[-1]["payload"]["message"]


def test_the_size_and_depth_are_checked_before_parsing():
    with pytest.raises(ProtocolError) as error:
        parse("[" * 100_000)
    assert error.value.code == "too_large"
    with pytest.raises(ProtocolError) as error:
        parse("[" * (MAX_MESSAGE // 2) + "]" * (MAX_MESSAGE // 2))
    assert error.value.code == "too_deep"
    play = '{"type":"play","seq":3,"payload":{"steps":[[13,10],[24,23]]}}'
    assert parse(play).payload == {"steps": [[13, 10], [24, 23]]}
    assert nesting(play) == 4 <= MAX_DEPTH


@pytest.mark.parametrize(
    ("text", "depth"),
    [("{}", 1), ('{"a":"[[[[["}', 1), ('{"a":"\\"[["}', 1), ("[[],[[]]]", 3), ('"x"', 0)],
)
def test_nesting_ignores_brackets_in_strings(text, depth):
    assert nesting(text) == depth


def test_the_message_rate_allows_a_burst_then_the_steady_rate():
    now = [0.0]
    rate = MessageRate(burst=3, per_second=2, clock=lambda: now[0])
    assert [rate.allow() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5  # one message's worth
    assert [rate.allow() for _ in range(2)] == [True, False]
    now[0] += 100
    assert [rate.allow() for _ in range(4)] == [True, True, True, False]
