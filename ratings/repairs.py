"""What the reconciler repairs for ratings: rated matches finished over a minute ago whose
rating change was lost."""

from __future__ import annotations

from django.db.models import Exists, OuterRef
from django.utils import timezone

from events.reconcile import grace
from events.registry import repair
from matches.models import Match, MatchOutcome, MatchStatus
from ratings import services
from ratings.models import RatingChange


@repair("ratings.unrated_matches")
def unrated_matches() -> list[str]:
    unrated = (
        Match.objects.filter(
            status=MatchStatus.FINISHED,
            outcome=MatchOutcome.PLAYED,
            entry_a__isnull=False,
            entry_b__isnull=False,
            winner__isnull=False,
            finished_at__lte=timezone.now() - grace(),
        )
        .exclude(Exists(RatingChange.objects.filter(match=OuterRef("pk"))))
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)
    )
    return [
        f"rated match {match_id}"
        for match_id in unrated
        if services.ratings_match_finished(match_id=match_id)
    ]
