"""Seasons: a club's series of tournaments (a bar's monthly series) and its table.

Every finished tournament of a season gives each of its players the season's points for their
final place (``Season.placing_points``: 1st, 2nd, 3rd … place) plus the points for taking part
(``Season.participation_points``). A shared place (an elimination band such as 5–8, or players
a table cannot separate, 1–3) scores the points of its best place, as in most club series;
places beyond the list score 0. The places are the main flight's, from ``standings.placings``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.db.models import QuerySet

from clubs.models import Player
from standings.placings import Place, player_places
from tournaments.models import Season, Tournament, TournamentStatus

# --- The season table -----------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonCell:
    place: Place
    points: int


@dataclass(frozen=True)
class SeasonRow:
    rank: int
    player_id: int
    name: str
    points: int
    played: int
    best: Place | None
    cells: list[SeasonCell | None]


@dataclass(frozen=True)
class SeasonTable:
    season: Season
    tournaments: list[Tournament]
    counted: int
    """Finished tournaments, the ones that score."""
    rows: list[SeasonRow]


def points_for(season: Season, place: Place) -> int:
    table = season.placing_points or []
    placing = table[place.first - 1] if place.first <= len(table) else 0
    return int(placing) + season.participation_points


def visible_season_tournaments(
    season: Season, *, include_unpublished: bool
) -> QuerySet[Tournament]:
    tournaments = (
        Tournament.objects.filter(season=season)
        .select_related("club")
        .order_by("starts_at", "created_at", "pk")
    )
    if not include_unpublished:
        tournaments = tournaments.filter(is_published=True).exclude(status=TournamentStatus.DRAFT)
    return tournaments


def season_table(season: Season, *, include_unpublished: bool = False) -> SeasonTable:
    """Players by season points, best first; equal points and best place share a rank.

    A fixed number of queries, whatever the number of tournaments and matches.
    """
    tournaments = list(visible_season_tournaments(season, include_unpublished=include_unpublished))
    finished = [t for t in tournaments if t.status == TournamentStatus.FINISHED]
    placings = player_places(finished)
    totals: dict[int, list[SeasonCell | None]] = {}
    for column, tournament in enumerate(tournaments):
        for player_id, place in placings.get(tournament.pk, {}).items():
            cells = totals.setdefault(player_id, [None] * len(tournaments))
            cells[column] = SeasonCell(place, points_for(season, place))
    names = dict(Player.objects.filter(pk__in=list(totals)).values_list("pk", "name"))
    unranked = []
    for player_id, cells in totals.items():
        scored = [cell for cell in cells if cell is not None]
        unranked.append(
            SeasonRow(
                rank=0,
                player_id=player_id,
                name=names.get(player_id, ""),
                points=sum(cell.points for cell in scored),
                played=len(scored),
                best=min(cell.place for cell in scored),
                cells=cells,
            )
        )
    unranked.sort(key=lambda r: (-r.points, r.best or Place(0, 0), r.name.casefold()))
    rows: list[SeasonRow] = []
    for position, row in enumerate(unranked, start=1):
        previous = rows[-1] if rows else None
        shared = previous is not None and (previous.points, previous.best) == (row.points, row.best)
        rows.append(replace(row, rank=previous.rank if shared and previous else position))
    return SeasonTable(season=season, tournaments=tournaments, counted=len(finished), rows=rows)
