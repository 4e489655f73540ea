"""One delivery: one listener run for one event, once."""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from config.site import using_origin
from events.models import ORIGIN_KEY, Delivery
from events.registry import listeners
from events.types import DomainEvent

logger = logging.getLogger(__name__)


def deliver(delivery_id: int) -> bool:
    """Run the listener of this delivery: True if it ran now, False if it had already run.

    The delivery row is locked while the listener runs, so a duplicate waits and then finds
    it done. A failing listener leaves the delivery pending with its error, and raises."""
    error: Exception | None = None
    with transaction.atomic():
        delivery = (
            Delivery.objects.select_for_update()
            .select_related("event")
            .filter(pk=delivery_id)
            .first()
        )
        if delivery is None:
            # A task can outlive its row: a queue that kept tasks across a reset database.
            logger.warning("delivery %s no longer exists; nothing to deliver", delivery_id)
            return False
        if delivery.done_at is not None:
            return False
        delivery.attempts += 1
        delivery.last_tried_at = timezone.now()
        listener = listeners.get(delivery.listener)
        try:
            if listener is None:
                raise LookupError(f"no listener {delivery.listener!r} is registered")
            event = DomainEvent.load(delivery.event.name, delivery.event.payload)
            origin = delivery.event.payload.get(ORIGIN_KEY)
            with transaction.atomic(), using_origin(origin):
                listener.handle(event)
        except Exception as exc:
            error = exc
            delivery.last_error = f"{type(exc).__name__}: {exc}"[:2000]
        else:
            delivery.done_at = timezone.now()
            delivery.last_error = ""
        delivery.save(update_fields=["attempts", "last_tried_at", "last_error", "done_at"])
    if error is not None:
        logger.warning(
            "listener %s failed on delivery %s: %s", delivery.listener, delivery_id, error
        )
        raise error
    return True
