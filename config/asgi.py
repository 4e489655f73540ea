"""ASGI entry point: HTTP through Django, websockets through Channels."""

from __future__ import annotations

import os
import pprint
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Django must be set up before anything imports models (consumers do).
django_asgi_app = get_asgi_application()

from autobahn.websocket import protocol as websocket_protocol  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from channels.sessions import SessionMiddlewareStack  # noqa: E402
from django.conf import settings  # noqa: E402

from config import gctuning  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402


class _FormattedWhenLogged:
    """A value pretty-printed only when a log line is written with it."""

    __slots__ = ("value",)

    def __init__(self, value: Any, *args: Any, **kwargs: Any) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        return format(pprint.pformat(self.value), spec)

    def __str__(self) -> str:
        return pprint.pformat(self.value)


def _websocket_debug_lines_formatted_when_logged() -> None:
    """Autobahn (Daphne's websockets) pretty-prints every new socket's twenty-odd settings for
    a debug line that is not written unless its debug log is on: at a round's start, with
    hundreds of boards opening at once, that was a fifth of the websocket process's time
    (py-spy, benchmarks/online.py at 1,000 games), and handshakes waited past Daphne's timeout.
    The same lines are written, formatted, when that log is on."""
    websocket_protocol.pformat = _FormattedWhenLogged  # type: ignore[attr-defined,assignment]


_websocket_debug_lines_formatted_when_logged()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # The session, loaded lazily: the consumers find the user themselves, in their own
        # worker threads, after the handshake is answered (Channels' auth middleware would
        # look every user up before it, one at a time on a single thread: at a round's start
        # with hundreds of boards opening, handshakes waited past Daphne's timeout, 403).
        "websocket": AllowedHostsOriginValidator(
            SessionMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

# Python's garbage collector pauses the whole process, every open board with it, for as long
# as it walks the objects it tracks (up to 200 ms with 300 boards open): tuned (config/gctuning)
# (benchmarks/online.py, 300 games, with the move search's cycles removed as well: p95
# from 57 ms to 17-31 ms, p99 from 236 ms to 65-212 ms in six runs; docs/operations.md, "Garbage
# collection in the websocket processes").
# Production only (the setting ASGI_GC_TUNING): with SQLite, statements that wait longer for
# the collector keep their tables locked.
if settings.ASGI_GC_TUNING:
    gctuning.tune()
