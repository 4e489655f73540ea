"""The reconciler: finds and finishes what a lost task left undone, idempotently.

Deliveries still pending a minute after their event are handed over again (with a growing
pause after each failure); then every repair the apps registered runs (rounds due to be drawn,
brackets behind their results, matches without their rating change ...). Each repair is
logged. Beat runs it every minute; ``manage.py reconcile`` runs it by hand.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from events.models import Delivery
from events.registry import repairs

logger = logging.getLogger(__name__)

#: A delivery younger than this may still be on its way (the default of :func:`grace`).
GRACE = timedelta(minutes=1)
#: The longest pause between two tries of a failing delivery.
LONGEST_PAUSE = timedelta(hours=1)


def grace() -> timedelta:
    """How long work may still be on its way before the reconciler takes it over: a minute,
    or ``EVENTS_RECONCILE_GRACE_SECONDS`` (the fault tests shorten it)."""
    seconds = getattr(settings, "EVENTS_RECONCILE_GRACE_SECONDS", None)
    return GRACE if seconds is None else timedelta(seconds=float(seconds))


def _due(now: datetime) -> list[int]:
    wait = grace()
    pending = Delivery.objects.filter(done_at=None, created_at__lte=now - wait)
    due = []
    for pk, attempts, last_tried in pending.values_list("pk", "attempts", "last_tried_at"):
        pause = min(wait * 2 ** max(attempts - 1, 0), LONGEST_PAUSE)
        if last_tried is None or last_tried <= now - pause:
            due.append(pk)
    return due


def reconcile(*, enqueue: Callable[[Iterable[int]], None]) -> list[str]:
    """Hand over the deliveries that are due, run every repair; describe what was done."""
    done: list[str] = []
    due = _due(timezone.now())
    if due:
        enqueue(due)
        done.append(f"handed over {len(due)} pending deliveries again")
    for name, repair in sorted(repairs.items()):
        try:
            found = repair()
        except Exception:
            logger.exception("repair %s failed", name)
            continue
        done.extend(f"{name}: {line}" for line in found)
    for line in done:
        logger.warning("reconciler: %s", line)
    return done
