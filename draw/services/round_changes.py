"""The organizer's changes to a drawn round: draw it again while none of its matches has a
result, or change its match format or length while none has started."""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from draw.selectors import have_results, redraw_matches, redraw_rounds, redraws_whole_draw
from draw.services.rounds import round_pair
from matches.models import Match, MatchStatus
from tournaments.models import MatchFormat, Round, RoundStatus, Stage, Tournament
from tournaments.services.lifecycle import tournament_lock
from tournaments.versions import round_change

#: What the organizer sets per round, and per stage (its clock): a redraw keeps them.
ROUND_SETTINGS = ("match_format", "length", "deadline")
STAGE_SETTINGS = ("clock", "clock_minutes", "clock_delay", "clock_bronstein")


@logged_service("round_repair")
@transaction.atomic
def round_repair(*, round_: Round, rng: random.Random | None = None) -> None:
    """Draw a round again: only while none of its matches has a result. For a bracket or a
    league schedule, the whole draw is drawn again (e.g. after a late withdrawal or a changed
    seed). Each round keeps its match format, length and deadline, each stage its clock."""
    with round_change(round_.pk):
        tournament = tournament_lock(round_.stage.tournament)
        whole = redraws_whole_draw(tournament)
        matches = redraw_matches(round_)
        scope_rounds = redraw_rounds(round_)
        if have_results(matches):
            raise UserError(
                _("Matches of this draw already have results; it can no longer be drawn again."),
                code="has_results",
            )
        kept_rounds = {
            (r.stage.kind, r.number): {name: getattr(r, name) for name in ROUND_SETTINGS}
            for r in scope_rounds
        }
        kept_stages = {
            stage.kind: {name: getattr(stage, name) for name in STAGE_SETTINGS}
            for stage in Stage.objects.filter(tournament=tournament)
        }
        matches.delete()
        scope_rounds.update(draft=None)
        first = scope_rounds.first()
        assert first is not None
        if whole:
            Round.objects.filter(stage__tournament=tournament).exclude(pk=first.pk).delete()
            Stage.objects.filter(tournament=tournament).exclude(pk=first.stage_id).delete()
        Round.objects.filter(pk=first.pk).update(status=RoundStatus.PENDING)
        round_pair(round_id=first.pk)
        _restore_settings(tournament, kept_rounds, kept_stages)


def _restore_settings(
    tournament: Tournament,
    rounds: dict[tuple[str, int], dict[str, Any]],
    stages: dict[str, dict[str, Any]],
) -> None:
    """Give the rounds and stages drawn anew the settings their namesakes had before."""
    for stage in Stage.objects.filter(tournament=tournament, kind__in=stages):
        Stage.objects.filter(pk=stage.pk).update(**stages[stage.kind])
    drawn = Round.objects.filter(stage__tournament=tournament).select_related("stage")
    for round_ in drawn:
        settings = rounds.get((round_.stage.kind, round_.number))
        if settings is None:
            continue
        Round.objects.filter(pk=round_.pk).update(**settings)
        Match.objects.filter(round=round_).update(
            match_format=settings["match_format"], length=settings["length"]
        )


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
