"""Reads of PR (:mod:`analysis.performance`) for the match's analysis panel, the tournament's
PR table and a player's PR over time; always at one level of analysis."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from analysis.models import AnalysisMistake, MatchAnalysis, PlayerAnalysis
from analysis.performance import Performance, combined, performance
from analysis.selectors import (
    counted_analyses,
    player_analysis_rows,
    tournament_player_analyses,
)
from clubs.models import Club, Player
from entries.models import Entry
from matches.models import Match
from tournaments.models import Tournament

__all__ = ["PrPoint", "PrRow", "analysis_performances", "player_pr_history", "tournament_pr"]


def _performance(row: PlayerAnalysis, mistakes: Iterable[AnalysisMistake]) -> Performance:
    return performance(
        side=row.side,
        plies=row.plies,
        chequer_decisions=row.chequer_decisions,
        cube_decisions=row.cube_decisions,
        mistakes=mistakes,
        totals=(row.chequer_error, row.cube_error),
    )


def analysis_performances(analysis: MatchAnalysis) -> list[tuple[PlayerAnalysis, Performance]]:
    """Both players' figures of one analysis (its players and mistakes, prefetched or not)."""
    mistakes = list(analysis.mistakes.all())
    return [(row, _performance(row, mistakes)) for row in analysis.players.all()]


def _with_mistakes(rows: list[PlayerAnalysis]) -> list[tuple[PlayerAnalysis, Performance]]:
    """Each row's figures, the mistakes of all their analyses read in one query."""
    by_analysis: dict[int, list[AnalysisMistake]] = defaultdict(list)
    mistakes = AnalysisMistake.objects.filter(
        analysis_id__in={row.analysis_id for row in rows}
    ).only("analysis_id", "side", "kind", "equity_lost", "mark", "played")
    for mistake in mistakes:
        by_analysis[mistake.analysis_id].append(mistake)
    return [(row, _performance(row, by_analysis[row.analysis_id])) for row in rows]


@dataclass(frozen=True)
class PrRow:
    entry: Entry
    matches: int
    figures: Performance


def tournament_pr(tournament: Tournament, *, plies: int) -> list[PrRow]:
    """Each player's PR over the tournament's matches analysed at ``plies``, best first
    (the matches the error-rate table counts)."""
    rows = tournament_player_analyses(tournament, plies=plies)
    groups: dict[int, list[tuple[PlayerAnalysis, Performance]]] = defaultdict(list)
    for row, figures in _with_mistakes(rows):
        assert row.entry_id is not None
        groups[row.entry_id].append((row, figures))
    table = []
    for group in groups.values():
        total = combined(figures for _row, figures in group)
        assert total is not None and group[0][0].entry is not None
        table.append(PrRow(entry=group[0][0].entry, matches=len(group), figures=total))
    return sorted(table, key=lambda r: (r.figures.pr is None, r.figures.pr or 0.0))


@dataclass(frozen=True)
class PrPoint:
    when: datetime
    match: Match
    figures: Performance


def player_pr_history(player: Player, club: Club, *, plies: int) -> list[PrPoint]:
    """The player's PR match by match at one level in the club's published tournaments,
    oldest first."""
    rows = counted_analyses(player_analysis_rows(player, club).filter(plies=plies))
    points = [
        PrPoint(
            when=row.analysis.match.finished_at or row.analysis.created_at,
            match=row.analysis.match,
            figures=figures,
        )
        for row, figures in _with_mistakes(rows)
    ]
    return sorted(points, key=lambda p: p.when)
