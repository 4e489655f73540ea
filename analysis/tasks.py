"""The analysis queue: a task per analysis (or one for the rest of a round's, see
``analysis.services``), routed to the Celery queue ``analysis`` (``CELERY_TASK_ROUTES`` in
the settings)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from celery import Task, shared_task
from django.db import OperationalError

from analysis.run import analysis_run

#: Both tasks: retried when the database is briefly unreachable, acknowledged when over (a
#: worker that dies leaves its task to another: delivered at least once).
OPTIONS: dict[str, Any] = {
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
    "max_retries": 5,
    "acks_late": True,
    "bind": True,
}


@shared_task(name="analysis.tasks.analyse", **OPTIONS)
def analyse(self: Task, analysis_id: int) -> str:
    # A worker takes the following queued analyses too; a task run inline runs its own only.
    return _run(analysis_id, claim_ahead=not self.request.is_eager)


def _run(analysis_id: int, *, claim_ahead: bool) -> str:
    """The analysis run; its status after, or "gone" (deleted while it waited)."""
    analysis = analysis_run(analysis_id=analysis_id, claim_ahead=claim_ahead)
    return "gone" if analysis is None else str(analysis.status)


@shared_task(name="analysis.tasks.analyse_many", **OPTIONS)
def analyse_many(self: Task, analysis_ids: list[int]) -> dict[str, int]:
    """Each analysis as its own task would run it: in a worker, the first one not done yet
    takes gnubg down the queue, and the others are done by then (or run, or waited for)."""
    claim_ahead = not self.request.is_eager
    return dict(Counter(_run(pk, claim_ahead=claim_ahead) for pk in analysis_ids))
