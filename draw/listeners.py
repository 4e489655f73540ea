"""What the draw does when something happened: results move the tournament on, a created
round is drawn. Each is idempotent (the services check what is already done)."""

from __future__ import annotations

from draw.services import round_pair, tournament_advance
from events.registry import listen
from events.types import ResultCorrected, ResultRecorded, RoundCreated
from matches.models import Match, MatchStatus


@listen(ResultRecorded, name="draw.advance")
def advance_after_result(event: ResultRecorded) -> None:
    """Advance the bracket or close the round; pair the next round when due."""
    tournament_advance(match_id=event.match_id)


@listen(ResultCorrected, name="draw.advance_after_correction")
def advance_after_correction(event: ResultCorrected) -> None:
    if Match.objects.filter(pk=event.match_id, status=MatchStatus.FINISHED).exists():
        tournament_advance(match_id=event.match_id)


@listen(RoundCreated, name="draw.pair_round")
def pair_round(event: RoundCreated) -> None:
    """Draw the round (for an elimination stage the whole bracket); a drawn one is left."""
    round_pair(round_id=event.round_id)
