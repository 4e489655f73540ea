"""Asking for analyses: one match, a whole round or tournament, or the tournament's setting
when a match ends. Each request is idempotent: an analysis of the same moves at the same
level that is done, queued or running is left alone."""

from __future__ import annotations

import logging
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from kombu.exceptions import OperationalError as KombuOperationalError

from analysis.claims import supported as claims_supported
from analysis.models import AnalysisLevel, AnalysisStatus, MatchAnalysis
from analysis.moves import digest, match_has_moves, moves_text
from analysis.runner import INSTALL_COMMAND, gnubg_available
from analysis.selectors import matches_with_moves
from analysis.tasks import analyse, analyse_many
from config.errors import UserError
from config.logs import logged_service
from matches.models import Game, Match
from matches.versions import match_change
from tournaments.models import Round, Tournament

logger = logging.getLogger("crawford.analysis")
#: What a broker that is down raises when a task is sent.
BROKER_ERRORS = (KombuOperationalError, ConnectionError, OSError)


def analysis_refusal(match: Match) -> str | None:
    """Why the match cannot be analysed now (translated), or None."""
    if not gnubg_available():
        return _(
            "GNU Backgammon is not installed on this server, so matches cannot be analysed. "
            "Install it with: %(command)s"
        ) % {"command": INSTALL_COMMAND}
    if not match_has_moves(match):
        return _("Only finished matches with every move recorded (online or a file) are analysed.")
    return None


def enqueue(analysis_id: int) -> None:
    """Hand an analysis to the queue; a broker that is down leaves it for the reconciler
    (analysis.repairs), it never fails the request that asked for it."""
    try:
        analyse.delay(analysis_id)
    except BROKER_ERRORS:
        logger.warning("analysis %s waits: the broker is unreachable", analysis_id)


def enqueue_many(analysis_ids: list[int]) -> None:
    """Hand several analyses to the queue in one task (it runs each, as its own task would)."""
    try:
        analyse_many.delay(analysis_ids)
    except BROKER_ERRORS:
        logger.warning("analyses %s wait: the broker is unreachable", analysis_ids)


def _enqueue(analysis_id: int) -> None:
    transaction.on_commit(lambda: enqueue(analysis_id))


class _Batch:
    """The tasks of a round's or tournament's analyses. Where a worker process goes on down
    the queue (:mod:`analysis.claims`), the first ``ANALYSIS_WORKER_PROCESSES`` analyses get
    a task each as soon as they are written, so that every worker process starts at once,
    and the rest one task in all when the request is over: each worker process takes the
    next queued analysis anyway, and a task per analysis would only cost each of them a
    message and a look. Elsewhere each analysis has a task of its own."""

    def __init__(self) -> None:
        together = settings.ANALYSIS_CLAIM_AHEAD_SECONDS > 0 and claims_supported()
        #: How many more analyses get a task of their own.
        processes = max(1, settings.ANALYSIS_WORKER_PROCESSES)
        self.alone = float(processes) if together else math.inf
        self.rest: list[int] = []

    def add(self, analysis_id: int) -> None:
        if self.alone > 0:
            self.alone -= 1
            _enqueue(analysis_id)
        else:
            self.rest.append(analysis_id)

    def send(self) -> None:
        if self.rest:
            rest, self.rest = self.rest, []
            transaction.on_commit(lambda: enqueue_many(rest))


def _queued(analysis: MatchAnalysis, match: Match, text: str) -> MatchAnalysis:
    """``analysis`` set to wait in the queue for ``text``, checked (not saved)."""
    analysis.status = AnalysisStatus.QUEUED
    analysis.attempts = 0
    analysis.failure = ""
    # The worker gives gnubg these moves without reading the match again.
    analysis.moves, analysis.moves_version = text, match.version
    # The one row of (match, plies) is looked up (or written at once) by the callers, its
    # match is at hand: only the fields to check.
    analysis.full_clean(exclude=["match"], validate_unique=False, validate_constraints=False)
    return analysis


def _insert(analysis: MatchAnalysis, match: Match) -> bool:
    """The new analysis written (one INSERT); False when another request wrote the row of
    its match and level meanwhile (nothing written)."""
    try:
        with transaction.atomic(), match_change(match):
            analysis.save(force_insert=True)
    except IntegrityError:
        return False
    return True


def _in_the_queue(analysis: MatchAnalysis) -> bool:
    return analysis.status in (AnalysisStatus.QUEUED, AnalysisStatus.RUNNING)


