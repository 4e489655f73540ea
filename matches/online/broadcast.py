"""The messages a board is sent, and sending a new state to every board of a match from
outside its consumers (the director's console, the reconciler's flag-fall check)."""

from __future__ import annotations

import json
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from matches.models import Match, OnlineGame

from .selectors import board_matches, online_snapshot

__all__ = ["broadcast_state", "group_name", "message_text", "state_event", "state_text"]


def group_name(match_id: int) -> str:
    return f"online.match.{match_id}"


def message_text(kind: str, seq: int | None, payload: dict[str, Any]) -> str:
    return json.dumps({"type": kind, "seq": seq, "payload": payload}, separators=(",", ":"))


def state_text(match: Match, online: OnlineGame | None = None) -> str:
    seq, payload = online_snapshot(match, online)
    return message_text("state", seq, payload)


def state_event(match: Match, online: OnlineGame | None = None) -> dict[str, Any]:
    """The group message carrying the new state to every board; ``flag_at`` tells the
    players' consumers when to check the running clock."""
    online = online or getattr(match, "online_game", None)
    flag_at = online.flag_at if online is not None else None
    return {"type": "online.state", "text": state_text(match, online), "flag_at": flag_at}


def _send(match_id: int) -> None:
    match = board_matches().get(pk=match_id)
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group_name(match_id), state_event(match))


def broadcast_state(match_id: int) -> None:
    """Send the match's state to every open board once the transaction is committed."""
    transaction.on_commit(lambda: _send(match_id))
