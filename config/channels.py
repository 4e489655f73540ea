"""The channel layer on Redis's publish/subscribe, with the boards told when Redis is lost.

channels_redis's ``RedisPubSubChannelLayer`` sends a group message with one PUBLISH, pushed
by Redis to the processes that hold a member of the group: a board's move reaches the other
board without the queues' script and blocking pop per message and per process
(``config.env.redis_channel_layer``). When Redis goes away it keeps trying quietly and
its consumers hear nothing; messages published meanwhile are gone. A board must not sit on a
socket that hears nothing: as with the queues' layer (whose receive fails), each consumer of
the process is sent ``{"type": "layer.lost"}`` then, and a board closes its socket and
reconnects, reading the state afresh once Redis is back.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels_redis.pubsub import (
    RedisPubSubChannelLayer,
    RedisPubSubLoopLayer,
    RedisSingleShardConnection,
)
from channels_redis.utils import _wrap_close, decode_hosts
from redis import exceptions as redis_errors

logger = logging.getLogger(__name__)

#: The message each consumer is sent when the layer has lost Redis.
LOST = {"type": "layer.lost"}
#: What the layer raises while Redis does not answer (a group joined, left or sent to).
LAYER_ERRORS: tuple[type[BaseException], ...] = (
    OSError,
    TimeoutError,
    redis_errors.ConnectionError,
    redis_errors.TimeoutError,
)
#: The websocket close code of a socket whose channel layer lost Redis: 1012 ("service
#: restart") is not a code an application may send (daphne refuses it with a traceback), so
#: the application range's 4012 echoes it. The board reconnects, with a growing pause.
LAYER_LOST_CLOSE_CODE = 4012
#: Seconds between two tries to read from Redis again once it was lost.
RETRY_SECONDS = 1.0


class _WatchedShard(RedisSingleShardConnection):  # type: ignore[misc]
    async def _do_receiving(self) -> None:
        lost = False
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=0.1
                    )
                    self._receive_message(message)
                    lost = False
                else:
                    await asyncio.sleep(0.1)
            except (asyncio.CancelledError, TimeoutError, GeneratorExit):
                raise
            except Exception as error:
                if not lost:
                    logger.warning("the channel layer lost Redis, boards reconnect: %s", error)
                    self._tell_everyone_lost()
                lost = True
                await asyncio.sleep(RETRY_SECONDS)

    async def unsubscribe(self, channel: str) -> None:
        try:
            await super().unsubscribe(channel)
        except LAYER_ERRORS:
            # Redis is away, and with it every subscription of this connection: nothing
            # to undo (a consumer that closes meanwhile would log a traceback otherwise).
            self._subscribed_to.discard(channel)

    def _tell_everyone_lost(self) -> None:
        layer = self.channel_layer
        text = layer.channel_layer.serialize(LOST)
        for queue in layer.channels.values():
            queue.put_nowait(text)


class _WatchedLoopLayer(RedisPubSubLoopLayer):  # type: ignore[misc]
    def __init__(self, hosts: Any = None, **kwargs: Any) -> None:
        super().__init__(hosts, **kwargs)
        self._shards = [_WatchedShard(host, self) for host in decode_hosts(hosts)]

    async def _subscribe_to_channel(self, channel: str) -> None:
        try:
            await super()._subscribe_to_channel(channel)
        except LAYER_ERRORS:
            # A consumer starting while Redis is away: it is told at once (and its board
            # reconnects later) instead of failing before it can answer the handshake.
            self.channels[channel].put_nowait(self.channel_layer.serialize(LOST))


class PubSubChannelLayer(RedisPubSubChannelLayer):  # type: ignore[misc]
    """``RedisPubSubChannelLayer`` whose consumers are sent :data:`LOST` when Redis goes."""

    def _get_layer(self) -> Any:
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = self._layers[loop] = _WatchedLoopLayer(
                *self._args, **self._kwargs, channel_layer=self
            )
            _wrap_close(self, loop)
        return layer
