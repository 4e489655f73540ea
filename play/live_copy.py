"""A player's board keeps its copy of the game between actions (:class:`LiveGame`), so that an
action need not read the row: :func:`online_game_act_live` applies an action to the copy on
the event loop and saves it in one ``UPDATE`` (``config.db.execute_from_loop``) that finds the
row only at the copy's sequence number and the match still in play; whatever the copy cannot
decide (a refusal, a game's end, a fallen or paused clock, an overtaken copy) is decided by
:func:`play.services.online_game_act` on the locked row.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import orjson
from django.db import connection
from django.utils import timezone

from config.db import execute_from_loop
from config.errors import UserError
from matches.models import OPEN_STATUSES, Match
from play.models import OnlineGame

from .actions import apply_action, run_clock
from .state import OnlineState
from .timesource import now_ms

__all__ = [
    "LiveGame",
    "live_game",
    "live_stale",
    "online_game_act_live",
    "state_json",
]


@dataclass
class LiveGame:
    """A board's copy of its match's online game as saved at ``sequence`` (``text`` is what
    was saved: the JSON of ``state.dump()``), kept in memory between actions so that an action
    need not read the row. It is never trusted over the row: saving an action on it is one
    ``UPDATE ... WHERE sequence = <the copy's>``, which saves nothing when another process,
    the director or the clock check has moved the game on (the action is then done again on
    the row, locked: :func:`~play.services.online_game_act`)."""

    match_id: int
    sequence: int
    state: OnlineState
    #: What was saved, as the JSON text of ``state.dump()``: sent on to the other board.
    text: str
    flag_at: int | None


def state_json(saved: dict[str, Any]) -> str:
    """The JSON text of a saved state (``OnlineState.dump()``), as the row stores it."""
    return orjson.dumps(saved).decode()


def live_game(match_id: int, sequence: int, saved: dict[str, Any] | str) -> LiveGame | None:
    """The copy of a game saved at ``sequence`` (the saved state, or its JSON text);
    ``None`` once its match is over."""
    if isinstance(saved, str):
        text, saved = saved, orjson.loads(saved)
    else:
        text = state_json(saved)
    state = OnlineState.load(saved)
    if state.match_over:
        return None
    flag_at = state.clock.deadline() if state.clock is not None else None
    return LiveGame(match_id, sequence, state, text, flag_at)


def live_stale(live: LiveGame, seq: int) -> bool:
    """The action was made on a state older than the board's copy (it crossed the other
    player's, or was sent twice): refused as stale without asking the row, which is at
    least as far on. Not when the clock has fallen: the row must then end the match."""
    if seq >= live.sequence:
        return False
    clock = live.state.clock
    return clock is None or clock.fallen(now_ms()) is None


async def online_game_act_live(
    *, live: LiveGame, side: int, action: str, seq: int, payload: dict[str, Any] | None = None
) -> LiveGame | None:
    """Apply one action of the player on ``side`` to the board's copy, on the event loop, and
    save what it changed in one statement (no transaction, no read): the new copy, or
    ``None`` when the copy cannot decide the action (the caller then calls
    :func:`~play.services.online_game_act`, which reads the row): an action on another
    sequence, anything refused (the row tells why), a game that ends (it is recorded with
    the match's row locked), a fallen or paused clock, or a row that has moved on or a match
    ended off the board. ``live`` is spent either way."""
    fresh = _act_on_copy(live, side, action, seq, payload)
    if fresh is None:
        return None
    # The row's state is updated only at the copy's sequence and while its match is in play
    # (a referee may end it off the board). Written out in SQL, prepared once per connection
    # with its values sent apart from it: building it with the ORM cost more than the rest
    # of an action, and the state (a few kilobytes of JSON) is not quoted into it.
    updated_at = OnlineGame._meta.get_field("updated_at").get_db_prep_value(
        timezone.now(), connection
    )
    params = _save_live_params(live, fresh, updated_at)
    saved = await execute_from_loop(_save_live_sql(connection.vendor), params)
    return fresh if saved == 1 else None


def _act_on_copy(
    live: LiveGame, side: int, action: str, seq: int, payload: dict[str, Any] | None
) -> LiveGame | None:
    """The copy after the action, not saved yet; ``None`` when the copy cannot decide it."""
    state = live.state
    if seq != live.sequence or state.match_over:
        return None
    now = now_ms()
    if state.clock is not None and (state.clock.paused or state.clock.fallen(now) is not None):
        return None
    before = (state.game.side_to_act, state.game.number)
    try:
        apply_action(state, live.match_id, side, action, payload or {})
    except UserError:
        return None
    if state.game.is_over:
        return None
    run_clock(state, now=now, before=before)
    state.notice = None
    text = state_json(state.dump())
    flag_at = state.clock.deadline() if state.clock is not None else None
    return LiveGame(live.match_id, live.sequence + 1, state, text, flag_at)


@functools.cache
def _save_live_sql(vendor: str) -> str:
    """The UPDATE of :func:`online_game_act_live` for the database ``vendor`` (built once)."""
    game, match = OnlineGame._meta, Match._meta
    column = {name: game.get_field(name).column for name in ("state", "sequence", "flag_at")}
    q = connection.ops.quote_name
    statuses = ", ".join(["%s"] * len(OPEN_STATUSES))
    # The state comes as its JSON text (the column's own form on SQLite).
    state = "CAST(%s AS jsonb)" if vendor == "postgresql" else "%s"
    return (
        f"UPDATE {q(game.db_table)} SET {q(column['state'])} = {state}, "
        f"{q(column['sequence'])} = %s, {q(column['flag_at'])} = %s, "
        f"{q(game.get_field('updated_at').column)} = %s "
        f"WHERE {q(game.get_field('match').column)} = %s AND {q(column['sequence'])} = %s "
        f"AND EXISTS (SELECT 1 FROM {q(match.db_table)} WHERE {q(match.pk.column)} = %s "
        f"AND {q(match.get_field('status').column)} IN ({statuses}))"
    )


def _save_live_params(live: LiveGame, fresh: LiveGame, updated_at: Any) -> list[Any]:
    return [
        fresh.text,
        fresh.sequence,
        fresh.flag_at,
        updated_at,
        live.match_id,
        live.sequence,
        live.match_id,
        *[str(status) for status in OPEN_STATUSES],
    ]
