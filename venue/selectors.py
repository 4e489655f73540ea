"""Reads of the venue, each a fixed number of queries whatever the night holds.

For the pages (the director's venue page, the venue display, the control room): the club's
tables, the open calls, the tables in play, the matches waiting for a table in the order they
are called, and a round's calls for its pairing list and score sheets. :func:`night` is what
the automatic calls decide on (``venue.services.calls_fill``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import Q, QuerySet
from django.utils import timezone

from clubs.models import Club
from entries.models import EntryStatus
from matches.models import Match, MatchStatus
from tournaments.models import Tournament, TournamentKind, TournamentStatus
from venue.core.calls import Waiting, in_order
from venue.models import Call, CallEnd, Table, TournamentVenue

#: How long a player who finished a match keeps a claim on his table for the next one.
KEEPS_HIS_TABLE = timedelta(hours=6)


def club_tables(club: Club | int) -> list[Table]:
    """Every table of the club, by number (one query)."""
    return list(Table.objects.filter(club=club).order_by("number"))


def has_tables(club_id: int) -> bool:
    """Whether the club has any table (one query). A club without tables has no calls: a
    table with calls cannot be deleted."""
    return Table.objects.filter(club_id=club_id).exists()


def open_calls(club: Club | int) -> QuerySet[Call]:
    """The calls open now, by table number, with what a line about each shows."""
    return (
        Call.objects.filter(club=club, ended_at__isnull=True)
        .select_related("table", "player_a", "player_b", "tournament", "match__round__stage")
        .order_by("table__number")
    )


def open_call_of_match(match: Match | int) -> Call | None:
    return open_calls_of_matches([match.pk if isinstance(match, Match) else match]).get(
        match.pk if isinstance(match, Match) else match
    )


def open_calls_of_matches(match_ids: Iterable[int]) -> dict[int, Call]:
    """The open call of each of these matches that has one, by the match's id (one query)."""
    calls = Call.objects.filter(match_id__in=list(match_ids), ended_at__isnull=True)
    return {call.match_id: call for call in calls.select_related("table")}


def round_calls(round_id: int) -> dict[int, Call]:
    """The open calls of a round's matches, by the match's id (one query): the pairing list
    and the score sheets print their tables."""
    calls = Call.objects.filter(match__round_id=round_id, ended_at__isnull=True)
    calls = calls.select_related("table", "player_a", "player_b").order_by("table__number")
    return {call.match_id: call for call in calls}


def player_open_calls(player_id: int) -> list[Call]:
    """Where the player is called now (at most one table)."""
    return list(
        Call.objects.filter(ended_at__isnull=True)
        .filter(Q(player_a_id=player_id) | Q(player_b_id=player_id))
        .select_related("table", "player_a", "player_b", "tournament__club")
    )


@dataclass(frozen=True)
class TableInPlay:
    table: Table
    call: Call | None


def tables_in_play(club: Club | int) -> list[TableInPlay]:
    """Every table with its open call, if it has one (two queries)."""
    calls = {call.table_id: call for call in open_calls(club)}
    return [TableInPlay(table, calls.get(table.pk)) for table in club_tables(club)]


def tournament_venue(tournament: Tournament) -> tuple[bool, list[int]]:
    """Whether the tournament calls automatically, and the ids of the tables it uses (empty:
    all of them)."""
    setting = TournamentVenue.objects.filter(tournament=tournament).first()
    if setting is None:
        return True, []
    return setting.auto_call, list(setting.tables.values_list("pk", flat=True))


@dataclass
class Night:
    """What the calls are decided on: the club's running tournaments at this moment."""

    waiting: list[Waiting] = field(default_factory=list)
    """Matches that can be called once their players are free (both present, the match
    ready and not called), in the order they are called."""
    automatic: set[int] = field(default_factory=set)
    """Of those, the matches called automatically (auto on, not taken back by hand)."""
    matches: dict[int, tuple[int, tuple[int, int]]] = field(default_factory=dict)
    """What a call needs of each match with both players present, busy or not: its
    tournament's id and the players' ids."""
    busy_players: set[int] = field(default_factory=set)
    free_tables: list[int] = field(default_factory=list)
    out_of_service: set[int] = field(default_factory=set)
    tables_in_use: set[int] = field(default_factory=set)
    last_table: dict[int, int] = field(default_factory=dict)


MATCH_FIELDS = (
    "pk",
    "status",
    "updated_at",
    "round__number",
    "round__stage__kind",
    "round__stage__tournament_id",
    "round__stage__tournament__require_check_in",
    "entry_a__player_id",
    "entry_b__player_id",
    "entry_a__status",
    "entry_b__status",
)


