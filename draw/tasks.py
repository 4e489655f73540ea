"""Background work of tournaments. Thin: take ids, call one service; idempotent."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5, acks_late=True)
def round_pair(round_id: int) -> int:
    """Draw a round (for an elimination stage: the whole bracket). Returns the matches made;
    a round that is already drawn is left as it is."""
    from draw.services import round_pair as pair
    from notifications.tasks import notify_round_drawn

    made = pair(round_id=round_id)
    notify_round_drawn.delay(round_id)  # the players of ready matches (idempotent)
    return made


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5, acks_late=True)
def match_finished(match_id: int) -> None:
    """A result is in: advance the bracket, close the round, pair the next one when due."""
    from draw.services import tournament_advance
    from notifications.tasks import notify_match_finished
    from ratings.tasks import ratings_match_finished

    tournament_advance(match_id=match_id)
    ratings_match_finished.delay(match_id)
    notify_match_finished.delay(match_id)  # matches now ready, placings when finished
