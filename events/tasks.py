"""Background work of the event bus: deliver one event to one listener; reconcile."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from celery import shared_task
from django.conf import settings
from django.db import OperationalError
from kombu.exceptions import OperationalError as KombuOperationalError

from events import delivery, reconcile
from events.models import Delivery
from events.registry import listeners

logger = logging.getLogger(__name__)

#: What a broker that is down raises when a task is sent.
BROKER_ERRORS = (KombuOperationalError, ConnectionError, OSError)


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5, acks_late=True)
def deliver(delivery_id: int) -> bool:
    """Run one listener for one event (at least once; the listener is idempotent)."""
    return delivery.deliver(delivery_id)


def enqueue(delivery_ids: Iterable[int]) -> None:
    """Hand deliveries to the workers. A broker that is down (or a listener failing while tasks
    run inline) leaves them pending for the reconciler; it never reaches whoever emitted.
    Once the broker has failed, the rest are not tried: each try costs its retries, and a
    referee saving a result would wait for every listener's."""
    rows = list(Delivery.objects.filter(pk__in=list(delivery_ids)).values_list("pk", "listener"))
    for n, (delivery_id, name) in enumerate(rows):
        listener = listeners.get(name)
        options = {"queue": listener.queue} if listener and listener.queue else {}
        try:
            deliver.apply_async((delivery_id,), **options)
        except BROKER_ERRORS:
            logger.warning(
                "%d deliveries (from %s, %s) wait: the broker is unreachable; the reconciler "
                "will hand them over again",
                len(rows) - n,
                delivery_id,
                name,
            )
            return
        except Exception:
            if settings.EVENTS_RAISE_LISTENER_ERRORS and deliver.app.conf.task_always_eager:
                raise  # the test suite wants to see a failing listener
            logger.exception(
                "delivery %s (%s) not handed over now; the reconciler will hand it over again",
                delivery_id,
                name,
            )


@shared_task(acks_late=True)
def reconcile_all() -> int:
    """Beat, every minute: finish what a lost task left undone; returns the repairs made."""
    return len(reconcile.reconcile(enqueue=enqueue))
