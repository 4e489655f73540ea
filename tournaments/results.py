"""Finished matches of a tournament as the pure standings code wants them (one query)."""

from __future__ import annotations

from django.db.models import Count, Q

from matches.models import Match, MatchOutcome, MatchStatus, WinKind
from tournaments.models import Tournament
from tournaments.standings import MatchResult

GAMMONISH = [WinKind.GAMMON, WinKind.BACKGAMMON]


def finished_results(tournament: Tournament, *, stage_id: int | None = None) -> list[MatchResult]:
    """Every finished match with its points, games and gammons per side; byes as byes."""
    matches = Match.objects.filter(round__stage__tournament=tournament, status=MatchStatus.FINISHED)
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
    results = []
    for a, b, winner, sa, sb, ga, gb, gma, gmb, outcome, fmt, number in rows:
        if b is None or a is None:  # a bye: the one player present gets it
            results.append(
                MatchResult(a=winner, b=None, winner=winner, bye=True, round_number=number)
            )
            continue
        if fmt == "games" and ga + gb == 0:  # final score only: the score is the games
            ga, gb = sa, sb
        results.append(
            MatchResult(
                a=a,
                b=b,
                winner=winner,
                a_points=sa,
                b_points=sb,
                a_games=ga,
                b_games=gb,
                a_gammons=gma,
                b_gammons=gmb,
                bye=outcome == MatchOutcome.BYE,
                round_number=number,
            )
        )
    return results
