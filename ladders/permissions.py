"""Who may do what on a ladder: members join and challenge for themselves; the challenged
player answers his challenges; the club's organizers set ladders up and add players, and its
referees and organizers answer for absent players."""

from __future__ import annotations

from typing import Any

from clubs import permissions
from clubs.models import Membership, Player, Role
from ladders.models import Challenge, Ladder


def player_of(user: Any) -> Player | None:
    player_id = permissions.player_id_of(user)
    return Player.objects.filter(pk=player_id).first() if player_id else None


def can_manage_ladder(user: Any, ladder: Ladder) -> bool:
    return permissions.can_manage_club(user, ladder.club)


def is_referee(user: Any, ladder: Ladder) -> bool:
    if getattr(user, "is_superuser", False):
        return True
    return Membership.objects.filter(
        club=ladder.club_id, player__user=user, role__in=[Role.REFEREE, Role.ORGANIZER]
    ).exists()


def can_answer(user: Any, challenge: Challenge) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if challenge.defender.user_id == user.pk:
        return True
    # A referee answers for an absent player, never a challenge of his own: declining loses
    # by forfeit, and he would give himself the place (docs/roles.md).
    return challenge.challenger.user_id != user.pk and is_referee(user, challenge.ladder)


def can_manage_ladder_club(user: Any, club: Any) -> bool:
    return permissions.can_manage_club(user, club)
