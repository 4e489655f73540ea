"""Players report their own results; the opponent or a referee confirms, or it is disputed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Player
from config.errors import UserError
from config.logs import logged_service
from events.bus import emit
from events.types import MatchFileAccepted, ResultDisputed
from matches import reasons
from matches.models import (
    Match,
    MatchFile,
    MatchReport,
    ReportStatus,
    ResultSource,
)
from matches.services.report_filing import (
    check_follows,
    incomplete_error,
    match_players,
    report_announce,
    report_file,
    validated_games,
)
from matches.services.results import (
    check_final_score,
    match_lock,
    match_record_final_score,
    match_record_game,
    match_record_time_forfeit,
    match_resume_at,
)
from matches.versions import match_change


@logged_service("report_submit")
@transaction.atomic
def report_submit(
    *, match: Match | int, player: Player, score_a: int, score_b: int, note: str = ""
) -> MatchReport:
    """A player reports the final score of his own match. It counts once confirmed."""
    with match_change(match):
        return report_file(match_lock(match), player, score_a, score_b, note=note)


@logged_service("report_submit_games")
@transaction.atomic
def report_submit_games(
    *,
    match: Match | int,
    player: Player,
    games: Sequence[Mapping[str, Any]],
    file: MatchFile | None = None,
    note: str = "",
    start: tuple[int, int] = (0, 0),
) -> MatchReport:
    """A player reports his own match game by game (a match file he uploaded: ``games`` with
    winner 0/1 = ``entry_a``/``entry_b``, kind, cube, ended_by and the move record). Like a
    reported score it counts once the opponent or a referee confirms it; the games must
    finish the match. ``start``: the score a match file resumed from (its earlier games are
    not in the file); the games count from there."""
    with match_change(match):
        match = match_lock(match)
        results, progress = validated_games(match, games, start)
        if not results or progress.winner is None:
            raise incomplete_error(progress.score)
        score_a, score_b = progress.score
        return report_file(
            match, player, score_a, score_b, note=note, games=games, file=file, start=start
        )


def _match_of(report: MatchReport | int) -> int:
    """The report's match (read without a lock: a report never moves to another match), to
    lock the tournament, then the match, then the report: the house's lock order."""
    if isinstance(report, MatchReport):
        return report.match_id
    return MatchReport.objects.values_list("match_id", flat=True).get(pk=report)


def _open_report(report: MatchReport | int) -> MatchReport:
    pk = report.pk if isinstance(report, MatchReport) else report
    report = MatchReport.objects.select_for_update().get(pk=pk)
    return report


@logged_service("report_confirm")
@transaction.atomic
def report_confirm(
    *, report: MatchReport | int, by: Player, as_referee: bool = False, user: Any = None
) -> Match:
    """The opponent (or a referee) confirms a report: the result is recorded. A report with
    a match file records its games with their moves and accepts the file (MatchFileAccepted),
    as a referee's upload does."""
    match_id = _match_of(report)
    with match_change(match_id):
        match = match_lock(match_id)
        report = _open_report(report)
        if report.status not in (ReportStatus.PENDING, ReportStatus.DISPUTED) or (
            report.status == ReportStatus.DISPUTED and not as_referee
        ):
            raise UserError(_("This report is no longer open."), code="report_closed")
        if not as_referee and (by.pk == report.reported_by_id or by.pk not in match_players(match)):
            raise UserError(
                _("Only the opponent or a referee can confirm a reported result."),
                code="not_opponent",
            )
        report.status = ReportStatus.CONFIRMED
        report.decided_by = by
        report.decided_at = timezone.now()
        report.save(update_fields=["status", "decided_by", "decided_at", "updated_at"])
        if report.from_clock:
            return _record_from_clock(match, report, user)
        if report.games:
            if (report.start_score_a, report.start_score_b) != (0, 0):
                match_resume_at(
                    match=match, start=(report.start_score_a, report.start_score_b), user=user
                )
            _record_games(match, report, report.games, user, ResultSource.FILE)
            match.refresh_from_db()
            if report.file_id is not None:
                # The player's file is now accepted, as a referee's upload is at once.
                emit(MatchFileAccepted(match_id=match.pk, file_id=report.file_id))
            return match
        return match_record_final_score(
            match=match,
            score_a=report.score_a,
            score_b=report.score_b,
            user=user,
            source=ResultSource.PLAYER,
            reason=reasons.coded(reasons.REPORT_CONFIRMED, report=report.pk),
        )


