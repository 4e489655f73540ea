"""What the reconciler repairs for the draw: rounds due to be drawn whose draw was lost, and
running tournaments behind their results (a bracket not advanced, a round not closed, the
next Swiss round not paired)."""

from __future__ import annotations

import logging

from django.utils import timezone

from config.errors import UserError
from draw.services import round_pair
from draw.services.advance import tournament_catch_up
from events.reconcile import grace
from events.registry import repair
from tournaments.models import Round, RoundStatus, Tournament, TournamentStatus

logger = logging.getLogger(__name__)


@repair("draw.rounds_due")
def rounds_due() -> list[str]:
    """Rounds of running tournaments created over a minute ago and still without matches."""
    due = Round.objects.filter(
        stage__tournament__status=TournamentStatus.RUNNING,
        status=RoundStatus.PENDING,
        matches__isnull=True,
        draft__isnull=True,
        created_at__lte=timezone.now() - grace(),
    ).values_list("pk", flat=True)
    done = []
    for round_id in due:
        try:
            made = round_pair(round_id=round_id)
        except UserError as error:
            logger.warning("round %s cannot be drawn: %s", round_id, error)
            continue
        if made:
            done.append(f"drew round {round_id} ({made} matches)")
    return done


@repair("draw.tournaments_behind")
def tournaments_behind() -> list[str]:
    running = Tournament.objects.filter(status=TournamentStatus.RUNNING).values_list(
        "pk", flat=True
    )
    done = []
    for tournament_id in running:
        try:
            changed = tournament_catch_up(tournament_id=tournament_id)
        except UserError as error:
            logger.warning("tournament %s cannot catch up: %s", tournament_id, error)
            continue
        if changed:
            done.append(f"tournament {tournament_id} caught up with its results")
    return done
