"""Messages from the board are checked for form before the game looks at them."""

from __future__ import annotations

import json

import pytest

from play.protocol import Message, ProtocolError, as_steps, parse


def test_actions_and_sync():
    assert parse('{"type": "sync"}') == Message("sync")
    assert parse('{"type": "roll", "seq": 3}') == Message("roll", 3, {})
    message = parse(json.dumps({"type": "move", "seq": 0, "payload": {"from": 13, "to": 10}}))
    assert message.payload == {"from": 13, "to": 10}


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (None, "malformed"),
        ("", "malformed"),
        ("{not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"type": "roll"}', "malformed"),
        ('{"type": "roll", "seq": "3"}', "malformed"),
        ('{"type": "roll", "seq": true}', "malformed"),
        ('{"type": "roll", "seq": -1}', "malformed"),
        ('{"type": "roll", "seq": 1, "payload": [1]}', "malformed"),
        ('{"type": "cheat", "seq": 1}', "unknown"),
        ('{"seq": 1}', "unknown"),
        (json.dumps({"type": "move", "seq": 1, "payload": {"x": "y" * 3000}}), "too_large"),
    ],
)
def test_anything_else_is_refused(text, code):
    with pytest.raises(ProtocolError) as caught:
        parse(text)
    assert caught.value.code == code


@pytest.mark.parametrize(
    "value",
    [None, "13/10", [[13]], [[13, 10, 7]], [["13", "10"]], [[26, 1]], [[True, 1]], [[1, 0]] * 5],
)
def test_unreadable_steps(value):
    with pytest.raises(ValueError):
        as_steps(value)


def test_readable_steps():
    assert as_steps([[13, 10], (25, 22)]) == [(13, 10), (25, 22)]
