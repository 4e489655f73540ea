"""What the tasks call: one entry point per thing that happened."""

from __future__ import annotations

from notifications import match_notices, tournament_notices
from tournaments.models import Round, TournamentStatus

RESULT_EVENTS = {
    "result_recorded": "match_id",
    "result_reported": "report_id",
    "result_disputed": "report_id",
    "result_corrected": "match_id",
    "registration_approved": "entry_id",
}


def event_notify(
    *,
    event: str,
    match_id: int | None = None,
    report_id: int | None = None,
    entry_id: int | None = None,
) -> int:
    """Dispatch an event by name; a missing id for the event is a programming error."""
    if event not in RESULT_EVENTS:
        raise ValueError(f"unknown notification event {event!r}")
    ids = {"match_id": match_id, "report_id": report_id, "entry_id": entry_id}
    needed = RESULT_EVENTS[event]
    value = ids[needed]
    if value is None:
        raise ValueError(f"{event} needs {needed}")
    if event == "result_recorded":
        return match_notices.result_recorded_notify(match_id=value)
    if event == "result_corrected":
        return match_notices.result_corrected_notify(match_id=value)
    if event == "result_reported":
        return match_notices.result_reported_notify(report_id=value)
    if event == "result_disputed":
        return match_notices.result_disputed_notify(report_id=value)
    return tournament_notices.entries_approved_notify(entry_id=value)


def round_drawn_notify(*, round_id: int) -> int:
    tournament_id = (
        Round.objects.filter(pk=round_id).values_list("stage__tournament_id", flat=True).first()
    )
    if tournament_id is None:
        return 0
    return match_notices.ready_matches_notify(tournament_id=tournament_id)


def match_finished_notify(*, match_id: int) -> int:
    """Matches the result made ready (the next bracket round, the next Swiss round is drawn
    by its own task), and the placings when the tournament is over."""
    from matches.models import Match

    row = (
        Match.objects.filter(pk=match_id)
        .values_list("round__stage__tournament_id", "round__stage__tournament__status")
        .first()
    )
    if row is None:
        return 0
    tournament_id, status = row
    sent = match_notices.ready_matches_notify(tournament_id=tournament_id)
    if status == TournamentStatus.FINISHED:
        sent += tournament_notices.tournament_finished_notify(tournament_id=tournament_id)
    return sent
