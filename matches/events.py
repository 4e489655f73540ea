"""Result events for whoever listens (notifications), sent once the change is committed.

Services call :func:`emit`; listeners register with :func:`listen`. A listener runs inside
``transaction.on_commit`` and should only enqueue a Celery task, so no web request waits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction

Listener = Callable[..., Any]
_listeners: list[Listener] = []

#: The events services emit, with the keyword arguments each carries.
EVENTS = {
    "result_recorded": ("match_id",),
    "result_reported": ("match_id", "report_id"),
    "result_disputed": ("match_id", "report_id"),
    "result_corrected": ("match_id",),
}


def listen(listener: Listener) -> Listener:
    """Register ``listener(event, **ids)``; usable as a decorator."""
    if listener not in _listeners:
        _listeners.append(listener)
    return listener


def emit(event: str, **ids: int) -> None:
    if event not in EVENTS:
        raise ValueError(f"unknown event {event!r}")

    def deliver() -> None:
        for listener in list(_listeners):
            listener(event, **ids)

    transaction.on_commit(deliver)
