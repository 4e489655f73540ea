"""Running one analysis: gnubg outside any transaction, its figures stored in one."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from analysis.models import AnalysisMistake, AnalysisStatus, MatchAnalysis, PlayerAnalysis
from analysis.moves import digest, match_has_moves, moves_text
from analysis.report import Report, ReportError, parse_report
from analysis.runner import GnubgError, GnubgRun, submit_gnubg
from matches.models import Match

logger = logging.getLogger("crawford.analysis")


class MovesChanged(GnubgError):
    """The match was corrected while gnubg ran: its figures would be of other moves."""


@dataclass(frozen=True)
class _Started:
    analysis: MatchAnalysis
    text: str
    version: int


def _prepare(analysis_id: int) -> _Started | None:
    """The moves to analyse, read without a lock; None when there is nothing (more) to do.
    The moves written when the analysis was queued, unless the match changed since."""
    analysis = MatchAnalysis.objects.select_related("match").get(pk=analysis_id)
    match = analysis.match
    if analysis.moves and analysis.moves_version == match.version:
        text = analysis.moves
    else:
        match = Match.objects.select_related(
            "round__stage__tournament", "entry_a__player", "entry_b__player"
        ).get(pk=match.pk)
        games = list(match.games.all())
        if not match_has_moves(match, games):
            with transaction.atomic():
                analysis.status = AnalysisStatus.FAILED
                analysis.failure = "The match has no complete move record."
                analysis.save(update_fields=["status", "failure", "updated_at"])
            return None
        text = moves_text(match, games)
    if analysis.status == AnalysisStatus.DONE and analysis.digest == digest(text):
        return None  # the same moves at the same level: nothing changes
    return _Started(analysis, text, match.version)


@transaction.atomic
def _mark_running(analysis: MatchAnalysis) -> None:
    """Shown as running (with its tournament's version raised), while gnubg works already.
    The figures are stored only for the moves read (:func:`_store` checks the version)."""
    analysis.status = AnalysisStatus.RUNNING
    analysis.started_at = timezone.now()
    analysis.failure = ""
    analysis.save(update_fields=["status", "started_at", "failure", "updated_at"])


@transaction.atomic
def _store(started: _Started, report: Report, run: GnubgRun) -> MatchAnalysis:
    analysis = (
        MatchAnalysis.objects.select_for_update(of=("self",))
        .select_related("match")
        .get(pk=started.analysis.pk)
    )
    match = analysis.match
    if match.version != started.version:
        raise MovesChanged("The result changed while gnubg ran; analyse the match again.")
    text = started.text
    if analysis.digest:  # figures of an earlier run (they are stored with their digest)
        analysis.players.all().delete()
        analysis.mistakes.all().delete()
    entries = (match.entry_a_id, match.entry_b_id)
    rows = []
    for figures in report.players:
        row = PlayerAnalysis(
            analysis=analysis,
            side=figures.side,
            entry_id=entries[figures.side],
            plies=analysis.plies,
            chequer_decisions=figures.chequer_decisions,
            cube_decisions=figures.cube_decisions,
            chequer_error=max(0.0, figures.chequer_error),
            cube_error=max(0.0, figures.cube_error),
            luck=figures.luck,
            rating=figures.rating_words,
        )
        # The fields are checked here; the constraints by the database (the rows of this
        # analysis were just deleted, so there is nothing to look up).
        row.full_clean(exclude=["analysis", "entry"], validate_constraints=False)
        rows.append(row)
    PlayerAnalysis.objects.bulk_create(rows)
    AnalysisMistake.objects.bulk_create(
        AnalysisMistake(
            analysis=analysis,
            side=mistake.side,
            game=mistake.game,
            index=mistake.index,
            kind=mistake.kind,
            position_id=mistake.position_id,
            match_id=mistake.match_id,
            dice="".join(str(d) for d in mistake.dice) if mistake.dice else "",
            played=mistake.played[:60],
            best=mistake.best[:60],
            equity_lost=mistake.equity_lost,
        )
        for mistake in report.mistakes
    )
    analysis.status = AnalysisStatus.DONE
    analysis.digest = digest(text)
    analysis.failure = ""
    analysis.gnubg_seconds = run.seconds
    analysis.finished_at = timezone.now()
    analysis.save(
        update_fields=["status", "digest", "failure", "gnubg_seconds", "finished_at", "updated_at"]
    )
    return analysis


def _fail(analysis_id: int, reason: str, *, final: bool) -> None:
    with transaction.atomic():
        analysis = MatchAnalysis.objects.select_for_update().get(pk=analysis_id)
        analysis.attempts += 1
        analysis.failure = reason[:400]
        if final:
            analysis.status = AnalysisStatus.FAILED
            analysis.finished_at = timezone.now()
        analysis.save()


def analysis_run(*, analysis_id: int) -> MatchAnalysis:
    """Run gnubg for a queued analysis (idempotent: the same moves analysed at the same level
    are left as they are). A failed run is tried again, up to ``ANALYSIS_ATTEMPTS`` times in
    all; then the analysis is failed with gnubg's reason."""
    started = _prepare(analysis_id)
    if started is None:
        return MatchAnalysis.objects.get(pk=analysis_id)
    analysis = started.analysis
    attempts = max(1, settings.ANALYSIS_ATTEMPTS)
    marked = False
    for attempt in range(1, attempts + 1):
        try:
            pending = submit_gnubg(started.text, plies=analysis.plies)
            if not marked:  # while gnubg works already
                try:
                    _mark_running(analysis)
                except BaseException:
                    pending.abandon()
                    raise
                marked = True
            run = pending.result()
            report = parse_report(run.data)
            if report.plies != analysis.plies:
                raise ReportError(f"gnubg analysed at {report.plies}-ply")
            return _store(started, report, run)
        except (GnubgError, ReportError) as error:
            logger.warning("analysis %s attempt %s failed: %s", analysis_id, attempt, error)
            final = attempt == attempts or isinstance(error, MovesChanged)
            _fail(analysis_id, str(error), final=final)
            if final:
                break
    return MatchAnalysis.objects.get(pk=analysis_id)
