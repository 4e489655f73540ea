"""The event bus: emit in the transaction, delivered at least once after the commit.

``emit`` writes the event and one delivery per listener in the caller's transaction, so an
event exists exactly when the change that caused it is committed. Once committed, each
delivery goes to the Celery task ``events.tasks.deliver``; with the broker down it stays
pending and the reconciler hands it over again. A listener is a plain function of a higher
app, registered with :func:`listen` in its ``AppConfig.ready``; it must be idempotent.
"""

from __future__ import annotations

from django.db import transaction

from config.site import current_origin
from events.models import ORIGIN_KEY, Delivery, Event
from events.registry import listen, listeners_of
from events.tasks import enqueue
from events.types import DomainEvent

__all__ = ["emit", "listen"]


def emit(event: DomainEvent) -> Event:
    """Record the event and its deliveries now; hand them to the workers once committed."""
    payload = event.payload()
    origin = current_origin()
    if origin:  # links in mails the listeners send use the address of this request
        payload[ORIGIN_KEY] = origin
    row = Event.objects.create(name=event.name, payload=payload)
    deliveries = Delivery.objects.bulk_create(
        [Delivery(event=row, listener=listener.name) for listener in listeners_of(type(event))]
    )
    ids = [delivery.pk for delivery in deliveries]
    if ids:
        transaction.on_commit(lambda: enqueue(ids))
    return row
