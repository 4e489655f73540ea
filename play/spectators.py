"""What a spectator is shown behind the tournament's spectator delay: the game as it stood
that many checker plays ago (``backgammon.rewind``), so that nobody watching can tell a player
the position of the moment. The players, the club's organizers and referees see it live."""

from __future__ import annotations

import functools
from typing import Any

import orjson

from backgammon.rewind import game_before_plays

from .broadcast import message_text
from .snapshot import board_payload
from .state import OnlineState
from .timesource import now_ms

__all__ = ["delayed_text"]


def delayed_text(seq: int, saved: dict[str, Any] | str, plays: int) -> str:
    """The state message of the game saved at ``seq`` (its state, or the state's JSON text)
    as it stood ``plays`` checker plays before."""
    if isinstance(saved, str):
        return _delayed(seq, saved, plays)
    return _delayed(seq, orjson.dumps(saved).decode(), plays)


# Every delayed spectator of a match on this process is sent the same text for the same save.
@functools.lru_cache(maxsize=256)
def _delayed(seq: int, text: str, plays: int) -> str:
    state = OnlineState.load(orjson.loads(text))
    state.game = game_before_plays(state.game, plays)
    state.pending = []
    state.before_play = None
    state.notice = None
    return message_text("state", seq, board_payload(state, now=now_ms()))
