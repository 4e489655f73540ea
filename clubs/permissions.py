"""Who may do what: the one place that decides. Views, APIs and templates ask here.

Roles are per club and nest: an organizer may do everything a referee may, a referee everything
a player may. A club's referees referee all of its tournaments unless a tournament narrows
that to the referees chosen for it; the club's organizers referee every tournament of their
club.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import Q

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


#: ``Tournament.referee_scope`` when the tournament narrows its referees to those chosen.
REFEREES_LISTED = "listed"


def can_referee_tournament(user: Any, tournament: Tournament) -> bool:
    """The club's referees (or only those chosen, when the tournament narrows its referees)
    and the club's organizers."""
    if can_manage_club(user, tournament.club):
        return True
    if not _has_role(user, tournament.club, Role.REFEREE):
        return False
    if tournament.referee_scope != REFEREES_LISTED:
        return True
    return tournament.referees.filter(user=user).exists()


def tournament_referees(tournament: Tournament) -> list[Player]:
    """Who referees this tournament besides the organizers: the players chosen for it and,
    unless it narrows its referees to those, every referee of the club."""
    chosen = Q(refereed_tournaments=tournament)
    if tournament.referee_scope != REFEREES_LISTED:
        chosen |= Q(memberships__club=tournament.club_id, memberships__role=Role.REFEREE)
    return list(Player.objects.filter(chosen).select_related("user").order_by("name").distinct())


def is_match_player(user: Any, match: Match) -> bool:
    """The user plays in this match himself."""
    player_id = player_id_of(user)
    if player_id is None:
        return False
    return player_id in {
        entry.player_id for entry in (match.entry_a, match.entry_b) if entry is not None
    }


def can_referee_match(user: Any, match: Match) -> bool:
    """Enter, confirm, decide or correct this match's result as a referee: its tournament's
    referees and the club's organizers, never one of its own players, whatever his role
    (he reports, and his opponent confirms). docs/roles.md has the whole table."""
    if is_match_player(user, match):
        return False
    return can_referee_tournament(user, match.round.stage.tournament)


def can_record_match(user: Any, match: Match, *, recorder_id: int | None) -> bool:
    """Enter this match on the clock beside its board: the recorder the organizer chose or,
    without one, its players (their record is their report); and whoever referees it."""
    if user is None or not user.is_authenticated:
        return False
    if recorder_id is not None:
        if recorder_id == user.pk:
            return True
    elif is_match_player(user, match):
        return True
    return can_referee_match(user, match)


def can_register(user: Any, tournament: Tournament) -> bool:
    """Players with an account may sign up while registration is open."""
    return (
        user is not None
        and user.is_authenticated
        and tournament.status == "registration"
        and can_view_tournament(user, tournament)
    )


# --- Match files and the API ------------------------------------------------------------------


def can_upload_match_file(user: Any, match: Match) -> bool:
    """A match's own players, the tournament's referees and the club's organizers."""
    tournament = match.round.stage.tournament
    return is_match_player(user, match) or can_referee_tournament(user, tournament)


def token_can_post_result(token: Any, match: Match) -> bool:
    """A club's API token posts results for matches of its own club's tournaments only."""
    return token is not None and token.club_id == match.round.stage.tournament.club_id


def visible_tournaments_filter(user: Any, token: Any = None) -> Q:
    """``can_view_tournament`` as a filter on Tournament, for lists; a club's API token also
    reads its own club's tournaments that are not drafts, published or not."""
    if getattr(user, "is_superuser", False):
        return Q()
    not_draft = ~Q(status="draft")
    visible = Q(is_published=True, club__is_private=False) & not_draft
    if user is not None and user.is_authenticated:
        roles = list(Membership.objects.filter(player__user=user).values_list("club_id", "role"))
        visible |= Q(is_published=True, club_id__in=[c for c, _r in roles]) & not_draft
        visible |= Q(club_id__in=[c for c, r in roles if r == Role.ORGANIZER])
    if token is not None:
        visible |= Q(club_id=token.club_id) & not_draft
    return visible


# --- Online play: the board --------------------------------------------------------------------


def match_side(user: Any, match: Match) -> int | None:
    """0 when the user plays the match's first entry, 1 the second, else None."""
    player_id = player_id_of(user)
    if player_id is None:
        return None
    for side, entry in enumerate((match.entry_a, match.entry_b)):
        if entry is not None and entry.player_id == player_id:
            return side
    return None


#: ``Tournament.spectators`` when only the club's members may watch its boards.
SPECTATORS_MEMBERS = "members"


def can_watch_boards(user: Any, tournament: Tournament) -> bool:
    """The online boards of a tournament, read-only: anyone who may see the tournament, or
    only the club's members (referees and organizers included) when it says so."""
    if not can_view_tournament(user, tournament):
        return False
    return tournament.spectators != SPECTATORS_MEMBERS or is_club_member(user, tournament.club)


def can_watch_match(user: Any, match: Match) -> bool:
    """The board of a match: its players, and read-only its tournament's spectators."""
    if match_side(user, match) is not None:
        return True
    return can_watch_boards(user, match.round.stage.tournament)


def watches_live(user: Any, match: Match) -> bool:
    """Whether ``user`` sees the match's board without its tournament's spectator delay:
    its players, and the club's organizers and referees."""
    tournament = match.round.stage.tournament
    if match_side(user, match) is not None:
        return True
    return _has_role(user, tournament.club, Role.REFEREE)  # organizers rank above referees
