"""Reads of ladders: the ladder in order, its open challenges, its history; each a fixed
number of queries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db.models import QuerySet

from clubs.models import Club, Player
from ladders.core.inactivity import next_drops
from ladders.models import OPEN_STATUSES, Challenge, Ladder, LadderChange
from ladders.services import history
from tournaments.models import Tournament


def ladder_slug_of(tournament: Tournament) -> str | None:
    """The ladder whose matches this (hidden) tournament holds."""
    return Ladder.objects.filter(tournament=tournament).values_list("slug", flat=True).first()


def club_ladders(club: Club) -> QuerySet[Ladder]:
    return Ladder.objects.filter(club=club).order_by("name")


def ladder_players(ladder: Ladder) -> list[Player]:
    """The players from the top down (the last change keeps the ladder as it is)."""
    order = ladder.changes.order_by("-sequence").values_list("order", flat=True).first() or []
    players = Player.objects.in_bulk(order)
    return [players[pk] for pk in order]


@dataclass(frozen=True)
class Rung:
    place: int
    player: Player
    #: Open challenges the player made or received.
    challenges: list[Challenge]
    #: The day he drops for not playing unless he plays a match before (None: nobody drops).
    drops_on: date | None = None


def ladder_rungs(ladder: Ladder) -> list[Rung]:
    open_challenges = list(
        ladder.challenges.filter(status__in=OPEN_STATUSES).select_related(
            "challenger", "defender", "match"
        )
    )
    drops = next_drops(ladder.rules(), history(ladder))
    rungs = []
    for place, player in enumerate(ladder_players(ladder), start=1):
        mine = [c for c in open_challenges if player.pk in (c.challenger_id, c.defender_id)]
        rungs.append(Rung(place, player, mine, drops.get(player.pk)))
    return rungs


def ladder_history(ladder: Ladder) -> QuerySet[LadderChange]:
    return ladder.changes.select_related("player", "opponent").order_by("-sequence")


def open_challenges(ladder: Ladder) -> QuerySet[Challenge]:
    return (
        ladder.challenges.filter(status__in=OPEN_STATUSES)
        .select_related("challenger", "defender", "match")
        .order_by("accept_by")
    )
