"""The analysis queue: one task per analysis, routed to the Celery queue ``analysis``
(``CELERY_TASK_ROUTES`` in the settings)."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from analysis.run import analysis_run


@shared_task(
    name="analysis.tasks.analyse",
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
    acks_late=True,
)
def analyse(analysis_id: int) -> str:
    return str(analysis_run(analysis_id=analysis_id).status)
