"""Reads of analyses. Every figure that is summed or averaged is of ONE level: an error rate
at 0-ply and one at 2-ply measure different things."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db.models import Count, QuerySet

from analysis.models import AnalysisStatus, MatchAnalysis, PlayerAnalysis
from clubs.models import Club, Player
from entries.models import Entry
from matches.models import Match, MatchOutcome
from tournaments.models import Tournament


def matches_with_moves(matches: QuerySet[Match]) -> QuerySet[Match]:
    """The matches with what their .mat text is written from, in three queries in all."""
    return matches.select_related(
        "round__stage__tournament", "entry_a__player", "entry_b__player"
    ).prefetch_related("games")


def match_analyses(match: Match) -> list[MatchAnalysis]:
    """The analyses of a match, one per level, with players and mistakes."""
    return list(
        MatchAnalysis.objects.filter(match=match)
        .prefetch_related("players", "mistakes")
        .order_by("-plies")
    )


def shown_analysis(analyses: list[MatchAnalysis]) -> MatchAnalysis | None:
    """The analysis a page shows first: the deepest one that is done, else the newest."""
    done = [a for a in analyses if a.status == AnalysisStatus.DONE]
    if done:
        return max(done, key=lambda a: a.plies)
    return max(analyses, key=lambda a: a.updated_at) if analyses else None


@dataclass(frozen=True)
class ErrorRateRow:
    entry: Entry
    plies: int
    matches: int
    chequer_decisions: int
    cube_decisions: int
    error: float

    @property
    def decisions(self) -> int:
        return self.chequer_decisions + self.cube_decisions

    @property
    def error_rate(self) -> float | None:
        return 1000 * self.error / self.decisions if self.decisions else None

    @property
    def pr(self) -> float | None:
        return 500 * self.error / self.decisions if self.decisions else None


def minimum_decisions() -> int:
    """Matches with fewer decisions (both players) are left out of error-rate tables."""
    return int(settings.ANALYSIS_MIN_DECISIONS)


def counted_analyses(rows: QuerySet[PlayerAnalysis]) -> list[PlayerAnalysis]:
    """Rows of played matches (no forfeits) with enough decisions in the match."""
    minimum = minimum_decisions()
    rows = rows.filter(
        analysis__status=AnalysisStatus.DONE, analysis__match__outcome=MatchOutcome.PLAYED
    )
    per_match: dict[int, int] = defaultdict(int)
    listed = list(rows.select_related("analysis__match", "entry__player"))
    for row in listed:
        per_match[row.analysis_id] += row.decisions
    return [row for row in listed if per_match[row.analysis_id] >= minimum]


def tournament_levels(tournament: Tournament) -> list[int]:
    """The levels at which matches of the tournament were analysed, most analyses first."""
    counts = (
        MatchAnalysis.objects.filter(
            match__round__stage__tournament=tournament, status=AnalysisStatus.DONE
        )
        .values("plies")
        .annotate(n=Count("pk"))
        .order_by("-n", "-plies")
    )
    return [row["plies"] for row in counts]


def tournament_player_analyses(tournament: Tournament, *, plies: int) -> list[PlayerAnalysis]:
    """The tournament's entrants' figures of the matches analysed at ``plies`` that count
    (played, with enough decisions): what its error-rate and PR tables sum."""
    return counted_analyses(
        PlayerAnalysis.objects.filter(
            plies=plies,
            analysis__plies=plies,
            analysis__match__round__stage__tournament=tournament,
            entry__isnull=False,
        )
    )


def tournament_error_rates(tournament: Tournament, *, plies: int) -> list[ErrorRateRow]:
    """Each player's error rate over the analysed matches at ``plies``, best first."""
    rows = tournament_player_analyses(tournament, plies=plies)
    sums: dict[int, list[PlayerAnalysis]] = defaultdict(list)
    for row in rows:
        assert row.entry_id is not None
        sums[row.entry_id].append(row)
    table = [
        ErrorRateRow(
            entry=group[0].entry,  # type: ignore[arg-type]
            plies=plies,
            matches=len(group),
            chequer_decisions=sum(r.chequer_decisions for r in group),
            cube_decisions=sum(r.cube_decisions for r in group),
            error=sum(r.error for r in group),
        )
        for group in sums.values()
    ]
    return sorted(table, key=lambda r: (r.error_rate is None, r.error_rate or 0.0))


def analysis_progress(matches: QuerySet[Match]) -> Counter[str]:
    """How many analyses of these matches are queued, running, done, failed."""
    return Counter(
        dict(
            MatchAnalysis.objects.filter(match__in=matches)
            .values_list("status")
            .annotate(n=Count("pk"))
            .values_list("status", "n")
        )
    )


@dataclass(frozen=True)
class HistoryPoint:
    when: datetime
    match: Match
    plies: int
    decisions: int
    error_rate: float | None


def player_analysis_rows(player: Player, club: Club) -> QuerySet[PlayerAnalysis]:
    """The player's analysed matches in the club's published tournaments."""
    return PlayerAnalysis.objects.filter(
        entry__player=player,
        entry__tournament__club=club,
        entry__tournament__is_published=True,
    )


def player_levels(player: Player, club: Club) -> list[int]:
    """The levels the player's matches in the club were analysed at, most first."""
    counts = (
        player_analysis_rows(player, club)
        .filter(analysis__status=AnalysisStatus.DONE)
        .values("plies")
        .annotate(n=Count("pk"))
        .order_by("-n", "-plies")
    )
    return [row["plies"] for row in counts]


def player_error_history(player: Player, club: Club, *, plies: int) -> list[HistoryPoint]:
    """The player's error rate match by match at one level in the club's published
    tournaments, oldest first."""
    rows = counted_analyses(player_analysis_rows(player, club).filter(plies=plies))
    points = [
        HistoryPoint(
            when=row.analysis.match.finished_at or row.analysis.created_at,
            match=row.analysis.match,
            plies=plies,
            decisions=row.decisions,
            error_rate=row.error_rate,
        )
        for row in rows
    ]
    return sorted(points, key=lambda p: p.when)
