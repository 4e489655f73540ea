"""The messages a board is sent, and sending a new state to every board of a match from
outside its consumers (the director's console, the reconciler's flag-fall check)."""

from __future__ import annotations

import logging
from typing import Any

import orjson
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from matches.models import Match
from play.models import OnlineGame

from .live_copy import LiveGame
from .selectors import board_matches, online_snapshot
from .snapshot import board_payload
from .timesource import now_ms

logger = logging.getLogger(__name__)

__all__ = [
    "broadcast_state",
    "group_name",
    "live_event",
    "message_text",
    "state_event",
    "state_text",
]


def group_name(match_id: int) -> str:
    return f"online.match.{match_id}"


def message_text(kind: str, seq: int | None, payload: dict[str, Any]) -> str:
    # orjson: a state is a few kilobytes, written after every action.
    return orjson.dumps({"type": kind, "seq": seq, "payload": payload}).decode()


def state_text(match: Match, online: OnlineGame | None = None) -> str:
    seq, payload = online_snapshot(match, online)
    return message_text("state", seq, payload)


def state_event(match: Match, online: OnlineGame | None = None) -> dict[str, Any]:
    """The group message carrying the new state to every board; ``flag_at`` tells the
    players' consumers when to check the running clock."""
    online = online or getattr(match, "online_game", None)
    flag_at = online.flag_at if online is not None else None
    return {"type": "online.state", "text": state_text(match, online), "flag_at": flag_at}


def live_event(live: LiveGame) -> dict[str, Any]:
    """The group message of an action saved on a board's copy of the game: the match is in
    play (the save checked it), so the state is drawn from the copy without a query. It
    carries the saved game (``live``, as the JSON text saved) for the other player's board,
    which reads it only when that player acts."""
    text = message_text("state", live.sequence, board_payload(live.state, now=now_ms()))
    return {
        "type": "online.state",
        "text": text,
        "flag_at": live.flag_at,
        "live": {"seq": live.sequence, "text": live.text},
    }


def _send(match_id: int) -> None:
    """Tell the boards; with the channel layer down (Redis) they are not told now, which
    must not turn the committed change into an error: each board reads the state again when
    it reconnects (its socket went with Redis) or asks for it after a quiet while."""
    match = board_matches().get(pk=match_id)
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group_name(match_id), state_event(match))
    except Exception:
        logger.warning(
            "the boards of match %s are not told of its new state: the channel layer does "
            "not answer; they catch up when they reconnect",
            match_id,
            exc_info=True,
        )


def broadcast_state(match_id: int) -> None:
    """Send the match's state to every open board once the transaction is committed."""
    transaction.on_commit(lambda: _send(match_id))
