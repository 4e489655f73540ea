"""Background work of the event bus: deliver one event to one listener; reconcile."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from celery import shared_task
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, OperationalError, connections
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
    referee saving a result would wait for every listener's.

    Run after the commit (``events.bus``), its database connection may have died with the
    commit: the change stands, so the deliveries are left to the reconciler and the broken
    connection closed (the caller's next query opens another) instead of failing the
    request that made the change."""
    ids = list(delivery_ids)
    try:
        rows = list(Delivery.objects.filter(pk__in=ids).values_list("pk", "listener"))
    except DatabaseError:
        logger.warning(
            "%d deliveries (from %s) wait: the database connection failed after the commit; "
            "the reconciler will hand them over again",
            len(ids),
            ids[0] if ids else None,
            exc_info=True,
        )
        _close_if_broken()
        return
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


def _close_if_broken() -> None:
    """Close the default connection when it no longer works (outside a transaction, which
    its owner rolls back), so that the next query opens a new one."""
    db = connections[DEFAULT_DB_ALIAS]
    if db.connection is not None and not db.in_atomic_block and not db.is_usable():
        db.close()


@shared_task(acks_late=True)
def reconcile_all() -> int:
    """Beat, every minute: finish what a lost task left undone; returns the repairs made."""
    return len(reconcile.reconcile(enqueue=enqueue))
