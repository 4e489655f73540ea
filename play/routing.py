"""The board's websocket route (gathered into ``config.routing``)."""

from __future__ import annotations

from django.urls import path

from play.consumers import OnlineGameConsumer

websocket_urlpatterns = [
    path("ws/online/<int:match>/", OnlineGameConsumer.as_asgi()),
]
