"""Standings as the pages and exports show them: the pure ranking with names and placings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from draw.brackets import is_bracket
from matches.results import finished_results
from standings.placings import NamedPlace, placings, table_places
from tournaments.models import Entry, EntryStatus, Tournament
from tournaments.ranking import MatchResult, rank
from tournaments.tiebreaks import tiebreaks_of

#: Totals every standings table shows; tie-break columns that repeat one are left out.
SHOWN_TOTALS = {"match_points", "match_wins", "points_difference"}


@dataclass
class Standings:
    rows: list[dict[str, Any]]
    metrics: list[str]
    #: Brackets: per event, the places with their players, best first.
    placings: dict[str, list[NamedPlace]] = field(default_factory=dict)


def build_standings(
    tournament: Tournament, entries: list[Entry], results: list[MatchResult]
) -> Standings:
    metrics = tiebreaks_of(tournament)
    by_id = {entry.pk: entry for entry in entries}
    ranked = rank(
        list(by_id),
        results,
        metrics,
        bye_points=tournament.bye_match_points,
        lot_seed=tournament.pk,
    )
    places = table_places(ranked)
    rows = []
    for row in ranked:
        entry = by_id[row.player]
        values = dict(zip(metrics, row.metrics, strict=True))
        rows.append(
            {
                "rank": row.rank,
                "place": str(places[row.player]),
                "entry_id": entry.pk,
                "player": entry.player.name,
                "withdrawn": entry.status == EntryStatus.WITHDRAWN,
                "played": row.played,
                "won": row.won,
                "lost": row.lost,
                "byes": row.byes,
                "match_points": row.match_points,
                "games_won": row.games_won,
                "games_lost": row.games_lost,
                "points_for": row.points_for,
                "points_against": row.points_against,
                "points_diff": row.points_diff,
                "gammons_won": row.gammons_won,
                **{f"tb_{key}": value for key, value in values.items()},
            }
        )
    return Standings(rows=rows, metrics=metrics, placings=_bracket_placings(tournament, by_id))


def _bracket_placings(
    tournament: Tournament, by_id: dict[int, Entry]
) -> dict[str, list[NamedPlace]]:
    if not is_bracket(tournament):
        return {}
    found: dict[str, list[NamedPlace]] = {}
    for entry_id, places in placings([tournament]).get(tournament.pk, {}).items():
        entry = by_id.get(entry_id)
        if entry is None:
            continue
        for place in places:
            found.setdefault(place.event, []).append(NamedPlace(place, entry.player.name))
    for rows in found.values():
        rows.sort(key=lambda row: (row.place, row.name))
    return found


def tournament_standings(tournament: Tournament) -> Standings:
    """The standings of a tournament: one row per seeded player with totals and the
    tie-break values in the tournament's order; placings per event for brackets.
    A fixed number of queries whatever the field size."""
    entries = list(
        Entry.objects.filter(tournament=tournament, seed__isnull=False)
        .select_related("player")
        .order_by("seed")
    )
    return build_standings(tournament, entries, finished_results(tournament))
