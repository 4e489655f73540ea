"""The organizer's changes to a drawn round: draw it again while none of its matches has a
result, or change its match format or length while none has started."""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from draw.services.rounds import round_pair
from matches.models import Match, MatchOutcome, MatchStatus
from tournaments.formats import Drawing, adapter_of
from tournaments.models import MatchFormat, Round, RoundStatus, Stage
from tournaments.services.lifecycle import tournament_lock
from tournaments.versions import round_change


@logged_service("round_repair")
@transaction.atomic
def round_repair(*, round_: Round, rng: random.Random | None = None) -> None:
    """Draw a round again: only while none of its matches has a result. For a bracket, the
    whole bracket is drawn again (e.g. after a late withdrawal or a changed seed)."""
    with round_change(round_.pk):
        tournament = tournament_lock(round_.stage.tournament)
        # A bracket or a schedule is drawn as a whole; a Swiss round on its own.
        whole = adapter_of(tournament).drawing is not Drawing.ROUND_BY_ROUND
        if whole:
            matches = Match.objects.of_tournament(tournament)
            scope_rounds = Round.objects.filter(stage__tournament=tournament)
        else:
            matches = Match.objects.filter(round=round_)
            scope_rounds = Round.objects.filter(pk=round_.pk)
        played = matches.filter(
            Q(games__isnull=False) | Q(outcome__in=[MatchOutcome.PLAYED, MatchOutcome.FORFEIT])
        ).exists()
        if played or matches.filter(status=MatchStatus.PLAYING).exists():
            raise UserError(
                _("Matches of this draw already have results; it can no longer be drawn again."),
                code="has_results",
            )
        matches.delete()
        scope_rounds.update(draft=None)
        first = scope_rounds.order_by("stage__order", "number").first()
        assert first is not None
        if whole:
            Round.objects.filter(stage__tournament=tournament).exclude(pk=first.pk).delete()
            Stage.objects.filter(tournament=tournament).exclude(pk=first.stage_id).delete()
        Round.objects.filter(pk=first.pk).update(status=RoundStatus.PENDING)
        round_pair(round_id=first.pk)


@logged_service("round_update")
@transaction.atomic
def round_update(*, round_: Round, match_format: str, length: int, deadline: Any = None) -> Round:
    """Change a round's match format or length (5 points early, 11 in the final) while none
    of its matches has started; the matches follow."""
    with round_change(round_.pk):
        tournament_lock(round_.stage.tournament)
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        matches = Match.objects.filter(round=round_)
        changes_format = (match_format, length) != (round_.match_format, round_.length)
        if changes_format and (
            matches.filter(games__isnull=False).exists()
            or matches.filter(status=MatchStatus.PLAYING).exists()
            or matches.filter(status=MatchStatus.FINISHED, outcome="played").exists()
        ):
            raise UserError(
                _("Matches of this round have started; their length can no longer change."),
                code="round_started",
            )
        if match_format == MatchFormat.GAMES and length % 2 == 0:
            raise UserError(
                _("Best of N needs an odd N (best of 3, 5, 7 …) so that a match cannot end level."),
                code="even_best_of",
                field="length",
            )
        round_.match_format, round_.length, round_.deadline = match_format, length, deadline
        round_.full_clean()
        round_.save()
        matches.update(match_format=match_format, length=length)
        return round_
