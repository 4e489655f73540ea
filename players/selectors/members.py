"""The club's players: its members and everyone who played in one of its tournaments."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q, QuerySet

from clubs.models import Club, Membership, Player
from config.text import whole_number
from entries.models import Entry


def club_player(club: Club, player_id: int) -> Player | None:
    """A player of the club: a member, or someone who played in one of its tournaments."""
    return Player.objects.filter(_plays_in(club), pk=player_id).first()


def _plays_in(club: Club) -> Q:
    return Q(Exists(Membership.objects.filter(club=club, player=OuterRef("pk")))) | Q(
        Exists(Entry.objects.filter(tournament__club=club, player=OuterRef("pk")))
    )


def club_players(club: Club) -> QuerySet[Player]:
    """Members and past entrants of the club by name."""
    return Player.objects.filter(_plays_in(club)).order_by("name", "pk")


#: Players a name typed in the head-to-head form may stand for, at most (one more is read to
#: tell "too many").
NAME_MATCHES = 8


def club_players_named(club: Club, text: str) -> list[Player]:
    """The club's players a typed name stands for: the player with that id (a link's
    ``?a=12``), else those called exactly that (any case), else those whose name contains it;
    at most ``NAME_MATCHES + 1``."""
    text = text.strip()
    players = club_players(club)
    number = whole_number(text)
    if number is not None:
        found = list(players.filter(pk=number)[:1])
        if found:
            return found
    exact = list(players.filter(name__iexact=text)[: NAME_MATCHES + 1])
    if exact:
        return exact
    return list(players.filter(name__icontains=text)[: NAME_MATCHES + 1])


def club_player_names(club: Club, limit: int) -> list[str] | None:
    """The names of the club's players for the form's suggestions, or None if there are more
    than ``limit`` (a long list costs more than it helps: the name is typed)."""
    names = list(club_players(club).values_list("name", flat=True).distinct()[: limit + 1])
    return None if len(names) > limit else names
