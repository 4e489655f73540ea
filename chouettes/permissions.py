"""Who keeps a session's score: its keeper, and the club's referees and organizers. Everybody
who may see the club reads the session.

A session started by mistake is removed by whoever may keep its score while no game is on
its sheet; once games are played (and money may have changed hands), only the club's
organizers remove it, after a page that says what is lost."""

from __future__ import annotations

from typing import Any

from chouettes.models import ChouetteSession
from clubs import permissions
from clubs.models import Club, Membership, Role


def can_start_session(user: Any, club: Club) -> bool:
    return permissions.is_club_member(user, club)


def can_keep_score(user: Any, session: ChouetteSession) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if session.keeper_id == user.pk or getattr(user, "is_superuser", False):
        return True
    return Membership.objects.filter(
        club=session.club_id, player__user=user, role__in=[Role.REFEREE, Role.ORGANIZER]
    ).exists()


def can_remove_session(user: Any, session: ChouetteSession, *, games: int) -> bool:
    if games == 0:
        return can_keep_score(user, session)
    return permissions.can_manage_club(user, session.club)
