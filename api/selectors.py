"""Reads of the API: what a visitor (or a club's token) may see, in a constant number of
queries per request."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Prefetch, QuerySet
from django.http import Http404
from django.urls import reverse

from clubs.permissions import visible_tournaments_filter
from entries.models import Entry
from matches.models import Game, Match
from standings.selectors import tournament_standings
from tournaments.models import Round, Stage, Tournament, epoch_microseconds
from tournaments.selectors import (
    TournamentVersion,
    listed_tournaments_filter,
    public_tournament_version_by_id,
    public_tournament_version_of,
)


def api_tournaments(user: Any, token: Any, *, club: str | None = None) -> QuerySet[Tournament]:
    """The list: the visible tournaments a list shows (not a ladder's hidden one)."""
    tournaments = Tournament.objects.filter(
        visible_tournaments_filter(user, token), listed_tournaments_filter()
    )
    if club:
        tournaments = tournaments.filter(club__slug=club)
    return tournaments.select_related("club").order_by("-starts_at", "-created_at", "-pk")


def tournament_versions(tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """The tournaments with only what ``Tournament.page_version`` needs, in their order."""
    return tournaments.select_related(None).only("pk", "version", "created_at")


def api_tournament_version(user: Any, token: Any, pk: int) -> TournamentVersion:
    """The tournament's id, creation time and version, if visible (404 otherwise): all a
    cached read needs (``tournaments.pagecache``), in one small query."""
    if not getattr(user, "is_authenticated", False) and token is None:
        # A visitor sees what anyone may: the pages' own plain query.
        public = public_tournament_version_by_id(pk)
        if public is None:
            raise Http404
        return public
    found = (
        Tournament.objects.filter(visible_tournaments_filter(user, token), pk=pk)
        .values_list("pk", "version", "created_at")
        .first()
    )
    if found is None:
        raise Http404
    pk, version, created_at = found
    return TournamentVersion(pk, version, epoch_microseconds(created_at))


def api_tournament(user: Any, token: Any, pk: int) -> Tournament:
    # By its id also a ladder's tournament, which no list shows (its matches are read).
    visible = Tournament.objects.filter(visible_tournaments_filter(user, token), pk=pk)
    tournament = visible.select_related("club").first()
    if tournament is None:
        raise Http404
    return tournament


def api_rounds(tournament: Tournament) -> QuerySet[Round]:
    return (
        Round.objects.filter(stage__tournament=tournament)
        .select_related("stage")
        .annotate(match_count=Count("matches"))
        .order_by("stage__order", "number")
    )


def _matches() -> QuerySet[Match]:
    return Match.objects.select_related(
        "round__stage__tournament__club", "entry_a__player", "entry_b__player"
    )


def api_matches(tournament: Tournament | int, *, round_id: int | None = None) -> QuerySet[Match]:
    """The tournament's (or the tournament with this id's) matches, in play order."""
    matches = _matches().filter(round__stage__tournament=tournament)
    if round_id is not None:
        matches = matches.filter(round_id=round_id)
    return matches.order_by("round__stage__order", "round__number", "index")


#: The columns of a match as the matches list shows it.
MATCH_COLUMNS = (
    "pk",
    "round__stage__tournament_id",
    "round__stage__kind",
    "round__number",
    "index",
    "table",
    "status",
    "outcome",
    "match_format",
    "length",
    "entry_a_id",
    "entry_a__player__name",
    "entry_b_id",
    "entry_b__player__name",
    "score_a",
    "score_b",
    "winner_id",
    "version",
)


def api_match_rows(
    tournament: Tournament, *, round_id: int | None, offset: int, limit: int
) -> list[dict[str, Any]]:
    """One page of the matches list: what ``MatchSerializer`` gives for each match, from one
    query of plain values (a page has up to 1,000 matches; a serializer per match costs a
    hundred times more)."""
    # Every match's address differs only by its id: one reverse for the page.
    marker = 2_147_483_647
    url = reverse("matches:detail", args=[tournament.club.slug, tournament.slug, marker])
    head, tail = url.split(str(marker))
    rows = api_matches(tournament, round_id=round_id).values_list(*MATCH_COLUMNS)
    return [
        {
            "id": pk,
            "tournament": tournament_id,
            "stage": stage,
            "round": number,
            "index": index,
            "table": table,
            "status": status,
            "outcome": outcome,
            "match_format": match_format,
            "length": length,
            "player_a": None if a is None else {"entry": a, "name": a_name},
            "player_b": None if b is None else {"entry": b, "name": b_name},
            "score_a": score_a,
            "score_b": score_b,
            "winner": None if winner is None else (0 if winner == a else 1),
            "version": version,
            "url": f"{head}{pk}{tail}",
        }
        for (
            pk,
            tournament_id,
            stage,
            number,
            index,
            table,
            status,
            outcome,
            match_format,
            length,
            a,
            a_name,
            b,
            b_name,
            score_a,
            score_b,
            winner,
            version,
        ) in rows[offset : offset + limit]
    ]


def public_match_version(pk: int) -> TournamentVersion | None:
    """For a visitor's read of a match, cached whole: its tournament's version if anyone may
    see the tournament (None otherwise), in one plain query. Every change of a match raises
    its tournament's version (``matches.versions``), so the read is never stale."""
    if not 0 < pk < 2**63:  # no such id (and too big for the database's integers)
        return None
    matches, rounds, stages = Match._meta.db_table, Round._meta.db_table, Stage._meta.db_table
    return public_tournament_version_of(
        f"SELECT s.tournament_id FROM {matches} m JOIN {rounds} r ON r.id = m.round_id "
        f"JOIN {stages} s ON s.id = r.stage_id WHERE m.id = %s",
        [pk],
    )


def api_match(user: Any, token: Any, pk: int) -> Match:
    """The match if its tournament is visible; 404 otherwise (unknown or hidden alike)."""
    visible = Tournament.objects.filter(visible_tournaments_filter(user, token)).values("pk")
    try:
        # ``get``, not ``first``: one match at most, so no ORDER BY, whose building (Django
        # compares it with each column the joins select) took about a fifth of this call.
        return (
            _matches()
            .prefetch_related(Prefetch("games", queryset=Game.objects.order_by("number")))
            .get(pk=pk, round__stage__tournament__in=visible)
        )
    except Match.DoesNotExist:
        raise Http404 from None


def api_standings_count(tournament_id: int) -> int:
    """The rows of the standings: one per seeded entry (``tournament_standings``)."""
    return Entry.objects.filter(tournament_id=tournament_id, seed__isnull=False).count()


def api_standings(
    tournament: Tournament, *, offset: int = 0, limit: int | None = None
) -> list[dict[str, Any]]:
    """The ranked table, the same as the standings page shows (the rows from ``offset``, at
    most ``limit`` of them)."""
    rows = tournament_standings(tournament).rows
    end = None if limit is None else offset + limit
    return [
        {
            "rank": row["rank"],
            "place": row["place"],
            "entry": row["entry_id"],
            "name": row["player"],
            **{key: row[key] for key in STANDING_FIELDS},
        }
        for row in rows[offset:end]
    ]


STANDING_FIELDS = (
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
)
