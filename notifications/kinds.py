"""What Crawford can tell people, and which preference lets each kind through.

``Player.notify`` is ``all`` (everything), ``mine`` (only what concerns a match of mine: my
matches, their results and deadlines, disputes I referee, late matches I organize) or ``none``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    about_my_match: bool
    """Sent to players who chose "only about my matches"."""
    tell_in_person: bool
    """A guest without e-mail appears on the organizer's "tell in person" list for it."""


MEMBERSHIP_WELCOME = "membership_welcome"
REGISTRATION_APPROVED = "registration_approved"
CHECK_IN_OPEN = "check_in_open"
WAITING_LIST_JOINED = "waiting_list_joined"
WAITING_LIST_MOVED_UP = "waiting_list_moved_up"
WAITING_LIST_MOVED_UP_PENDING = "waiting_list_moved_up_pending"
WAITING_LIST_CLOSED = "waiting_list_closed"
JOIN_REQUESTED = "join_requested"
JOIN_DECIDED = "join_decided"
CLUB_INVITATION = "club_invitation"
MATCH_READY = "match_ready"
MATCH_BYE = "match_bye"
MATCH_REMINDER = "match_reminder"
RESULT_RECORDED = "result_recorded"
RESULT_REPORTED = "result_reported"
RESULT_DISPUTED = "result_disputed"
RESULT_CORRECTED = "result_corrected"
MATCHES_OVERDUE = "matches_overdue"
TOURNAMENT_FINISHED = "tournament_finished"
LADDER_CHALLENGE = "ladder_challenge"
LADDER_FORFEIT = "ladder_forfeit"
MATCH_CALLED = "match_called"

KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in [
        Kind(MEMBERSHIP_WELCOME, about_my_match=False, tell_in_person=False),
        Kind(REGISTRATION_APPROVED, about_my_match=False, tell_in_person=False),
        Kind(CHECK_IN_OPEN, about_my_match=False, tell_in_person=False),
        Kind(WAITING_LIST_JOINED, about_my_match=False, tell_in_person=False),
        Kind(WAITING_LIST_MOVED_UP, about_my_match=False, tell_in_person=True),
        Kind(WAITING_LIST_MOVED_UP_PENDING, about_my_match=False, tell_in_person=True),
        Kind(WAITING_LIST_CLOSED, about_my_match=False, tell_in_person=True),
        Kind(JOIN_REQUESTED, about_my_match=False, tell_in_person=False),
        Kind(JOIN_DECIDED, about_my_match=False, tell_in_person=False),
        Kind(CLUB_INVITATION, about_my_match=False, tell_in_person=False),
        Kind(MATCH_READY, about_my_match=True, tell_in_person=True),
        Kind(MATCH_BYE, about_my_match=True, tell_in_person=True),
        Kind(MATCH_REMINDER, about_my_match=True, tell_in_person=True),
        Kind(RESULT_RECORDED, about_my_match=True, tell_in_person=False),
        Kind(RESULT_REPORTED, about_my_match=True, tell_in_person=False),
        Kind(RESULT_DISPUTED, about_my_match=True, tell_in_person=False),
        Kind(RESULT_CORRECTED, about_my_match=True, tell_in_person=True),
        Kind(MATCHES_OVERDUE, about_my_match=True, tell_in_person=False),
        Kind(TOURNAMENT_FINISHED, about_my_match=False, tell_in_person=False),
        Kind(LADDER_CHALLENGE, about_my_match=True, tell_in_person=True),
        Kind(LADDER_FORFEIT, about_my_match=True, tell_in_person=True),
        Kind(MATCH_CALLED, about_my_match=True, tell_in_person=False),
    ]
}


def wanted(kind: str, preference: str) -> bool:
    """Whether a player with this ``Player.notify`` preference is told about this kind."""
    if preference == "none":
        return False
    if preference == "mine":
        return KINDS[kind].about_my_match
    return True
