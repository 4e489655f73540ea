"""The app as served, plus an echo websocket for the online benchmark's floor.

``/ws/echo/<room>/``: what one socket of a room sends, the others receive, through the same
channel layer (group messages) and the same ASGI server as the board, with no work between:
the least a move could cost to reach the opponent.
"""

from __future__ import annotations

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()  # before the app is imported

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from channels.sessions import SessionMiddlewareStack  # noqa: E402
from django.urls import path  # noqa: E402

from config.asgi import django_asgi_app  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402


class EchoConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.group = f"echo.{self.scope['url_route']['kwargs']['room']}"
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send(text_data='{"type":"hello"}')

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.channel_layer.group_send(
            self.group, {"type": "echo.message", "text": text_data, "skip": self.channel_name}
        )

    async def echo_message(self, event: dict) -> None:
        if event["skip"] != self.channel_name:
            await self.send(text_data=event["text"])


# The same middleware as the board's websocket; the echo route beside the board's.
application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            SessionMiddlewareStack(
                URLRouter(
                    [path("ws/echo/<int:room>/", EchoConsumer.as_asgi()), *websocket_urlpatterns]
                )
            )
        ),
    }
)
