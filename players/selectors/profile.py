"""Everything a player's profile shows about him in one club.

It is a fixed number of queries, however many matches a player has: matches come with their
game counts in one query, move records in one, ratings history in one.

Move records (``Game.record``) are lists of actions as ``backgammon.gamerecord``
writes them (``{"player": 0 | 1, "kind": "double" | "take" | "drop" | ...}``); ``player`` is the
side, 0 for the match's first player. A dict with an ``actions`` or ``record`` list is read too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Count, F, OuterRef, Q, Subquery

from backgammon.fibs import INITIAL_RATING
from clubs.models import Club, Player
from entries.models import OUT_OF_THE_FIELD, Entry
from matches.models import Game
from players.selectors.match_lines import (
    GameRecordStats,
    MatchLine,
    finished_matches,
    game_stats,
    match_lines,
    with_deltas,
)
from ratings.models import ClubRating, RatingChange
from standings.placings import player_places
from tournaments.models import MatchFormat, Tournament, TournamentStatus
from tournaments.selectors import listed_tournaments_filter

RECENT_MATCHES = 10


@dataclass(frozen=True)
class RatingPoint:
    played_at: datetime
    rating: float
    delta: float
    won: bool
    opponent: str


@dataclass(frozen=True)
class LengthRecord:
    label: str
    played: int
    won: int

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass
class CubeStats:
    """From games with a move record only (online games and match files)."""

    games: int = 0
    doubles: int = 0
    """Doubles the player offered."""
    doubles_taken: int = 0
    """… that the opponent took."""
    doubles_dropped: int = 0
    """… that the opponent dropped."""
    takes: int = 0
    """Doubles of the opponent the player took."""
    drops: int = 0
    """Doubles of the opponent the player dropped."""


@dataclass(frozen=True)
class TournamentLine:
    tournament: Tournament
    place: Any | None
    """A ``standings.seasons.Place`` once the tournament is finished."""
    players: int


@dataclass(frozen=True)
class PlayerProfile:
    player: Player
    rating: float | None
    experience: int
    rank: int | None
    ranked_players: int
    history: list[RatingPoint]
    start_rating: float
    played: int
    won: int
    forfeits_won: int
    forfeits_lost: int
    by_length: list[LengthRecord]
    games: GameRecordStats
    cube: CubeStats
    recent: list[MatchLine]
    tournaments: list[TournamentLine] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


def _record_actions(record: Any) -> list[Any]:
    if isinstance(record, dict):
        record = record.get("actions", record.get("record"))
    return record if isinstance(record, list) else []


def cube_stats(records: Iterable[tuple[int, Any]]) -> CubeStats:
    """Cube actions of one player: ``records`` are ``(side of the player, move record)``."""
    stats = CubeStats()
    for side, record in records:
        actions = _record_actions(record)
        if not actions:
            continue
        stats.games += 1
        for action in actions:
            if not isinstance(action, dict):
                continue
            mine = action.get("player") == side
            kind = action.get("kind")
            if kind == "double" and mine:
                stats.doubles += 1
            elif kind == "take":
                if mine:
                    stats.takes += 1
                else:
                    stats.doubles_taken += 1
            elif kind == "drop":
                if mine:
                    stats.drops += 1
                else:
                    stats.doubles_dropped += 1
    return stats


def _by_length(lines: list[MatchLine]) -> list[LengthRecord]:
    groups: dict[tuple[int, int], list[MatchLine]] = {}
    for line in lines:
        order = 0 if line.match_format == MatchFormat.POINTS else 1
        groups.setdefault((order, line.length), []).append(line)
    return [
        LengthRecord(
            label=group[0].format_label,
            played=len(group),
            won=sum(1 for line in group if line.won),
        )
        for _key, group in sorted(groups.items())
    ]


def _tournament_lines(
    club: Club, player: Player, *, include_unpublished: bool
) -> list[TournamentLine]:
    entries = (
        Entry.objects.filter(
            listed_tournaments_filter("tournament__"), player=player, tournament__club=club
        )
        .exclude(status__in=OUT_OF_THE_FIELD, seed__isnull=True)
        .select_related("tournament__club")
        .annotate(
            players=Subquery(
                Entry.objects.filter(tournament=OuterRef("tournament"), seed__isnull=False)
                .values("tournament")
                .annotate(n=Count("pk"))
                .values("n")
            )
        )
        .order_by(F("tournament__starts_at").desc(nulls_last=True), "-tournament__created_at")
    )
    if not include_unpublished:
        entries = entries.filter(tournament__is_published=True).exclude(
            tournament__status=TournamentStatus.DRAFT
        )
    entries = list(entries)
    finished = [e.tournament for e in entries if e.tournament.status == TournamentStatus.FINISHED]
    placings = player_places(finished)
    return [
        TournamentLine(
            tournament=entry.tournament,
            place=placings.get(entry.tournament_id, {}).get(player.pk),
            players=entry.players or 0,  # type: ignore[attr-defined]
        )
        for entry in entries
    ]


def player_profile(club: Club, player: Player, *, include_unpublished: bool) -> PlayerProfile:
    """Everything the profile page shows about one player in one club."""
    rating = ClubRating.objects.filter(club=club, player=player).first()
    rank, ranked = None, 0
    if rating is not None:
        counts = ClubRating.objects.filter(club=club).aggregate(
            total=Count("pk"), above=Count("pk", filter=Q(rating__gt=rating.rating))
        )
        rank, ranked = counts["above"] + 1, counts["total"]

    history_rows = list(
        RatingChange.objects.filter(club=club, player=player)
        .order_by("played_at", "match_id")
        .values_list(
            "played_at", "rating_before", "rating_after", "match_id", "won", "opponent__name"
        )
    )
    history = [
        RatingPoint(played_at, after, after - before, won, opponent)
        for played_at, before, after, _match, won, opponent in history_rows
    ]
    deltas = {match_id: after - before for _p, before, after, match_id, _w, _o in history_rows}

    matches = finished_matches(club, include_unpublished=include_unpublished).filter(
        Q(entry_a__player=player) | Q(entry_b__player=player)
    )
    lines = with_deltas(match_lines(matches, player.pk), deltas)
    played = [line for line in lines if not line.forfeit]

    records = Game.objects.filter(match__in=matches.values("pk"), record__isnull=False)
    sides = (
        (0 if player_a == player.pk else 1, record)
        for player_a, record in records.values_list("match__entry_a__player_id", "record")
    )
    return PlayerProfile(
        player=player,
        rating=rating.rating if rating else None,
        experience=rating.experience if rating else 0,
        rank=rank,
        ranked_players=ranked,
        history=history,
        start_rating=history_rows[0][1] if history_rows else INITIAL_RATING,
        played=len(played),
        won=sum(1 for line in played if line.won),
        forfeits_won=sum(1 for line in lines if line.forfeit and line.won),
        forfeits_lost=sum(1 for line in lines if line.forfeit and not line.won),
        by_length=_by_length(played),
        games=game_stats(played),
        cube=cube_stats(sides),
        recent=lines[:RECENT_MATCHES],
        tournaments=_tournament_lines(club, player, include_unpublished=include_unpublished),
    )
