"""Who may do what: the one place that decides. Views, APIs and templates ask here.

Roles are per club and nest: an organizer may do everything a referee may, a referee everything
a player may. A tournament's referees are the players assigned to it; the club's organizers
referee every tournament of their club.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clubs.models import Club, Membership, Player, Role

if TYPE_CHECKING:
    from matches.models import Match
    from tournaments.models import Tournament

_RANK = {Role.PLAYER: 1, Role.REFEREE: 2, Role.ORGANIZER: 3}


def player_id_of(user: Any) -> int | None:
    """The id of the Player behind a user account, or None (anonymous, or no player yet)."""
    if user is None or not user.is_authenticated:
        return None
    return Player.objects.filter(user=user).values_list("id", flat=True).first()


def club_role(user: Any, club: Club) -> str | None:
    """The user's role in this club, or None for non-members and anonymous visitors."""
    if user is None or not user.is_authenticated:
        return None
    return (
        Membership.objects.filter(club=club, player__user=user)
        .values_list("role", flat=True)
        .first()
    )


def _has_role(user: Any, club: Club, role: Role) -> bool:
    if getattr(user, "is_superuser", False):
        return True
    actual = club_role(user, club)
    return actual is not None and _RANK[Role(actual)] >= _RANK[role]


def can_view_club(user: Any, club: Club) -> bool:
    """Public clubs are open to everyone; private ones to their members."""
    return not club.is_private or _has_role(user, club, Role.PLAYER)


def is_club_member(user: Any, club: Club) -> bool:
    return _has_role(user, club, Role.PLAYER)


def can_manage_club(user: Any, club: Club) -> bool:
    """Edit the club, add members and guests, give roles, create tournaments."""
    return _has_role(user, club, Role.ORGANIZER)


def can_create_club(user: Any) -> bool:
    return bool(user is not None and user.is_authenticated)


def can_view_tournament(user: Any, tournament: Tournament) -> bool:
    """Published tournaments of a visible club are public; drafts only for organizers."""
    if can_manage_club(user, tournament.club):
        return True
    if tournament.status == "draft" or not tournament.is_published:
        return False
    return can_view_club(user, tournament.club)


def can_manage_tournament(user: Any, tournament: Tournament) -> bool:
    return can_manage_club(user, tournament.club)


def can_referee_tournament(user: Any, tournament: Tournament) -> bool:
    """The tournament's assigned referees and the club's organizers."""
    if can_manage_club(user, tournament.club):
        return True
    if not _has_role(user, tournament.club, Role.REFEREE):
        return False
    return tournament.referees.filter(user=user).exists()


def is_match_player(user: Any, match: Match) -> bool:
    """The user plays in this match himself."""
    player_id = player_id_of(user)
    if player_id is None:
        return False
    return player_id in {
        entry.player_id for entry in (match.entry_a, match.entry_b) if entry is not None
    }


def can_register(user: Any, tournament: Tournament) -> bool:
    """Players with an account may sign up while registration is open."""
    return (
        user is not None
        and user.is_authenticated
        and tournament.status == "registration"
        and can_view_tournament(user, tournament)
    )
