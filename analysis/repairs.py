"""What the reconciler repairs: analyses whose task was lost (a broker that was down when they
were queued, a worker that vanished mid-run). Handing one over again is harmless: the task
leaves an analysis of the same moves alone."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from analysis.models import AnalysisStatus, MatchAnalysis
from analysis.services import enqueue
from events.registry import repair
from matches.versions import match_change

#: A queued analysis waits its turn; one not started after this long lost its task.
QUEUED_GRACE = timedelta(hours=1)


@repair("analysis.lost_tasks")
def lost_tasks() -> list[str]:
    now = timezone.now()
    longest_run = timedelta(seconds=settings.GNUBG_TIMEOUT * settings.ANALYSIS_ATTEMPTS + 60)
    lost = MatchAnalysis.objects.filter(
        Q(status=AnalysisStatus.QUEUED, updated_at__lt=now - QUEUED_GRACE)
        | Q(status=AnalysisStatus.RUNNING, updated_at__lt=now - longest_run)
    ).values_list("pk", "match_id")
    done = []
    for analysis_id, match_id in lost:
        with transaction.atomic(), match_change(match_id):  # the page shows it queued again
            MatchAnalysis.objects.filter(pk=analysis_id).update(
                status=AnalysisStatus.QUEUED, updated_at=now
            )
        enqueue(analysis_id)
        done.append(f"analysis {analysis_id} handed to the analysis queue again")
    return done
