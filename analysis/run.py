"""Running one analysis: gnubg outside any transaction, its figures stored in one."""

from __future__ import annotations

import collections
import contextlib
import logging
import time
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone

from analysis.claims import Claims
from analysis.claims import supported as claims_supported
from analysis.models import AnalysisMistake, AnalysisStatus, MatchAnalysis, PlayerAnalysis
from analysis.moves import digest, match_has_moves, moves_text
from analysis.report import Report, ReportError, parse_report
from analysis.runner import GnubgError, GnubgLost, GnubgRun, PendingRun, submit_gnubg
from analysis.selectors import matches_with_moves
from analysis.versions import analyses_change, analysis_change
from matches.models import Match

logger = logging.getLogger("crawford.analysis")


class MovesChanged(GnubgError):
    """The match was corrected while gnubg ran: its figures would be of other moves."""


@dataclass(frozen=True)
class _Started:
    analysis: MatchAnalysis
    text: str
    version: int

    @property
    def plies(self) -> int:
        return self.analysis.plies


#: What is read of an analysis's match, round and stage: the match's version (the moves it
#: was asked for) and players, the keys up to its tournament.
MATCH_FIELDS = (
    "match__version",
    "match__entry_a",
    "match__entry_b",
    "match__round__stage__tournament",
)


def _with_match() -> QuerySet[MatchAnalysis]:
    """Analyses with their match (and its round's stage: the tournament's version is raised
    by its key when they change, see ``analysis.versions``), of which only what is used."""
    own = [field.name for field in MatchAnalysis._meta.concrete_fields]
    return MatchAnalysis.objects.select_related("match__round__stage").only(*own, *MATCH_FIELDS)


def _prepare(analysis_id: int) -> _Started | None:
    """The moves to analyse, read without a lock; None when there is nothing (more) to do,
    or the analysis was deleted meanwhile. The moves written when the analysis was queued,
    unless the match changed since."""
    analysis = _read(analysis_id)
    return None if analysis is None else _prepared(analysis)


def _read(analysis_id: int) -> MatchAnalysis | None:
    """The analysis, or None when it is gone."""
    try:
        return _with_match().get(pk=analysis_id)
    except MatchAnalysis.DoesNotExist:
        return None


def _prepared(analysis: MatchAnalysis) -> _Started | None:
    match = analysis.match
    if analysis.moves and analysis.moves_version == match.version:
        text = analysis.moves
    else:
        match = matches_with_moves(Match.objects.filter(pk=match.pk)).get()
        games = list(match.games.all())
        if not match_has_moves(match, games):
            with transaction.atomic(), analysis_change(analysis):
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
    with analysis_change(analysis):
        analysis.status = AnalysisStatus.RUNNING
        analysis.started_at = timezone.now()
        analysis.failure = ""
        analysis.save(update_fields=["status", "started_at", "failure", "updated_at"])


@transaction.atomic
def _store(
    started: _Started, report: Report, run: GnubgRun, following: _Started | None = None
) -> MatchAnalysis:
    """The figures stored (and ``following``, which gnubg works on already, shown running:
    one transaction, the tournament's version raised once for both when they share one,
    first: before the analyses' rows are locked)."""
    with analyses_change(*[s.analysis for s in (started, following) if s is not None]):
        if following is not None:
            shown, now = following.analysis, timezone.now()
            shown.status, shown.started_at, shown.failure = AnalysisStatus.RUNNING, now, ""
            MatchAnalysis.objects.filter(pk=shown.pk).update(
                status=shown.status, started_at=now, failure="", updated_at=now
            )
        locked = _with_match().select_for_update(of=("self",)).defer("moves")
        analysis = locked.get(pk=started.analysis.pk)
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
        _write_mistakes(
            (
                analysis.pk,
                mistake.side,
                mistake.game,
                mistake.index,
                mistake.kind,
                mistake.position_id,
                mistake.match_id,
                "".join(str(d) for d in mistake.dice) if mistake.dice else "",
                mistake.played[:60],
                mistake.best[:60],
                mistake.equity_lost,
                mistake.mark,
            )
            for mistake in report.mistakes
        )
        analysis.status = AnalysisStatus.DONE
        analysis.digest = digest(text)
        analysis.failure = ""
        analysis.gnubg_seconds = run.seconds
        analysis.finished_at = timezone.now()
        analysis.save(
            update_fields=[
                "status",
                "digest",
                "failure",
                "gnubg_seconds",
                "finished_at",
                "updated_at",
            ]
        )  # raises its tournament's version
        return analysis


