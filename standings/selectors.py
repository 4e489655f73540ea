"""Standings as the pages and exports show them: the pure ranking with names and placings."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.db import connection

from clubs.models import Player
from draw.brackets import is_bracket
from matches.results import awarded_results, finished_result_parts
from standings.placings import MAIN, NamedPlace, Place, main_places, placings, table_places
from tournaments.models import Entry, EntryStatus, Tournament
from tournaments.ranking import PlainRow, ResultRow, StandingRow, rank
from tournaments.tiebreaks import tiebreaks_of

#: Totals every standings table shows; tie-break columns that repeat one are left out.
SHOWN_TOTALS = {"match_points", "match_wins", "points_difference"}


@dataclass
class Standings:
    rows: list[dict[str, Any]]
    metrics: list[str]
    #: Brackets: per event, the places with their players, best first.
    placings: dict[str, list[NamedPlace]] = field(default_factory=dict)
    #: Whether some player has a place in an event besides the main one (a consolation).
    other_events: bool = False


#: The keys of a standings row, then ``tb_<metric>`` per tie-break.
ROW_KEYS = (
    "rank",
    "place",
    "entry_id",
    "player",
    "withdrawn",
    # StandingRow's totals, in its order:
    "played",
    "won",
    "lost",
    "byes",
    "match_points",
    "games_won",
    "games_lost",
    "points_for",
    "points_against",
    "points_diff",
    "gammons_won",
    "other_places",
)
assert ROW_KEYS[5:16] == StandingRow._fields[2:13]


class EntryRow(NamedTuple):
    """What the standings show of an entry."""

    pk: int
    name: str
    withdrawn: bool


def build_standings(
    tournament: Tournament,
    entries: list[EntryRow],
    results: Iterable[ResultRow],
    plain: Iterable[PlainRow] = (),
) -> Standings:
    metrics = tiebreaks_of(tournament)
    by_id = {entry.pk: entry for entry in entries}
    ranked = rank(
        list(by_id),
        results,
        metrics,
        bye_points=tournament.bye_match_points,
        lot_seed=tournament.pk,
        plain=plain,
    )
    found = placings([tournament]).get(tournament.pk, {}) if is_bracket(tournament) else None
    places: dict[int, Place]
    if found is None:
        places = table_places(ranked)
    else:
        # A bracket ranks by place, as its placings say; the table only orders a shared place.
        places = main_places(found, by_id)
        ranked.sort(key=lambda row: places[row.player])
    tiebreak_keys = [f"tb_{key}" for key in metrics]
    rows = []
    for row in ranked:
        player = row.player
        entry = by_id[player]
        place = places[player]
        other_places = (
            "; ".join(
                f"{other.event_label} {other}"
                for other in found.get(player, [])
                if other.event != MAIN
            )
            if found
            else ""
        )
        # ROW_KEYS, written out: a dict display builds a 2,048-row table in half the time
        # of a dict of zipped keys.
        values = {
            "rank": place.first,
            "place": str(place),
            "entry_id": entry.pk,
            "player": entry.name,
            "withdrawn": entry.withdrawn,
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
            "other_places": other_places,
        }
        values.update(zip(tiebreak_keys, row.metrics, strict=True))
        rows.append(values)
    return Standings(
        rows=rows,
        metrics=metrics,
        placings=_bracket_placings(found or {}, by_id),
        other_events=any(row["other_places"] for row in rows),
    )


def _bracket_placings(
    placed: dict[int, list[Place]], by_id: dict[int, EntryRow]
) -> dict[str, list[NamedPlace]]:
    found: dict[str, list[NamedPlace]] = {}
    for entry_id, places in placed.items():
        entry = by_id.get(entry_id)
        if entry is None:
            continue
        for place in places:
            found.setdefault(place.event, []).append(NamedPlace(place, entry.name))
    for rows in found.values():
        rows.sort(key=lambda row: (row.place, row.name))
    return found


def tournament_standings(tournament: Tournament) -> Standings:
    """The standings of a tournament: one row per seeded player with totals and the
    tie-break values in the tournament's order; placings per event for brackets.
    A fixed number of queries whatever the field size."""
    entries = _seeded_entries(tournament.pk)
    plain, others = finished_result_parts(tournament)
    return build_standings(tournament, entries, [*others, *awarded_results(tournament)], plain)


def _seeded_entries(tournament_id: int) -> list[EntryRow]:
    """The seeded entries, in seed order, in one plain query: through the ORM, making the
    rows of a 2,048-player Swiss cost more than fetching them."""
    entries, players = Entry._meta.db_table, Player._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT e.id, p.name, e.status FROM {entries} e "
            f"JOIN {players} p ON p.id = e.player_id "
            "WHERE e.tournament_id = %s AND e.seed IS NOT NULL ORDER BY e.seed",
            [tournament_id],
        )
        rows = cursor.fetchall()
    withdrawn = EntryStatus.WITHDRAWN
    return [EntryRow(pk, name, status == withdrawn) for pk, name, status in rows]