def _record_games(
    match: Match, report: MatchReport, games: Sequence[Mapping[str, Any]], user: Any, source: str
) -> None:
    """The report's games, recorded in order with their moves, each naming the report (and
    its file, if it came with one)."""
    for game in games:
        match_record_game(
            match=match.pk,
            winner=game["winner"],
            kind=game["kind"],
            cube=game["cube"],
            ended_by=game["ended_by"],
            user=user,
            source=source,
            record=game.get("record"),
            file_id=report.file_id,
            report_id=report.pk,
        )


def _record_from_clock(match: Match, report: MatchReport, user: Any) -> Match:
    """The confirmed record of the clock: its games not yet recorded, with their moves (so
    the match is analysed), then the loss on time if the match ended so."""
    games = report.games
    check_follows(match, validated_games(match, games, match.start_score)[0])
    _record_games(match, report, games[match.games.count() :], user, ResultSource.RECORDED)
    if report.lost_on_time is not None:
        entry = match.entry_a if report.lost_on_time == 0 else match.entry_b
        match_record_time_forfeit(
            match=match.pk,
            loser=report.lost_on_time,
            reason=reasons.coded(
                reasons.TIME_FORFEIT, name=entry.player.name if entry is not None else "?"
            ),
        )
    match.refresh_from_db()
    return match


@logged_service("report_dispute")
@transaction.atomic
def report_dispute(
    *,
    report: MatchReport | int,
    by: Player,
    note: str = "",
    score_a: int | None = None,
    score_b: int | None = None,
) -> MatchReport:
    """The opponent says the reported result is wrong, with his own note and, if he gives
    it, the score he says is right: the match waits for the referee."""
    match_id = _match_of(report)
    with match_change(match_id):
        match = match_lock(match_id)
        report = _open_report(report)
        if report.status != ReportStatus.PENDING:
            raise UserError(_("This report is no longer open."), code="report_closed")
        if by.pk == report.reported_by_id or by.pk not in match_players(match):
            raise UserError(
                _("Only the opponent can dispute a reported result."), code="not_opponent"
            )
        if (score_a is None) != (score_b is None):
            raise UserError(
                _("Enter both scores of the result you say is right, or neither."),
                code="score",
                field="score_a",
            )
        if score_a is not None and score_b is not None:
            check_final_score(match, score_a, score_b)
        report.status = ReportStatus.DISPUTED
        report.decided_by = by
        report.decided_at = timezone.now()
        report.dispute_note = note
        report.dispute_score_a, report.dispute_score_b = score_a, score_b
        report.full_clean()
        report.save()
        report_announce(ResultDisputed, report)
        return report


@logged_service("report_uphold_dispute")
@transaction.atomic
def report_uphold_dispute(*, report: MatchReport | int, user: Any = None) -> Match:
    """A referee decides a dispute for the opponent: the score the opponent gave counts (the
    report is replaced by the referee's decision)."""
    match_id = _match_of(report)
    with match_change(match_id):
        match = match_lock(match_id)
        report = _open_report(report)
        if report.status != ReportStatus.DISPUTED:
            raise UserError(_("This report is no longer open."), code="report_closed")
        if not report.has_counter_score:
            raise UserError(
                _("The opponent gave no score of his own; enter the result instead."),
                code="no_counter_score",
            )
        assert report.dispute_score_a is not None and report.dispute_score_b is not None
        return match_record_final_score(
            match=match,
            score_a=report.dispute_score_a,
            score_b=report.dispute_score_b,
            user=user,
            reason=reasons.coded(reasons.DISPUTE_DECIDED, report=report.pk),
        )