def _done_for(analysis: MatchAnalysis, text: str) -> bool:
    """Done for these moves already."""
    return analysis.status == AnalysisStatus.DONE and analysis.digest == digest(text)


def _request(
    match: Match,
    plies: int,
    games: Sequence[Game] | None = None,
    queue: Callable[[int], None] = _enqueue,
) -> MatchAnalysis:
    # Read first without a lock: an analysis asked for again mostly finds its row as it
    # should be, and changes nothing (no version raised).
    seen = MatchAnalysis.objects.filter(match=match, plies=plies).first()
    if seen is not None and _in_the_queue(seen):
        return seen
    text = moves_text(match, games)
    if seen is not None and _done_for(seen, text):
        return seen
    # Something to write: the tournament's row locked (its version raised), then the
    # analysis's, which may have changed meanwhile.
    with match_change(match):
        try:  # the one row of (match, plies), if any
            found = MatchAnalysis.objects.select_for_update().get(match=match, plies=plies)
        except MatchAnalysis.DoesNotExist:
            found = None
        if found is not None and (_in_the_queue(found) or _done_for(found, text)):
            return found
        if found is None:
            analysis = _queued(MatchAnalysis(match=match, plies=plies), match, text)
            if not _insert(analysis, match):
                return MatchAnalysis.objects.get(match=match, plies=plies)  # queued meanwhile
            queue(analysis.pk)
            return analysis
        _queued(found, match, text).save()
        queue(found.pk)
        return found


@logged_service("analysis_request")
@transaction.atomic
def analysis_request(*, match: Match | int, plies: int) -> MatchAnalysis:
    """Queue the analysis of a match at ``plies`` (0, 1 or 2); refused with the reason when
    gnubg is missing or the match has no complete move record."""
    if plies not in AnalysisLevel.values:
        raise UserError(_("Choose a level of analysis."), code="invalid_level", field="plies")
    match_obj = Match.objects.get(pk=match) if isinstance(match, int) else match
    refusal = analysis_refusal(match_obj)
    if refusal:
        raise UserError(refusal, code="not_analysable")
    return _request(match_obj, plies)


def analysis_request_many(*, matches: Iterable[Match], plies: int) -> Counter[str]:
    """Queue every analysable match of a round or tournament; counts what was queued and
    what was left out (``skipped``). Each match is queued in a transaction of its own, so
    the workers start on the first while the rest are being queued."""
    if plies not in AnalysisLevel.values:
        raise UserError(_("Choose a level of analysis."), code="invalid_level", field="plies")
    if not gnubg_available():
        raise UserError(analysis_refusal(Match()) or "", code="gnubg_missing")
    matches = list(matches)
    # The matches already analysed (or asked for) at this level, in one query: each of the
    # others is written with one INSERT in a transaction of its own.
    known = set(
        MatchAnalysis.objects.filter(match__in=matches, plies=plies).values_list(
            "match_id", flat=True
        )
    )
    counts: Counter[str] = Counter()
    batch = _Batch()
    try:
        for match in matches:
            games = list(match.games.all())  # prefetched by the round's and tournament's callers
            if not match_has_moves(match, games):
                counts["skipped"] += 1
                continue
            if match.pk not in known:
                text = moves_text(match, games)
                analysis = _queued(MatchAnalysis(match=match, plies=plies), match, text)
                if _insert(analysis, match):
                    batch.add(analysis.pk)
                    counts[str(analysis.status)] += 1
                    continue
            with transaction.atomic():  # it has a row (perhaps written meanwhile)
                counts[str(_request(match, plies, games, batch.add).status)] += 1
    finally:  # those written before a failure are analysed too
        batch.send()
    return counts


def analysis_request_round(*, round: Round, plies: int) -> Counter[str]:
    return analysis_request_many(
        matches=matches_with_moves(Match.objects.filter(round=round)), plies=plies
    )


def analysis_request_tournament(*, tournament: Tournament, plies: int) -> Counter[str]:
    return analysis_request_many(
        matches=matches_with_moves(Match.objects.filter(round__stage__tournament=tournament)),
        plies=plies,
    )


@transaction.atomic
def analysis_auto(*, match_id: int) -> MatchAnalysis | None:
    """The tournament's setting: analyse a match with moves at its level when it ends."""
    match = Match.objects.select_related("round__stage__tournament").filter(pk=match_id).first()
    if match is None:
        return None
    plies = match.round.stage.tournament.analysis_plies
    if plies is None or not gnubg_available() or not match_has_moves(match):
        return None
    return _request(match, plies)
