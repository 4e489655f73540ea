"""Websocket routes of every app, gathered in one list for the ASGI router."""

from __future__ import annotations

from typing import Any

from play.routing import websocket_urlpatterns as online_routes

websocket_urlpatterns: list[Any] = [*online_routes]
