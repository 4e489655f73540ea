"""Reads for tournaments."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Count, Q, QuerySet
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from clubs.models import Club
from config.db import prepared_cursor
from tournaments.models import (
    Round,
    Tournament,
    TournamentKind,
    TournamentStatus,
    epoch_microseconds,
    page_version,
)
from tournaments.selectors.rows import (
    club_seasons,
    drawn_rounds,
    has_stage_of_kind,
    round_row,
    rounds_of_tournament,
    rounds_with_club,
    rounds_with_stage,
    rounds_with_tournament,
    season_tournament_ids,
    stage_round_count,
    stage_row,
    tournament_row,
    tournament_stages,
    tournaments_with_club,
    unfinished_tournaments,
)

#: The reads of ``rows``, taken from here as every read of tournaments is.
__all__ = [
    "club_seasons",
    "drawn_rounds",
    "has_stage_of_kind",
    "round_row",
    "rounds_of_tournament",
    "rounds_with_club",
    "rounds_with_stage",
    "rounds_with_tournament",
    "season_tournament_ids",
    "stage_round_count",
    "stage_row",
    "tournament_row",
    "tournament_stages",
    "tournaments_with_club",
    "unfinished_tournaments",
]

#: The kind of tournament a list shows: a ladder's tournament only holds the ladder's matches,
#: hidden (the ladder is their page).
LISTED_KIND = TournamentKind.TOURNAMENT


def listed_tournaments_filter(through: str = "") -> Q:
    """The tournaments a list shows, as a filter on Tournament or, with ``through``
    (``"tournament__"``), on a row that has one: never a ladder's hidden tournament."""
    return Q(**{f"{through}kind": LISTED_KIND})


#: While the field may still change: before the start.
BEFORE_THE_START = (TournamentStatus.DRAFT, TournamentStatus.REGISTRATION)


def tournament_rounds(tournament: Tournament) -> QuerySet[Any]:
    """Every round of every stage, in play order, with its match counts."""
    return (
        Round.objects.filter(stage__tournament=tournament)
        .select_related("stage__tournament")
        .annotate(match_count=Count("matches"))
        .order_by("stage__order", "number")
    )


def public_tournament_version(club_slug: str, slug: str) -> TournamentVersion | None:
    """For an anonymous visitor's cached page: the tournament's id, creation time and version
    if anyone may see it (``permissions.can_view_tournament`` for a visitor: published, not a
    draft, of a public club), else None. One plain query: the page's whole cost when cached."""
    return _public_version("c.slug = %s AND t.slug = %s", [club_slug, slug])


def public_tournament_version_by_id(pk: int) -> TournamentVersion | None:
    """As :func:`public_tournament_version`, by the tournament's id (the API's reads)."""
    if not 0 < pk < 2**63:  # no such id (and too big for the database's integers)
        return None
    return _public_version("t.id = %s", [pk])


def public_tournament_version_of(subquery: str, params: list[Any]) -> TournamentVersion | None:
    """As :func:`public_tournament_version`, for the tournament whose id ``subquery`` (SQL
    with ``%s`` parameters) selects: a higher app's row (a match) in the same one query."""
    return _public_version(f"t.id = ({subquery})", params)


@dataclass(frozen=True)
class ClubVersion:
    """What an anonymous visitor's cached club page is keyed by (``pagecache``)."""

    pk: int
    page_version: str


