"""The ladders' daily round: forfeits, lapsed challenges and drops for not playing."""

from __future__ import annotations

from celery import shared_task

from ladders import services
from ladders.models import Ladder


@shared_task(acks_late=True)
def tick_all() -> int:
    return sum(services.ladder_tick(ladder=ladder) for ladder in Ladder.objects.all())
