"""Finished matches of a tournament as the pure standings code wants them (one query)."""

from __future__ import annotations

from django.db.models import Count, Q

from matches.models import Match, MatchOutcome, MatchStatus, WinKind
from tournaments.models import Tournament
from tournaments.ranking import MatchResult

GAMMONISH = [WinKind.GAMMON, WinKind.BACKGAMMON]


def finished_results(tournament: Tournament, *, stage_id: int | None = None) -> list[MatchResult]:
    """Every finished match with its points, games and gammons per side; byes as byes."""
    matches = Match.objects.of_tournament(tournament).filter(status=MatchStatus.FINISHED)
    if stage_id is not None:
        matches = matches.filter(round__stage_id=stage_id)
    rows = matches.annotate(
        a_games=Count("games", filter=Q(games__winner=0)),
        b_games=Count("games", filter=Q(games__winner=1)),
        a_gammons=Count("games", filter=Q(games__winner=0, games__kind__in=GAMMONISH)),
        b_gammons=Count("games", filter=Q(games__winner=1, games__kind__in=GAMMONISH)),
    ).values_list(
        "entry_a_id",
        "entry_b_id",
        "winner_id",
        "score_a",
        "score_b",
        "a_games",
        "b_games",
        "a_gammons",
        "b_gammons",
        "outcome",
        "match_format",
        "round__number",
    )
    return [match_result(*row) for row in rows]


def match_result(
    a: int | None,
    b: int | None,
    winner: int,
    score_a: int,
    score_b: int,
    a_games: int,
    b_games: int,
    a_gammons: int,
    b_gammons: int,
    outcome: str,
    match_format: str,
    round_number: int,
) -> MatchResult:
    """One finished match as the standings code wants it; a bye to the one player present."""
    if a is None or b is None:
        return MatchResult(a=winner, b=None, winner=winner, bye=True, round_number=round_number)
    if match_format == "games" and a_games + b_games == 0:  # final score only: it is the games
        a_games, b_games = score_a, score_b
    return MatchResult(
        a=a,
        b=b,
        winner=winner,
        a_points=score_a,
        b_points=score_b,
        a_games=a_games,
        b_games=b_games,
        a_gammons=a_gammons,
        b_gammons=b_gammons,
        bye=outcome == MatchOutcome.BYE,
        round_number=round_number,
    )
