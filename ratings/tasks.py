"""Background work of ratings. Tasks take ids and call one service; idempotent."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5, acks_late=True)
def ratings_match_finished(match_id: int) -> bool:
    """A match finished or changed: bring its club's ratings up to date (idempotent)."""
    from ratings import services as services_ratings

    return services_ratings.ratings_match_finished(match_id=match_id)


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5, acks_late=True)
def ratings_recompute(club_id: int) -> int:
    """Replay all rated matches of a club (after a correction); returns the rows written."""
    from ratings import services as services_ratings

    return services_ratings.ratings_recompute(club_id=club_id).changes_written
