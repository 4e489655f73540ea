"""Standings as the pages and exports show them (the pure ranking with names and placings),
and the table the draw pairs a Swiss round from."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, overload

from django.db import connection
from django.db.models import QuerySet

from clubs.models import Player
from entries.models import Entry, EntryStatus
from standings.brackets import seeded_entry_ids
from standings.placings import MAIN, NamedPlace, Place, main_places, placings, table_places
from standings.rank import StandingRow, rank
from standings.results import awarded_results, finished_result_parts, finished_results
from standings.tiebreaks import tiebreaks_of
from standings.totals import PlainRow, ResultRow
from tournaments.formats import is_bracket
from tournaments.models import Tournament
from tournaments.selectors import listed_tournaments_filter

#: Totals every standings table shows; tie-break columns that repeat one are left out.
SHOWN_TOTALS = {"match_points", "match_wins", "points_difference"}


@dataclass
class Standings:
    rows: Sequence[dict[str, Any]]
    metrics: list[str]
    #: Brackets: per flight, the places with their players, best first.
    placings: dict[str, list[NamedPlace]] = field(default_factory=dict)
    #: Whether some player has a place in a flight besides the main one (a consolation).
    other_flights: bool = False


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
    placed = found or {}
    return Standings(
        rows=StandingsRows(ranked, by_id, places, placed, [f"tb_{key}" for key in metrics]),
        metrics=metrics,
        placings=_bracket_placings(placed, by_id),
        other_flights=any(
            other.flight != MAIN
            for player, player_places in placed.items()
            if player in by_id
            for other in player_places
        ),
    )


class StandingsRows(Sequence[dict[str, Any]]):
    """The rows of a standings table, best first, each a dict of :data:`ROW_KEYS` and
    ``tb_<metric>`` built when first asked for: a page shows 200 rows of a 2,048-player
    Swiss's table, and building the other 1,848 cost a fifth of the page."""

    def __init__(
        self,
        ranked: list[StandingRow],
        by_id: dict[int, EntryRow],
        places: dict[int, Place],
        found: dict[int, list[Place]],
        tiebreak_keys: list[str],
    ) -> None:
        self._ranked = ranked
        self._by_id = by_id
        self._places = places
        self._found = found
        self._tiebreak_keys = tiebreak_keys
        self._built: list[dict[str, Any] | None] = [None] * len(ranked)

    def __len__(self) -> int:
        return len(self._built)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [self._row(i) for i in range(*index.indices(len(self._built)))]
        count = len(self._built)
        if not -count <= index < count:
            raise IndexError("standings row out of range")
        return self._row(index % count)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (self._row(i) for i in range(len(self._built)))

    def sort(self, *, key: Callable[[dict[str, Any]], Any], reverse: bool = False) -> None:
        """In place, as ``list.sort`` (the table's sortable columns ask for it): every row
        is built."""
        self._built = sorted(self, key=key, reverse=reverse)

    def _row(self, i: int) -> dict[str, Any]:
        row = self._built[i]
        if row is None:
            row = self._built[i] = self._build(self._ranked[i])
        return row

    def _build(self, row: StandingRow) -> dict[str, Any]:
        player = row.player
        entry = self._by_id[player]
        place = self._places[player]
        other_places = "; ".join(
            f"{other.flight_label} {other}"
            for other in self._found.get(player, [])
            if other.flight != MAIN
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
        values.update(zip(self._tiebreak_keys, row.metrics, strict=True))
        return values


def _bracket_placings(
    placed: dict[int, list[Place]], by_id: dict[int, EntryRow]
) -> dict[str, list[NamedPlace]]:
    found: dict[str, list[NamedPlace]] = {}
    for entry_id, places in placed.items():
        entry = by_id.get(entry_id)
        if entry is None:
            continue
        for place in places:
            found.setdefault(place.flight, []).append(NamedPlace(place, entry.name))
    for rows in found.values():
        rows.sort(key=lambda row: (row.place, row.name))
    return found


def tournament_standings(tournament: Tournament) -> Standings:
    """The standings of a tournament: one row per seeded player with totals and the
    tie-break values in the tournament's order; placings per flight for brackets.
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


def swiss_standings(tournament: Tournament) -> list[StandingRow]:
    """Standing rows of every seeded entry (withdrawn too), best first: what the draw pairs
    the next Swiss round from."""
    ids = seeded_entry_ids(tournament)
    return rank(
        ids,
        finished_results(tournament),
        tiebreaks_of(tournament),
        bye_points=tournament.bye_match_points,
        lot_seed=tournament.pk,
    )


def listed_tournaments_of(club: Any) -> QuerySet[Tournament]:
    """The club's tournaments a list shows, with their season, newest first (the tournaments
    a season may count)."""
    return (
        Tournament.objects.filter(listed_tournaments_filter(), club=club)
        .select_related("season")
        .order_by("-starts_at", "-created_at")
    )
