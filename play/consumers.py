"""The board's websocket: ``/ws/online/<match id>/``.

The server is the authority. It rolls the dice, keeps the game, checks every message and
sends everyone the state to draw; the browser only draws what it is sent and sends what the
player clicked. Every message is a small JSON object ``{"type", "seq", "payload"}``.

Server to board
---------------
``{"type": "hello", "seq": null, "payload": {"you": 0 | 1 | null}}``
    Once, on connecting: which side the user plays (``null`` for spectators).
``{"type": "state", "seq": 17, "payload": {...}}``
    The whole state to draw (:mod:`play.snapshot`), to everyone watching, after
    every action, and to a board that connects or asks (``sync``). ``seq`` grows by one with
    every action; a board ignores a state older than the one it shows.
``{"type": "error", "seq": 17, "payload": {"code": "not_your_turn", "message": "..."}}``
    Only to the sender, with a translated message, when an action is refused; nothing
    changed. A ``stale`` error is followed by the current state.

Board to server
---------------
``{"type": "sync"}`` asks for the state. Every other message is an action and carries the
``seq`` of the state it was made on; an action on an older state (a replay, or a message
crossing the opponent's) is refused as ``stale``.

==================  ========================================  ==============================
type                payload                                   who, when
==================  ========================================  ==============================
``roll``            --                                        player on turn, before moving
``move``            ``{"from": 13, "to": 10}``                player on turn: one die, one
                                                              checker (25 = bar, 0 = off;
                                                              in the mover's numbering)
``move``            ``{"steps": [[13, 10], [10, 5]]}``        one checker several steps in
                                                              one gesture (the state's
                                                              ``paths``); every step checked
``undo``            --                                        take back the last step
``undo_all``        --                                        take back every step
``confirm``         --                                        end the turn (a whole legal
                                                              play)
``play``            ``{"steps": [[13, 10], [24, 23]]}``       steps and confirm in one
``double``          --                                        player on turn, before rolling
``take``/``drop``   --                                        the doubled player
``resign``          ``{"kind": "single"|"gammon"|             either player, while the game
                    "backgammon"}``                           waits for a roll or a play
``accept``/         --                                        the other player
``decline``
==================  ========================================  ==============================

Error codes: ``malformed``, ``unknown``, ``spectator``, ``stale``, ``not_your_turn``,
``wrong_phase``, ``illegal_move``, ``incomplete_play``, ``nothing_to_undo``, ``kind``,
``crawford``, ``cube_not_owned``, ``cube_at_max``, ``holland``, ``cube_in_best_of``,
``cube_disabled``, ``match_over``, ``not_started``, ``paused`` (the director paused the
match), ``reconnecting`` (the server lost Redis: the socket is closed with 4012 and the board
reconnects); ``too_large`` and ``too_deep`` for a
message over :data:`~play.protocol.MAX_MESSAGE` characters or nested deeper than
:data:`~play.protocol.MAX_DEPTH` (refused before it is parsed).

A board that sends more than ``ONLINE_MESSAGE_BURST`` messages at once, or more than
``ONLINE_MESSAGE_RATE`` a second for longer (settings), gets a ``rate_limited`` error and the
socket is closed with code 4008 (:data:`~play.limits.RATE_LIMITED_CLOSE_CODE`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from typing import Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import OperationalError
from django.utils import translation
from django.utils.translation import gettext as _

from config.channels import LAYER_ERRORS, LAYER_LOST_CLOSE_CODE

from .broadcast import group_name, live_event, message_text
from .consumer_calls import (
    act,
    board_copy,
    check_flag,
    error_text,
    protocol_error_message,
    scope_language,
    seat,
    stale_replies,
    sync,
)
from .limits import RATE_LIMITED_CLOSE_CODE, MessageRate
from .live_copy import LiveGame, live_stale, online_game_act_live
from .protocol import ProtocolError, parse
from .spectators import delayed_text
from .timesource import now_ms

__all__ = ["OnlineGameConsumer", "group_name"]

#: A little after the clock's deadline, so that the check finds it fallen.
FLAG_CHECK_MARGIN = 0.05
#: Tries of a due clock check whose transaction the database refused.
FLAG_CHECK_TRIES = 4

logger = logging.getLogger(__name__)


def _in_thread(func: Any) -> Any:
    """Run ``func`` in a worker thread of its own: each call is one transaction that locks
    its match's row, so the games of a server need not wait for each other's database."""
    return database_sync_to_async(func, thread_sensitive=False)


class OnlineGameConsumer(AsyncWebsocketConsumer):
    """One board (a player's or a spectator's) of one online match."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels closes stale database connections before every message, a hop to its
        # database thread each time. This consumer touches the database only through
        # database_sync_to_async (which closes them itself), so it skips that hop: every
        # move reaches the boards without it.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match"])
        self.user: Any = None  # found with the seat, in a worker thread
        self.language = scope_language(self.scope)
        self.rate = MessageRate(
            burst=settings.ONLINE_MESSAGE_BURST, per_second=settings.ONLINE_MESSAGE_RATE
        )
        self.closing = False
        self.flag_timer: asyncio.TimerHandle | None = None
        self.seated = False
        self.side = None
        self.delay = 0  # a spectator's, in checker plays (the tournament's setting)
        # The player's copy of the game (see LiveGame), or the game as the last state event
        # carried it (``{"seq", "state"}``), made into a copy when the player next acts.
        self.live: LiveGame | None = None
        self.saved: dict[str, Any] | None = None
        self.group = group_name(self.match_id)
        # Accept at once, before any database work: at a round's start hundreds of boards
        # open within seconds, and Daphne refuses (403) a handshake its application has not
        # answered within its timeout. Nothing is sent before access is checked; a board
        # that may not open is closed with 4403.
        await self.accept()
        # Join the group before reading the state, so no change after the read is missed
        # (group messages wait until connect() returns: a consumer handles one at a time).
        try:
            await self.channel_layer.group_add(self.group, self.channel_name)
        except LAYER_ERRORS as error:
            logger.warning(
                "board of match %s not opened, no channel layer: %s", self.match_id, error
            )
            with translation.override(self.language):
                text = _("The server cannot reach its message service. Reconnecting…")
            await self.send(text_data=error_text("reconnecting", text, None))
            await self._close_layer_lost()
            return
        self.user, allowed, side, started, event, self.delay = await _in_thread(seat)(
            self.match_id, self.scope, self.language
        )
        if not allowed or event is None:
            self.closing = True
            await self.close(code=4403)
            return
        self.side = side
        self.seated = True
        self.saved = event.pop("live", None)
        await self.send(text_data=message_text("hello", None, {"you": side}))
        await self.send(text_data=event["text"])
        self._watch_clock(event.get("flag_at"))
        if started:
            # The other player's board, if open, learns that the game has begun, with the
            # saved game for its copy: two boards opened at the same moment each find they
            # started it, and a start told without the game would drop the other's copy.
            await self._publish({**event, "live": self.saved, "skip": self.channel_name})

    async def disconnect(self, code: int) -> None:
        timer = getattr(self, "flag_timer", None)
        if timer is not None:
            timer.cancel()
        group = getattr(self, "group", None)
        if group is not None:
            # The layer may have lost Redis, and with it the group's subscription.
            with contextlib.suppress(*LAYER_ERRORS):
                await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.closing:
            return  # messages that were under way when the socket was closed
        if not self.rate.allow():
            await self._close_rate_limited()
            return
        try:
            message = parse(text_data)
        except ProtocolError as error:
            with translation.override(self.language):
                text = protocol_error_message(error)
            await self.send(text_data=error_text(error.code, text, None))
            return
        if message.type == "sync":
            ended, text = await _in_thread(sync)(self.match_id)
            if ended is not None:
                await self._publish(ended)
            else:
                await self.send(text_data=text)
            return
        if self.side is None:
            with translation.override(self.language):
                text = _("You are watching this match; only its two players can move.")
            await self.send(text_data=error_text("spectator", text, None))
            return
        live, saved = self.live, self.saved
        self.live = self.saved = None  # spent: the action may change the copy
        if (live is not None or saved is not None) and await self._act_on_copy(
            message, live, saved
        ):
            return
        # No copy, or the copy (now spent) could not decide the action: the row decides.
        event, replies, self.live = await _in_thread(act)(
            self.match_id, self.user, self.side, message, self.language
        )
        if event is not None:
            await self._publish(event)
        for reply in replies:
            await self.send(text_data=reply)

    async def _act_on_copy(
        self, message: Any, live: LiveGame | None, saved: dict[str, Any] | None
    ) -> bool:
        """An action made on the board's copy of the game on the event loop and saved in one
        statement (``config.db.execute_from_loop``): whether it was decided here (an action
        the copy cannot decide goes to the row, in a worker thread)."""
        with translation.override(self.language):
            live = board_copy(self.match_id, live, saved)
            if live is None:
                return False
            if live_stale(live, message.seq):
                self.live = live
                for reply in stale_replies(live):
                    await self.send(text_data=reply)
                return True
        fresh = await online_game_act_live(
            live=live, side=self.side, action=message.type, seq=message.seq, payload=message.payload
        )
        if fresh is None:
            return False
        self.live = fresh
        await self._publish(live_event(fresh))
        return True

    async def _publish(self, event: dict[str, Any]) -> None:
        """Send ``event`` to every board of the match. Without Redis the change is saved but
        not heard: this board is closed as when the layer is lost, and reads the state
        afresh when it reconnects (the others do, their sockets closed with the layer)."""
        try:
            await self.channel_layer.group_send(self.group, event)
        except LAYER_ERRORS as error:
            logger.warning("board of match %s closed, no channel layer: %s", self.match_id, error)
            await self._close_layer_lost()

    async def layer_lost(self, event: dict[str, Any]) -> None:
        """The channel layer lost Redis (``config.channels``): this socket would hear no
        more moves, so it is closed; the board reconnects with a growing pause and reads the
        state afresh once Redis is back."""
        await self._close_layer_lost()

    async def _close_layer_lost(self) -> None:
        if self.closing:
            return
        self.closing = True
        await self.close(code=LAYER_LOST_CLOSE_CODE, reason="channel layer lost")

    async def _close_rate_limited(self) -> None:
        self.closing = True
        with translation.override(self.language):
            text = _("Too many messages from this board; it is disconnected. Reload the page.")
        await self.send(text_data=error_text("rate_limited", text, None))
        await self.close(code=RATE_LIMITED_CLOSE_CODE, reason="rate limited")

    async def online_state(self, event: dict[str, Any]) -> None:
        if not self.seated or self.closing:
            return
        if event.get("skip") == self.channel_name:
            return  # this board's own news (it started the game), already shown and kept
        saved = event.get("live")
        if self.delay and saved is not None:  # a delayed spectator's, while the match is on
            with translation.override(self.language):
                text = delayed_text(saved["seq"], saved.get("text") or saved["state"], self.delay)
            await self.send(text_data=text)
            return
        await self.send(text_data=event["text"])
        self._keep(event.get("live"))
        self._watch_clock(event.get("flag_at"))

    def _keep(self, saved: dict[str, Any] | None) -> None:
        """A player's board keeps the game a state event carries (one without it, sent from
        outside the boards, drops the board's copy: the next action reads the row)."""
        if self.side is None:
            return
        if saved is None:
            self.live = self.saved = None
        elif self.live is None or saved["seq"] > self.live.sequence:
            self.live, self.saved = None, saved

    def _watch_clock(self, flag_at: int | None) -> None:
        """A player's board checks the running clock when it is due to fall, so a player who
        does not act (or has gone) loses on time without anyone sending a message. Both
        players' consumers check; the first to find the clock fallen ends the match."""
        if self.flag_timer is not None:
            self.flag_timer.cancel()
            self.flag_timer = None
        if flag_at is None or self.side is None:
            return
        delay = max(0.0, (flag_at - now_ms()) / 1000) + FLAG_CHECK_MARGIN
        loop = asyncio.get_running_loop()
        self.flag_timer = loop.call_later(delay, lambda: loop.create_task(self._flag_due()))

    async def _flag_due(self) -> None:
        self.flag_timer = None
        for attempt in range(1, FLAG_CHECK_TRIES + 1):
            try:
                event = await _in_thread(check_flag)(self.match_id)
                break
            except OperationalError as error:
                # Both players' consumers check at the same moment. PostgreSQL makes the
                # second wait for the first's row lock; SQLite refuses one of them, or both
                # (each read before it wrote): try again a moment later, apart.
                if attempt == FLAG_CHECK_TRIES:
                    # The reconciler's repair (matches.flag_falls) ends the match instead.
                    logger.warning("clock check of match %s failed: %s", self.match_id, error)
                    return
                await asyncio.sleep(random.uniform(0.02, 0.1) * attempt)
        if event is not None:
            await self._publish(event)