def is_present(status: str, check_in_required: bool) -> bool:
    """Whether an entry of this status is at the venue: checked in, or approved where the
    tournament asks for no check-in."""
    return status == EntryStatus.CHECKED_IN or (
        status == EntryStatus.APPROVED and not check_in_required
    )


def night(club_id: int, now: datetime | None = None) -> Night:
    """The club's night as the calls see it (six queries)."""
    now = now or timezone.now()
    result = Night()
    tables = list(
        Table.objects.filter(club_id=club_id).order_by("number").values_list("pk", "in_service")
    )
    calls = list(
        Call.objects.filter(club_id=club_id, ended_at__isnull=True).values_list(
            "match_id", "table_id", "player_a_id", "player_b_id"
        )
    )
    called = {match_id for match_id, *_ in calls}
    result.tables_in_use = {table_id for _, table_id, *_ in calls}
    for _, _, a, b in calls:
        result.busy_players.update((a, b))
    result.out_of_service = {pk for pk, in_service in tables if not in_service}
    result.free_tables = [
        pk for pk, in_service in tables if in_service and pk not in result.tables_in_use
    ]
    settings = {
        row.tournament_id: row
        for row in TournamentVenue.objects.filter(
            tournament__club_id=club_id, tournament__status=TournamentStatus.RUNNING
        ).prefetch_related("tables")
    }
    rows = (
        Match.objects.filter(
            round__stage__tournament__club_id=club_id,
            round__stage__tournament__status=TournamentStatus.RUNNING,
            round__stage__tournament__kind=TournamentKind.TOURNAMENT,
            round__draft__isnull=True,
            status__in=(MatchStatus.READY, MatchStatus.PLAYING),
            is_online=False,
            entry_a__isnull=False,
            entry_b__isnull=False,
        )
        .order_by()
        .values_list(*MATCH_FIELDS)
    )
    candidates = []
    for row in rows:
        pk, status, since, number, kind, tournament_id, required, a, b, a_status, b_status = row
        if status == MatchStatus.PLAYING:  # played without a call (online, or started early)
            if pk not in called:
                result.busy_players.update((a, b))
            continue
        if pk in called or not (is_present(a_status, required) and is_present(b_status, required)):
            continue
        setting = settings.get(tournament_id)
        usable = frozenset(t.pk for t in setting.tables.all()) if setting is not None else None
        candidates.append(Waiting(pk, (a, b), number, since.timestamp(), kind, usable or None))
        result.matches[pk] = (tournament_id, (a, b))
        if setting is None or setting.auto_call:
            result.automatic.add(pk)
    result.waiting = in_order(candidates)
    result.automatic -= _taken_back(result.automatic)
    result.last_table = _last_tables(club_id, now)
    return result


def _taken_back(match_ids: set[int]) -> set[int]:
    """The matches whose last call a director took back: not called again but by hand."""
    last: dict[int, str] = {}
    ended = (
        Call.objects.filter(match_id__in=match_ids, ended_at__isnull=False)
        .order_by("ended_at", "pk")
        .values_list("match_id", "end_reason")
    )
    for match_id, reason in ended:
        last[match_id] = reason
    return {match_id for match_id, reason in last.items() if reason == CallEnd.TAKEN_BACK}


def _last_tables(club_id: int, now: datetime) -> dict[int, int]:
    """The table each player last finished a match at, tonight."""
    last: dict[int, int] = {}
    finished = (
        Call.objects.filter(
            club_id=club_id, end_reason=CallEnd.FINISHED, ended_at__gte=now - KEEPS_HIS_TABLE
        )
        .order_by("ended_at", "pk")
        .values_list("table_id", "player_a_id", "player_b_id")
    )
    for table_id, a, b in finished:
        last[a] = last[b] = table_id
    return last


def waiting_matches(club: Club | int) -> list[Match]:
    """The matches waiting for a table, in the order they are called (the director's list)."""
    club_id = club.pk if isinstance(club, Club) else club
    ids = [w.match for w in night(club_id).waiting]
    by_id = (
        Match.objects.filter(pk__in=ids)
        .select_related("entry_a__player", "entry_b__player", "round__stage__tournament")
        .in_bulk()
    )
    return [by_id[pk] for pk in ids if pk in by_id]


def calls_with_match() -> QuerySet[Call]:
    """Calls with their match and its tournament, for a page to pick one from."""
    return Call.objects.select_related("match__round__stage__tournament")


def calls_with_match_and_table() -> QuerySet[Call]:
    """Calls with their match, its tournament and the table, for a page to pick one from."""
    return Call.objects.select_related("match__round__stage__tournament", "table")