def public_club_version(slug: str) -> ClubVersion | None:
    """The version of a public club's pages (None for a private or unknown club): the club's
    own version with the sum and number of its tournaments' versions (a result raises only
    its tournament's, see ``clubs.versions``) and today's date (what "active" and "upcoming"
    mean moves with it). One plain query: the page's whole cost when cached."""
    tournaments, clubs = Tournament._meta.db_table, Club._meta.db_table
    with prepared_cursor() as cursor:
        cursor.execute(
            f"SELECT c.id, c.version, {_created('c')}, COALESCE(SUM(t.version), 0), COUNT(t.id) "
            f"FROM {clubs} c LEFT JOIN {tournaments} t ON t.club_id = c.id "
            f"WHERE c.slug = %s AND NOT c.is_private GROUP BY c.id, c.version, c.created_at",
            [slug],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    pk, version, created, total, count = row
    return ClubVersion(
        pk=pk,
        page_version=(
            f"club{pk}.{_microseconds(created)}.{version}.{total}.{count}.{local_today()}"
        ),
    )


@dataclass(frozen=True)
class ClubListVersion:
    """What an anonymous visitor's cached list of clubs is keyed by (``pagecache``)."""

    page_version: str


def public_club_list_version() -> ClubListVersion:
    """The version of the list of public clubs (the home page's and ``/clubs/``, with their
    names, towns and numbers of members): a digest of every public club's id, creation time
    and version. Whatever a club's card shows raises its version (``clubs.versions``: its
    fields, a member joining or leaving); a club created, deleted or made private changes
    the set. One plain query."""
    with prepared_cursor() as cursor:
        cursor.execute(
            f"SELECT c.id, {_created('c')}, c.version FROM {Club._meta.db_table} c "
            f"WHERE NOT c.is_private ORDER BY c.id"
        )
        rows = cursor.fetchall()
    clubs = ",".join(f"{pk}.{_microseconds(created)}.{version}" for pk, created, version in rows)
    digest = hashlib.md5(clubs.encode(), usedforsecurity=False).hexdigest()
    return ClubListVersion(page_version=f"clubs.{len(rows)}.{digest}")


#: Today in the site's time zone and the moments (epoch seconds) it starts and ends: worked
#: out once a day instead of on every cached club page (``timezone.localdate`` was a tenth
#: of its CPU).
_today: tuple[float, float, str] = (0.0, 0.0, "")


def local_today() -> str:
    """``timezone.localdate()`` as text, read from :data:`_today` while it is that day."""
    global _today
    starts, ends, today = _today
    if not starts <= time.time() < ends:
        local = timezone.localtime()
        zone = local.tzinfo
        start = local.replace(hour=0, minute=0, second=0, microsecond=0, tzinfo=None)
        # The zone's own midnights (a day of 23 or 25 hours when the clocks change).
        starts = timezone.make_aware(start, zone).timestamp()
        ends = timezone.make_aware(start + timedelta(days=1), zone).timestamp()
        today = local.date().isoformat()
        _today = (starts, ends, today)
    return today


def _created(alias: str) -> str:
    """The SQL of a row's ``created_at`` for a version query: on PostgreSQL in whole
    microseconds since 1970 (an integer reads at a fraction of what an aware datetime costs,
    and the query is most of a cached page's cost); elsewhere as stored."""
    if connections[DEFAULT_DB_ALIAS].vendor == "postgresql":
        return f"(EXTRACT(EPOCH FROM {alias}.created_at) * 1000000)::bigint"
    return f"{alias}.created_at"


def _microseconds(created: Any) -> int:
    """A version query's ``created_at`` (:func:`_created`) as
    ``tournaments.models.epoch_microseconds``."""
    return created if isinstance(created, int) else epoch_microseconds(_aware(created))


def _aware(value: Any) -> datetime | None:
    if isinstance(value, str):  # SQLite hands back text, in UTC
        value = parse_datetime(value)
    if value is not None and timezone.is_naive(value):
        value = timezone.make_aware(value, UTC)
    return value  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class TournamentVersion:
    """A tournament's id, creation time and version: all its cached pages and reads are keyed
    by (``tournaments.pagecache``), without loading the tournament (a model instance costs
    more than the query that finds these three)."""

    pk: int
    version: int
    #: The creation time (``tournaments.models.epoch_microseconds``).
    created: int

    @property
    def page_version(self) -> str:
        return page_version(self.pk, self.created, self.version)


def _visible_to_anyone(where: str = "", params: Iterable[Any] = ()) -> tuple[str, list[Any]]:
    """``FROM`` and ``WHERE`` of the tournaments anyone may see (``can_view_tournament`` for
    a visitor: published, not a draft, of a public club), with ``where`` besides: SQL and its
    parameters."""
    tournaments, clubs = Tournament._meta.db_table, Club._meta.db_table
    sql = (
        f"FROM {tournaments} t JOIN {clubs} c ON c.id = t.club_id "
        f"WHERE t.is_published AND NOT c.is_private AND t.status <> %s"
    )
    # The plain value: psycopg finds the way to send an enum's member through its classes.
    return (f"{sql} AND {where}" if where else sql), [TournamentStatus.DRAFT.value, *params]


def _version_of(row: tuple[int, int, Any]) -> TournamentVersion:
    pk, version, created = row
    return TournamentVersion(pk, version, _microseconds(created))


class PublicTournamentVersions:
    """The versions of the tournaments anyone may see (of the club with this slug, or of all
    clubs), newest first, as a sequence Django's paginator pages: its count and each slice
    are one plain query (the API's list, for a visitor: a warm read built no ORM query)."""

    def __init__(self, club_slug: str | None = None) -> None:
        # Only the tournaments a list shows (``listed_tournaments_filter``).
        listed, params = "t.kind = %s", [LISTED_KIND.value]
        self._from, self._params = (
            _visible_to_anyone(f"{listed} AND c.slug = %s", [*params, club_slug])
            if club_slug
            else _visible_to_anyone(listed, params)
        )

    def count(self) -> int:
        with prepared_cursor() as cursor:
            cursor.execute(f"SELECT COUNT(*) {self._from}", self._params)
            return int(cursor.fetchone()[0])

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, window: slice) -> list[TournamentVersion]:
        return self.with_count(window)[1]

    def with_count(self, window: slice) -> tuple[int | None, list[TournamentVersion]]:
        """The slice and the number of all of them (None when the slice is empty), in one
        query."""
        start = window.start or 0
        with prepared_cursor() as cursor:
            # The order of ``api.selectors.api_tournaments``.
            cursor.execute(
                f"SELECT t.id, t.version, {_created('t')}, COUNT(*) OVER () {self._from} "
                f"ORDER BY t.starts_at DESC, t.created_at DESC, t.id DESC LIMIT %s OFFSET %s",
                [*self._params, window.stop - start, start],
            )
            rows = cursor.fetchall()
        return (rows[0][3] if rows else None), [_version_of(row[:3]) for row in rows]


def _public_version(where: str, params: list[Any]) -> TournamentVersion | None:
    sql, params = _visible_to_anyone(where, params)
    with prepared_cursor() as cursor:
        cursor.execute(f"SELECT t.id, t.version, {_created('t')} {sql}", params)
        row = cursor.fetchone()
    return None if row is None else _version_of(row)