#: The fields of a mistake's row, in the order of :func:`_write_mistakes`'s tuples.
MISTAKE_FIELDS = (
    "analysis_id",
    "side",
    "game",
    "index",
    "kind",
    "position_id",
    "match_id",
    "dice",
    "played",
    "best",
    "equity_lost",
    "mark",
)


def _write_mistakes(rows: Iterable[tuple[object, ...]]) -> None:
    """An analysis's mistakes written (a match has a hundred or more): on PostgreSQL with one
    COPY, values as they are (the database checks them), elsewhere with one bulk INSERT."""
    if connection.vendor != "postgresql":
        AnalysisMistake.objects.bulk_create(
            AnalysisMistake(**dict(zip(MISTAKE_FIELDS, row, strict=True))) for row in rows
        )
        return
    meta = AnalysisMistake._meta
    quote = connection.ops.quote_name
    columns = ", ".join(quote(meta.get_field(name).column) for name in MISTAKE_FIELDS)
    with (
        connection.cursor() as cursor,
        cursor.copy(f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN") as copy,
    ):
        for row in rows:
            copy.write_row(row)


def _fail(failed: MatchAnalysis, reason: str, *, final: bool) -> None:
    with transaction.atomic(), analysis_change(failed):
        analysis = MatchAnalysis.objects.select_for_update().get(pk=failed.pk)
        analysis.attempts += 1
        analysis.failure = reason[:400]
        if final:
            analysis.status = AnalysisStatus.FAILED
            analysis.finished_at = timezone.now()
        analysis.save()


@dataclass
class _Slot:
    """An analysis in this process's line: handed to gnubg (``pending``) or about to be."""

    started: _Started
    pending: PendingRun | None = None
    attempt: int = 1
    marked: bool = False


def _submit(started: _Started) -> PendingRun:
    """The match handed to this process's gnubg; one that cannot be (gnubg missing, or it
    could not be started) fails when collected, as a failed attempt."""
    try:
        return submit_gnubg(started.text, plies=started.plies)
    except GnubgError as error:
        failure = error

    def fail() -> GnubgRun:
        raise failure

    return PendingRun(fail, lambda: None)


def _collect(pending: PendingRun) -> GnubgRun | GnubgError:
    """gnubg's run of a match, or why there is none."""
    try:
        return pending.result()
    except GnubgError as error:
        return error


def _finish(slot: _Slot, collected: GnubgRun | GnubgError, following: _Slot | None = None) -> bool:
    """Store the slot's figures (``following`` is shown running with them); False when it
    must go to gnubg again."""
    analysis = slot.started.analysis
    if isinstance(collected, GnubgLost):
        return False  # it never ran (the match before failed): not an attempt
    try:
        if isinstance(collected, GnubgError):
            raise collected
        report = parse_report(collected.data)
        if report.plies != analysis.plies:
            raise ReportError(f"gnubg analysed at {report.plies}-ply")
        if following is None or following.marked:
            _store(slot.started, report, collected)
        else:
            _store(slot.started, report, collected, following.started)
            following.marked = True
        return True
    except (GnubgError, ReportError) as error:
        logger.warning("analysis %s attempt %s failed: %s", analysis.pk, slot.attempt, error)
        final = slot.attempt >= max(1, settings.ANALYSIS_ATTEMPTS)
        final = final or isinstance(error, MovesChanged)
        _fail(analysis, str(error), final=final)
        slot.attempt += 1
        return final


def _forget(pending: PendingRun) -> None:
    """Let go of a job gnubg lost (it gives the server back at once)."""
    with contextlib.suppress(GnubgLost):
        pending.result()


def _claim_next(claims: Claims) -> _Started | None:
    """The oldest queued analysis no process holds, held and prepared; None if none is."""
    while (analysis_id := claims.next_queued()) is not None:
        started = _prepare(analysis_id)
        if started is not None:
            return started
        claims.release(analysis_id)  # done meanwhile, or nothing to analyse
    return None


def _run_line(first: _Started, claims: Claims | None) -> None:
    """Run ``first``; with ``claims``, go on down the queue (for
    ``ANALYSIS_CLAIM_AHEAD_SECONDS``): the moment gnubg is done with a match it is handed the
    next queued one no process holds, and the figures are stored while it works, so gnubg
    never waits for them to be stored, nor for Celery to hand over the next task."""
    line = collections.deque([_Slot(first)])
    until = time.monotonic() + settings.ANALYSIS_CLAIM_AHEAD_SECONDS
    try:
        while line:
            for slot in line:
                if slot.pending is None:
                    slot.pending = _submit(slot.started)
            head = line[0]
            if not head.marked:  # while gnubg works already
                _mark_running(head.started.analysis)
                head.marked = True
            pending, head.pending = head.pending, None
            assert pending is not None
            collected = _collect(pending)
            # gnubg is free: hand it the next match (the first one free gets it, as a queue
            # would), then store this one's figures while it works.
            following = None
            if claims is not None and len(line) == 1 and time.monotonic() < until:
                claimed = _claim_next(claims)
                if claimed is not None:
                    following = _Slot(claimed)
                    following.pending = _submit(claimed)
                    line.append(following)
            done = _finish(head, collected, following)
            line.popleft()
            if done:
                if claims is not None:
                    claims.release(head.started.analysis.pk)
                continue
            # To gnubg again, behind the matches still in its line (those lost with a gnubg
            # that was stopped go to it again too, in their order).
            for slot in line:
                if slot.pending is not None and slot.pending.lost():
                    _forget(slot.pending)
                    slot.pending = None
            line.append(head)
    except BaseException:
        for slot in line:  # the task fails (and is retried): gnubg's jobs are given up
            if slot.pending is not None:
                slot.pending.abandon()
        raise


def analysis_run(*, analysis_id: int, claim_ahead: bool = False) -> MatchAnalysis | None:
    """Run gnubg for a queued analysis (idempotent: the same moves analysed at the same level
    are left as they are). A failed run is tried again, up to ``ANALYSIS_ATTEMPTS`` times in
    all; then the analysis is failed with gnubg's reason. None when the analysis is gone
    (deleted, in the admin, while it waited).

    With ``claim_ahead`` (a real worker, on PostgreSQL), the worker holds the analysis
    (:mod:`analysis.claims`) and takes the following queued analyses too, each handed to gnubg
    before the one before is stored. When another process holds it already, the worker takes
    the queued ones no process holds meanwhile, then waits for it: done by then, or run here
    if its holder died."""
    if not (claim_ahead and claims_supported()):
        started = _prepare(analysis_id)
        if started is not None:
            _run_line(started, None)
        return _read(analysis_id)
    analysis = _read(analysis_id)
    if analysis is None or _prepared(analysis) is None:
        return analysis  # done already (by the worker that took it from the queue), or gone
    claims = Claims()
    try:
        own = claims.take(analysis_id)
        first = _prepare(analysis_id) if own else None
        if first is None:
            claims.release(analysis_id)
            first = _claim_next(claims)
        if first is not None:
            _run_line(first, claims)
        if not own:
            claims.wait_for(analysis_id)
            started = _prepare(analysis_id)
            if started is not None:
                _run_line(started, None)
    finally:
        claims.release_all()
    return _read(analysis_id)
