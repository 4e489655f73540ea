"""Bridge from the result events of ``matches.events`` to the notification task.

``matches.events.emit`` calls listeners after the commit; ours only enqueues, so no request
waits for a mail server."""

from __future__ import annotations

from typing import Any

#: Events of ``matches.events`` that notify someone.
RESULT_EVENTS = frozenset(
    {"result_recorded", "result_reported", "result_disputed", "result_corrected"}
)


def on_result_event(event: str, **ids: Any) -> None:
    if event not in RESULT_EVENTS:
        return
    from notifications.tasks import notify_event

    notify_event.delay(event, **ids)


def connect() -> None:
    from matches import events

    events.listen(on_result_event)
