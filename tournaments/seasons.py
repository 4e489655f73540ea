"""Seasons: a club's series of tournaments (a bar's monthly series) and its table.

Every finished tournament of a season gives each of its players the season's points for their
final place (``Season.placing_points``: 1st, 2nd, 3rd … place) plus the points for taking part
(``Season.participation_points``). A shared elimination place (3–4, 5–8) scores the points of
its best place, as in most club series; places beyond the list score 0.

Final places come from the same pure code as the tournament pages: the main event of an
elimination bracket (``tournaments.pairing.resolve``) and the standings of a Swiss or round
robin (``tournaments.standings.rank``). :func:`tournament_placings` loads them for many
tournaments in a fixed number of queries.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.models import Club
from config.errors import UserError
from config.logs import logged_service
from matches.models import Match, MatchStatus
from tournaments.models import Entry, EntryStatus, Season, Tournament, TournamentStatus
from tournaments.pairing import BracketFormat, PairingError, resolve
from tournaments.results import GAMMONISH, match_result
from tournaments.services.brackets import bracket_results, format_of
from tournaments.standings import rank
from tournaments.standings_data import tiebreaks_of

# --- Final places ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """A final place; ``first < last`` for a shared elimination band such as 5–8."""

    first: int
    last: int

    def __str__(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}–{self.last}"


@dataclass
class _Loaded:
    seeded: list[int] = field(default_factory=list)  # entry ids in seed order
    withdrawn: list[int] = field(default_factory=list)  # in the order they withdrew
    players: dict[int, int] = field(default_factory=dict)  # entry id -> player id
    matches: list[tuple[Any, ...]] = field(default_factory=list)


def tournament_placings(tournaments: Iterable[Tournament]) -> dict[int, dict[int, Place]]:
    """``{tournament id: {player id: place}}`` as far as the results go (two queries).

    Callers that want final places keep to finished tournaments.
    """
    by_id = {t.pk: t for t in tournaments}
    if not by_id:
        return {}
    loaded = {pk: _Loaded() for pk in by_id}
    entries = (
        Entry.objects.filter(tournament_id__in=by_id)
        .order_by("tournament_id", "updated_at", "pk")
        .values_list("pk", "tournament_id", "player_id", "seed", "status")
    )
    seeds: dict[int, list[tuple[int, int]]] = {pk: [] for pk in by_id}
    for pk, tournament_id, player_id, seed, status in entries:
        data = loaded[tournament_id]
        data.players[pk] = player_id
        if seed is not None:
            seeds[tournament_id].append((seed, pk))
        if status == EntryStatus.WITHDRAWN:
            data.withdrawn.append(pk)
    for pk, pairs in seeds.items():
        loaded[pk].seeded = [entry for _seed, entry in sorted(pairs)]

    for row in _finished_matches(list(by_id)):
        loaded[row[0]].matches.append(row)

    placings = {}
    for pk, tournament in by_id.items():
        data = loaded[pk]
        by_entry = (
            _bracket_places(tournament, data)
            if isinstance(format_of(tournament), BracketFormat)
            else _table_places(tournament, data)
        )
        placings[pk] = {data.players[entry]: place for entry, place in by_entry.items()}
    return placings


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


def _bracket_places(tournament: Tournament, data: _Loaded) -> dict[int, Place]:
    """Places in the main event, as ``brackets.bracket_sync`` replays the bracket."""
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
    return {p.entrant: Place(p.first, p.last) for p in state.placings if p.event == "main"}


def _table_places(tournament: Tournament, data: _Loaded) -> dict[int, Place]:
    """Places in the standings of a Swiss or round robin, as ``draw.swiss_standings`` ranks."""
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
        results,
        tiebreaks_of(tournament),
        bye_points=tournament.bye_match_points,
        lot_seed=tournament.pk,
    )
    sizes: dict[int, int] = {}
    for row in rows:
        sizes[row.rank] = sizes.get(row.rank, 0) + 1
    return {row.player: Place(row.rank, row.rank + sizes[row.rank] - 1) for row in rows}


# --- Season writes --------------------------------------------------------------------------


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


def _unique_slug(club: Club, name: str) -> str:
    base = slugify(name)[:50] or "season"
    slug, n = base, 2
    while Season.objects.filter(club=club, slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


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
    season = Season(
        club=club,
        name=name.strip(),
        slug=slug or _unique_slug(club, name),
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
    from clubs.models import Player

    tournaments = list(visible_season_tournaments(season, include_unpublished=include_unpublished))
    finished = [t for t in tournaments if t.status == TournamentStatus.FINISHED]
    placings = tournament_placings(finished)
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
