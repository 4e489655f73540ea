"""The messages a board sends, checked for form before anything else looks at them.

See :mod:`matches.online.consumers` for the whole protocol. Pure: no Django here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ACTIONS", "MAX_MESSAGE", "Message", "ProtocolError", "parse"]

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
MAX_MESSAGE = 2000  # characters; a whole play is about 100


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


def parse(text: str | None) -> Message:
    """The message in ``text``; :class:`ProtocolError` when it is not one."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        raise ProtocolError("malformed", "messages are JSON text of at most 2000 characters")
    try:
        data = json.loads(text)
    except ValueError:
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
