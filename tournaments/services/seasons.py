"""Seasons: a club's series of tournaments with points per place (the writes).

The season table, from the tournaments' placings, is ``standings.seasons``. The season pages
are cached for visitors under the club's version with its tournaments' (``clubs.versions``):
a season created or changed raises the club's, the tournaments it takes or gives up raise
theirs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from clubs.models import Club
from clubs.versions import club_change
from config.errors import UserError
from config.logs import logged_service
from config.slugs import unique_slug
from tournaments.models import Season, Tournament
from tournaments.versions import tournaments_change


def _clean_points(placing_points: Sequence[Any]) -> list[int]:
    try:
        points = [int(value) for value in placing_points]
    except (TypeError, ValueError):
        points = [-1]
    if any(value < 0 for value in points):
        raise UserError(
            _("Points per place must be whole numbers of 0 or more, e.g. 10, 7, 5, 3, 1."),
            code="bad_points",
            field="placing_points",
        )
    return points


@logged_service("season_create")
@transaction.atomic
def season_create(
    *,
    club: Club,
    name: str,
    slug: str = "",
    placing_points: Sequence[int] = (),
    participation_points: int = 0,
) -> Season:
    """A new season of the club; tournaments are assigned to it afterwards."""
    with club_change(club.pk):
        season = Season(
            club=club,
            name=name.strip(),
            slug=slug or unique_slug(Season.objects.filter(club=club), name, fallback="season"),
            placing_points=_clean_points(placing_points),
            participation_points=participation_points,
        )
        season.full_clean()
        season.save()
        return season


@logged_service("season_update")
@transaction.atomic
def season_update(
    *, season: Season, name: str, placing_points: Sequence[int], participation_points: int
) -> Season:
    with club_change(season.club_id):
        season.name = name.strip()
        season.placing_points = _clean_points(placing_points)
        season.participation_points = participation_points
        season.full_clean()
        season.save()
        return season


@logged_service("season_set_tournaments")
@transaction.atomic
def season_set_tournaments(*, season: Season, tournament_ids: Iterable[int]) -> int:
    """The season holds exactly these tournaments of its club (taken from another season if
    they were in one). Returns how many tournaments the season holds."""
    wanted = set(tournament_ids)
    with tournaments_change(Q(pk__in=wanted) | Q(season=season)):
        found = set(
            Tournament.objects.filter(club_id=season.club_id, pk__in=wanted).values_list(
                "pk", flat=True
            )
        )
        if found != wanted:
            raise UserError(
                _("A season can only hold tournaments of its own club."),
                code="other_club",
                field="tournaments",
            )
        Tournament.objects.filter(season=season).exclude(pk__in=wanted).update(season=None)
        Tournament.objects.filter(pk__in=wanted).update(season=season)
        return len(wanted)
