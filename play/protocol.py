"""The messages a board sends, checked for form before anything else looks at them.

See :mod:`play.consumers` for the whole protocol. Pure: no Django here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from backgammon.turn import BAR, OFF, Step

__all__ = [
    "ACTIONS",
    "MAX_DEPTH",
    "MAX_MESSAGE",
    "Message",
    "ProtocolError",
    "as_step",
    "as_steps",
    "nesting",
    "parse",
]

#: Every action a player may send; ``sync`` asks for the state and changes nothing.
ACTIONS = frozenset(
    {
        "roll",
        "move",
        "undo",
        "undo_all",
        "confirm",
        "play",
        "double",
        "take",
        "drop",
        "resign",
        "accept",
        "decline",
    }
)
MAX_MESSAGE = 1000  # characters; a whole play is about 100
#: Objects and lists inside each other: a play is 4 deep (message, payload, steps, step).
#: Checked before parsing: Python's JSON parser recurses and fails on deep nesting.
MAX_DEPTH = 6


class ProtocolError(ValueError):
    """The text is not a message of the protocol (``code`` says how)."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code


@dataclass(frozen=True, slots=True)
class Message:
    type: str
    seq: int | None = None
    payload: dict[str, Any] = field(default_factory=dict)


def nesting(text: str) -> int:
    """How deep objects and lists nest in the JSON ``text`` (brackets inside strings do not
    count), without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def parse(text: str | None) -> Message:
    """The message in ``text``; :class:`ProtocolError` when it is not one."""
    if not isinstance(text, str):
        raise ProtocolError("malformed", "messages are JSON text")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too_large", f"messages are at most {MAX_MESSAGE} characters")
    if nesting(text) > MAX_DEPTH:
        raise ProtocolError("too_deep", f"messages nest at most {MAX_DEPTH} levels")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "a message is a JSON object")
    kind = data.get("type")
    if kind == "sync":
        return Message("sync")
    if not isinstance(kind, str) or kind not in ACTIONS:
        raise ProtocolError("unknown", f"unknown message type {kind!r}")
    seq = data.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise ProtocolError("malformed", "an action carries the sequence number it answers")
    payload = data.get("payload", {})
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        raise ProtocolError("malformed", "the payload is a JSON object")
    return Message(kind, seq, payload)


def as_steps(value: object) -> list[Step]:
    """Steps from untrusted JSON (``[[13, 10], [24, 23]]``); ``ValueError`` for anything else."""
    if not isinstance(value, list | tuple) or len(value) > 4:
        raise ValueError("steps are a list of at most four [from, to] pairs")
    steps = []
    for item in value:
        if not isinstance(item, list | tuple) or len(item) != 2:
            raise ValueError("a step is a [from, to] pair")
        steps.append(as_step(item[0], item[1]))
    return steps


def as_step(start: object, end: object) -> Step:
    """A step ``(from, to)`` of a move message: points 0 (off) to 25 (the bar)."""
    for number in (start, end):
        if isinstance(number, bool) or not isinstance(number, int) or not OFF <= number <= BAR:
            raise ValueError("a point is a whole number from 0 (off) to 25 (the bar)")
    return (start, end)  # type: ignore[return-value]
