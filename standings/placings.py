"""Places: THE one place that says who finished where.

A place is a band ``first``–``last`` in one flight: the main flight, the consolation and the
last chance of a Main / Consolation / Last Chance bracket. Brackets replay their results into
the pure bracket plan (``tournaments.pairing.resolve``, as ``standings.brackets.bracket_state``
does); Swiss and round robin rank their table (``standings.rank.rank``) and players the
tie-breaks cannot separate share the band of their rank. The standings page, the season
table, the "tournament finished" message and the API all read places from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Q, QuerySet

from entries.models import Entry, EntryStatus
from matches.models import Match, MatchStatus
from standings.brackets import bracket_results
from standings.rank import StandingRow, rank
from standings.results import GAMMONISH, awards, match_result
from standings.tiebreaks import tiebreaks_of
from tournaments.formats import format_of
from tournaments.models import Tournament
from tournaments.pairing import BracketFormat, PairingError, resolve
from tournaments.presentation import flight_label

MAIN = "main"


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """A place in one flight of a tournament; ``first < last`` for a shared place: an
    elimination band such as 5–8, or players a table cannot separate (1–3)."""

    first: int
    last: int
    flight: str = MAIN

    def __str__(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}–{self.last}"

    @property
    def flight_label(self) -> str:
        return flight_label(self.flight)


@dataclass(frozen=True)
class NamedPlace:
    """A place with the name of the player who holds it (pages and messages)."""

    place: Place
    name: str

    @property
    def flight(self) -> str:
        return self.place.flight

    @property
    def flight_label(self) -> str:
        return self.place.flight_label


@dataclass
class _Loaded:
    seeded: list[int] = field(default_factory=list)  # entry ids in seed order
    withdrawn: list[int] = field(default_factory=list)  # in the order they withdrew
    matches: list[tuple[Any, ...]] = field(default_factory=list)
    awarded: list[tuple[int, int, dict[str, int]]] = field(default_factory=list)


def placings(tournaments: Iterable[Tournament]) -> dict[int, dict[int, list[Place]]]:
    """``{tournament id: {entry id: [places, the main flight's first]}}`` as far as the results
    go, for any number of tournaments in two queries. Callers that want final places keep to
    finished tournaments."""
    by_id = {t.pk: t for t in tournaments}
    if not by_id:
        return {}
    loaded = {pk: _Loaded() for pk in by_id}
    entries = (
        Entry.objects.filter(tournament_id__in=by_id)
        .order_by("tournament_id", "updated_at", "pk")
        .values_list("pk", "tournament_id", "seed", "status", "starting_points", "requested_byes")
    )
    seeds: dict[int, list[tuple[int, int]]] = {pk: [] for pk in by_id}
    for pk, tournament_id, seed, status, start, byes in entries:
        data = loaded[tournament_id]
        if start or byes:
            data.awarded.append((pk, start, byes))
        if seed is not None:
            seeds[tournament_id].append((seed, pk))
        if status == EntryStatus.WITHDRAWN:
            data.withdrawn.append(pk)
    for pk, pairs in seeds.items():
        loaded[pk].seeded = [entry for _seed, entry in sorted(pairs)]

    for row in _finished_matches(list(by_id)):
        loaded[row[0]].matches.append(row)

    found = {}
    for pk, tournament in by_id.items():
        data = loaded[pk]
        found[pk] = (
            _bracket_places(tournament, data)
            if isinstance(format_of(tournament), BracketFormat)
            else _table_places(tournament, data)
        )
    return found


def player_places(tournaments: Iterable[Tournament]) -> dict[int, dict[int, Place]]:
    """``{tournament id: {player id: place in the main flight}}`` (seasons, profiles)."""
    tournaments = list(tournaments)
    players = dict(Entry.objects.filter(tournament__in=tournaments).values_list("pk", "player_id"))
    return {
        pk: {players[entry]: places[0] for entry, places in by_entry.items() if places}
        for pk, by_entry in placings(tournaments).items()
    }


def _finished_matches(tournament_ids: list[int]) -> QuerySet[Any]:
    return (
        Match.objects.filter(
            round__stage__tournament_id__in=tournament_ids, status=MatchStatus.FINISHED
        )
        .annotate(
            game_count=Count("games"),
            a_games=Count("games", filter=Q(games__winner=0)),
            b_games=Count("games", filter=Q(games__winner=1)),
            a_gammons=Count("games", filter=Q(games__winner=0, games__kind__in=GAMMONISH)),
            b_gammons=Count("games", filter=Q(games__winner=1, games__kind__in=GAMMONISH)),
        )
        .order_by("round__stage__order", "round__number", "index")
        .values_list(
            "round__stage__tournament_id",
            "bracket_key",
            "entry_a_id",
            "entry_b_id",
            "winner_id",
            "outcome",
            "game_count",
            "score_a",
            "score_b",
            "a_games",
            "b_games",
            "a_gammons",
            "b_gammons",
            "match_format",
            "round__number",
        )
    )


def _bracket_places(tournament: Tournament, data: _Loaded) -> dict[int, list[Place]]:
    """Places in every flight, as ``standings.brackets.bracket_state`` replays the bracket."""
    fmt = format_of(tournament)
    assert isinstance(fmt, BracketFormat)
    if len(data.seeded) < 2:
        return {}
    results = bracket_results(
        (
            (key, a, b, winner, outcome, games)
            for _t, key, a, b, winner, outcome, games, *_rest in data.matches
        ),
        set(data.withdrawn),
    )
    try:
        state = resolve(fmt.plan(data.seeded), results, data.withdrawn)
    except (PairingError, KeyError, ValueError):
        return {}
    places: dict[int, list[Place]] = {}
    for p in state.placings:
        places.setdefault(p.entrant, []).append(Place(p.first, p.last, p.flight))
    for found in places.values():
        found.sort(key=lambda place: place.flight != MAIN)
    return places


def _table_places(tournament: Tournament, data: _Loaded) -> dict[int, list[Place]]:
    """Places in the table of a Swiss or round robin: players the tie-breaks cannot separate
    share a place (1–3), as they share a rank in the table."""
    results = [
        match_result(a, b, winner, sa, sb, ga, gb, gma, gmb, outcome, fmt, number)
        for _t, _key, a, b, winner, outcome, _games, sa, sb, ga, gb, gma, gmb, fmt, number in (
            data.matches
        )
    ]
    if not data.seeded:
        return {}
    rows = rank(
        data.seeded,
        results + awards(data.awarded, {row[-1] for row in data.matches}),
        tiebreaks_of(tournament),
        bye_points=tournament.bye_match_points,
        lot_seed=tournament.pk,
    )
    return {player: [place] for player, place in table_places(rows).items()}


def main_places(found: dict[int, list[Place]], entrants: Iterable[int]) -> dict[int, Place]:
    """Every entrant's place in the main flight of a bracket, as far as the results go:
    the place the bracket gave, or, for the ``k`` players still in, the shared band 1–k
    above everyone already placed (the standings table ranks by this)."""
    entrants = list(entrants)
    placed = {
        entry: place
        for entry in entrants
        for place in found.get(entry, [])[:1]
        if place.flight == MAIN
    }
    still_in = len(entrants) - len(placed)
    return {entry: placed.get(entry) or Place(1, max(still_in, 1)) for entry in entrants}


def table_places(rows: Sequence[StandingRow]) -> dict[int, Place]:
    """The place of every row of a ranked table: rows sharing a rank share the band."""
    sizes: dict[int, int] = {}
    for row in rows:
        sizes[row.rank] = sizes.get(row.rank, 0) + 1
    # One (immutable) place per rank, shared by its rows.
    bands = {first: Place(first, first + size - 1) for first, size in sizes.items()}
    return {row.player: bands[row.rank] for row in rows}
