"""The analysis queue: one task per analysis, routed to the Celery queue ``analysis``
(``CELERY_TASK_ROUTES`` in the settings)."""

from __future__ import annotations

from celery import Task, shared_task
from django.db import OperationalError

from analysis.run import analysis_run


@shared_task(
    name="analysis.tasks.analyse",
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
    acks_late=True,
    bind=True,
)
def analyse(self: Task, analysis_id: int) -> str:
    # A worker takes the following queued analyses too; a task run inline runs its own only.
    claim_ahead = not self.request.is_eager
    analysis = analysis_run(analysis_id=analysis_id, claim_ahead=claim_ahead)
    return "gone" if analysis is None else str(analysis.status)
