"""What notifications listen to on the event bus. Each listener is idempotent: every message
has a dedupe key, so a delivery run twice sends nothing twice."""

from __future__ import annotations

from events.registry import listen
from events.types import (
    ChallengeForfeited,
    ChallengeIssued,
    ClubInvitationSent,
    EntrySignedUp,
    JoinDecided,
    JoinRequested,
    MatchCalled,
    MemberAdded,
    ResultCorrected,
    ResultDisputed,
    ResultRecorded,
    ResultReported,
    RoundCreated,
    RoundDrawn,
    TournamentAdvanced,
    TournamentFinished,
    WaitingListMovedUp,
)
from notifications import (
    club_notices,
    entry_notices,
    ladder_notices,
    match_notices,
    tournament_notices,
    venue_notices,
)
from tournaments.models import Round


@listen(ResultRecorded, name="notifications.result_recorded")
def result_recorded(event: ResultRecorded) -> None:
    """Both players: the result."""
    match_notices.result_recorded_notify(match_id=event.match_id)


@listen(ResultCorrected, name="notifications.result_corrected")
def result_corrected(event: ResultCorrected) -> None:
    """Both players: the corrected result (once per version of the match)."""
    match_notices.result_corrected_notify(match_id=event.match_id)


@listen(ResultReported, name="notifications.result_reported")
def result_reported(event: ResultReported) -> None:
    """The reporter's opponent: confirm or dispute."""
    match_notices.result_reported_notify(report_id=event.report_id)


@listen(ResultDisputed, name="notifications.result_disputed")
def result_disputed(event: ResultDisputed) -> None:
    """The match's referee, else the tournament's, else the club's organizers."""
    match_notices.result_disputed_notify(report_id=event.report_id)


@listen(RoundDrawn, name="notifications.round_drawn")
def round_drawn(event: RoundDrawn) -> None:
    """The players of the matches the draw made ready."""
    tournament_id = (
        Round.objects.filter(pk=event.round_id)
        .values_list("stage__tournament_id", flat=True)
        .first()
    )
    if tournament_id is not None:
        match_notices.ready_matches_notify(tournament_id=tournament_id)


@listen(TournamentAdvanced, name="notifications.tournament_advanced")
def tournament_advanced(event: TournamentAdvanced) -> None:
    """The players of matches that results made ready (the next bracket round)."""
    match_notices.ready_matches_notify(tournament_id=event.tournament_id)


@listen(TournamentFinished, name="notifications.tournament_finished")
def tournament_finished(event: TournamentFinished) -> None:
    """Everyone: the final placings."""
    tournament_notices.tournament_finished_notify(tournament_id=event.tournament_id)


@listen(MemberAdded, name="notifications.member_added")
def member_added(event: MemberAdded) -> None:
    """The new member: which club, which role."""
    tournament_notices.membership_welcome_notify(membership_id=event.membership_id)


@listen(EntrySignedUp, name="notifications.entry_signed_up")
def entry_signed_up(event: EntrySignedUp) -> None:
    """The player: in the field, or his number on the waiting list."""
    entry_notices.signed_up_notify(entry_id=event.entry_id)


@listen(WaitingListMovedUp, name="notifications.waiting_list_moved_up")
def waiting_list_moved_up(event: WaitingListMovedUp) -> None:
    """The player who moved up: he has a place now."""
    entry_notices.moved_up_notify(entry_id=event.entry_id)


@listen(RoundCreated, name="notifications.waiting_list_closed")
def waiting_list_closed(event: RoundCreated) -> None:
    """At the start (its first round is created; a later round finds them told): the players
    still waiting got no place."""
    tournament_id = (
        Round.objects.filter(pk=event.round_id)
        .values_list("stage__tournament_id", flat=True)
        .first()
    )
    if tournament_id is not None:
        entry_notices.waiting_list_closed_notify(tournament_id=tournament_id)


@listen(JoinRequested, name="notifications.join_requested")
def join_requested(event: JoinRequested) -> None:
    """The club's organizers: approve or decline."""
    club_notices.join_requested_notify(join_request_id=event.join_request_id)


@listen(JoinDecided, name="notifications.join_decided")
def join_decided(event: JoinDecided) -> None:
    """The player who asked: approved or declined."""
    club_notices.join_decided_notify(join_request_id=event.join_request_id)


@listen(ClubInvitationSent, name="notifications.club_invitation_sent")
def club_invitation_sent(event: ClubInvitationSent) -> None:
    """The invited address: the link to join."""
    club_notices.invitation_send(invitation_id=event.invitation_id)


@listen(ChallengeIssued, name="notifications.challenge_issued")
def challenge_issued(event: ChallengeIssued) -> None:
    """The challenged player: who challenges him and by when he accepts."""
    ladder_notices.challenge_issued_notify(challenge_id=event.challenge_id)


@listen(ChallengeForfeited, name="notifications.challenge_forfeited")
def challenge_forfeited(event: ChallengeForfeited) -> None:
    """Both players: the challenge not accepted in time is lost by forfeit."""
    ladder_notices.challenge_forfeited_notify(challenge_id=event.challenge_id)


@listen(MatchCalled, name="notifications.match_called")
def match_called(event: MatchCalled) -> None:
    """Both players: the table their match is called to."""
    venue_notices.match_called_notify(call_id=event.call_id)
