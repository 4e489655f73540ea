"""Finished matches as one player sees them, each with its game counts (one query), and the
games they add up to."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from django.db.models import Count, Q, QuerySet
from django.db.models.functions import Coalesce

from clubs.models import Club
from matches.models import Match, MatchOutcome, MatchStatus, WinKind
from tournaments.models import TournamentStatus
from tournaments.presentation import match_format_label


@dataclass(frozen=True)
class MatchLine:
    match_id: int
    club_slug: str
    tournament_slug: str
    tournament_name: str
    played_at: datetime
    opponent_id: int
    opponent_name: str
    won: bool
    forfeit: bool
    score_for: int
    score_against: int
    format_label: str
    match_format: str
    length: int
    games_won: int
    games_lost: int
    gammons_won: int
    gammons_lost: int
    backgammons_won: int
    backgammons_lost: int
    rating_delta: float | None = None


def finished_matches(club: Club, *, include_unpublished: bool) -> QuerySet[Match]:
    matches = Match.objects.filter(
        round__stage__tournament__club=club,
        status=MatchStatus.FINISHED,
        outcome__in=[MatchOutcome.PLAYED, MatchOutcome.FORFEIT],
        entry_a__isnull=False,
        entry_b__isnull=False,
    )
    if not include_unpublished:
        matches = matches.filter(round__stage__tournament__is_published=True).exclude(
            round__stage__tournament__status=TournamentStatus.DRAFT
        )
    return matches


def _count_games(side: int, kind: str | None = None) -> Count:
    condition = Q(games__winner=side)
    if kind is not None:
        condition &= Q(games__kind=kind)
    return Count("games", filter=condition)


def match_lines(matches: QuerySet[Match], player_id: int) -> list[MatchLine]:
    """The matches, newest first, from ``player_id``'s side of the board (one query)."""
    rows = (
        matches.annotate(
            played=Coalesce("finished_at", "created_at"),
            games_0=_count_games(0),
            games_1=_count_games(1),
            gammons_0=_count_games(0, WinKind.GAMMON),
            gammons_1=_count_games(1, WinKind.GAMMON),
            backgammons_0=_count_games(0, WinKind.BACKGAMMON),
            backgammons_1=_count_games(1, WinKind.BACKGAMMON),
        )
        .order_by("-played", "-pk")
        .values(
            "pk",
            "played",
            "outcome",
            "winner_id",
            "entry_a_id",
            "entry_a__player_id",
            "entry_a__player__name",
            "entry_b__player_id",
            "entry_b__player__name",
            "score_a",
            "score_b",
            "match_format",
            "length",
            "round__stage__tournament__slug",
            "round__stage__tournament__name",
            "round__stage__tournament__club__slug",
            "games_0",
            "games_1",
            "gammons_0",
            "gammons_1",
            "backgammons_0",
            "backgammons_1",
        )
    )
    lines = []
    for row in rows:
        me, them = ("a", "b") if row["entry_a__player_id"] == player_id else ("b", "a")
        mine, theirs = (0, 1) if me == "a" else (1, 0)
        winner_is_a = row["winner_id"] == row["entry_a_id"]
        lines.append(
            MatchLine(
                match_id=row["pk"],
                club_slug=row["round__stage__tournament__club__slug"],
                tournament_slug=row["round__stage__tournament__slug"],
                tournament_name=row["round__stage__tournament__name"],
                played_at=row["played"],
                opponent_id=row[f"entry_{them}__player_id"],
                opponent_name=row[f"entry_{them}__player__name"],
                won=winner_is_a == (me == "a"),
                forfeit=row["outcome"] == MatchOutcome.FORFEIT,
                score_for=row[f"score_{me}"],
                score_against=row[f"score_{them}"],
                format_label=match_format_label(row["match_format"], row["length"]),
                match_format=row["match_format"],
                length=row["length"],
                games_won=row[f"games_{mine}"],
                games_lost=row[f"games_{theirs}"],
                gammons_won=row[f"gammons_{mine}"],
                gammons_lost=row[f"gammons_{theirs}"],
                backgammons_won=row[f"backgammons_{mine}"],
                backgammons_lost=row[f"backgammons_{theirs}"],
            )
        )
    return lines


def with_deltas(lines: list[MatchLine], deltas: dict[int, float]) -> list[MatchLine]:
    return [replace(line, rating_delta=deltas.get(line.match_id)) for line in lines]


@dataclass(frozen=True)
class GameRecordStats:
    games_won: int = 0
    games_lost: int = 0
    gammons_won: int = 0
    gammons_lost: int = 0
    backgammons_won: int = 0
    backgammons_lost: int = 0


def game_stats(lines: list[MatchLine]) -> GameRecordStats:
    return GameRecordStats(
        games_won=sum(line.games_won for line in lines),
        games_lost=sum(line.games_lost for line in lines),
        gammons_won=sum(line.gammons_won for line in lines),
        gammons_lost=sum(line.gammons_lost for line in lines),
        backgammons_won=sum(line.backgammons_won for line in lines),
        backgammons_lost=sum(line.backgammons_lost for line in lines),
    )
