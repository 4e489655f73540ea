"""The calls follow the night: a match that can now be played (a round drawn or published,
a bracket moved on) is called when a table is free, and a finished match frees its table for
the next call. Each runs :func:`venue.services.calls_fill`, which is idempotent."""

from __future__ import annotations

from events.registry import listen
from events.types import ResultCorrected, ResultRecorded, RoundDrawn, TournamentAdvanced
from matches.models import Match
from tournaments.models import Round, Tournament
from venue import services


def _fill_for_tournament(tournament_id: int | None) -> None:
    club_id = Tournament.objects.filter(pk=tournament_id).values_list("club_id", flat=True).first()
    if club_id is not None:
        services.calls_fill(club_id=club_id)


def _tournament_of_match(match_id: int) -> int | None:
    return (
        Match.objects.filter(pk=match_id)
        .values_list("round__stage__tournament_id", flat=True)
        .first()
    )


@listen(ResultRecorded, name="venue.result_recorded")
def result_recorded(event: ResultRecorded) -> None:
    _fill_for_tournament(_tournament_of_match(event.match_id))


@listen(ResultCorrected, name="venue.result_corrected")
def result_corrected(event: ResultCorrected) -> None:
    _fill_for_tournament(_tournament_of_match(event.match_id))


@listen(RoundDrawn, name="venue.round_drawn")
def round_drawn(event: RoundDrawn) -> None:
    tournament_id = (
        Round.objects.filter(pk=event.round_id)
        .values_list("stage__tournament_id", flat=True)
        .first()
    )
    _fill_for_tournament(tournament_id)


@listen(TournamentAdvanced, name="venue.tournament_advanced")
def tournament_advanced(event: TournamentAdvanced) -> None:
    _fill_for_tournament(event.tournament_id)
