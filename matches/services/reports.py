"""Players report their own results; the opponent or a referee confirms, or it is disputed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from backgammon.errors import ResultError
from backgammon.scoring import GameResult, MatchProgress, points_for, validate_results
from clubs.models import Player
from config.errors import UserError
from config.logs import logged_service
from events.bus import emit
from events.types import MatchFileAccepted, ResultDisputed, ResultReported
from matches import reasons
from matches.messages import as_user_error
from matches.models import (
    EndedBy,
    Match,
    MatchFile,
    MatchReport,
    ReportStatus,
    ResultSource,
    WinKind,
)
from matches.rules import rules_for_match
from matches.services.results import (
    check_final_score,
    check_open,
    game_results,
    match_lock,
    match_record_final_score,
    match_record_game,
    match_record_time_forfeit,
    match_resume_at,
)
from matches.versions import match_change


def _players(match: Match) -> tuple[int | None, int | None]:
    return (
        match.entry_a.player_id if match.entry_a else None,
        match.entry_b.player_id if match.entry_b else None,
    )


def _after_commit(event: type[ResultReported | ResultDisputed], report: MatchReport) -> None:
    """Tell the people concerned once the change is committed (whoever listens)."""
    emit(event(match_id=report.match_id, report_id=report.pk))


@logged_service("report_submit")
@transaction.atomic
def report_submit(
    *, match: Match | int, player: Player, score_a: int, score_b: int, note: str = ""
) -> MatchReport:
    """A player reports the final score of his own match. It counts once confirmed."""
    with match_change(match):
        return _submit(match_lock(match), player, score_a, score_b, note=note)


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
        results, progress = _validated_games(match, games, start)
        if not results or progress.winner is None:
            raise _incomplete(progress.score)
        score_a, score_b = progress.score
        return _submit(
            match, player, score_a, score_b, note=note, games=games, file=file, start=start
        )


def _validated_games(
    match: Match, games: Sequence[Mapping[str, Any]], start: tuple[int, int]
) -> tuple[list[GameResult], MatchProgress]:
    """The results of ``games`` and where they leave the match, in a referee's words when the
    match's format refuses them."""
    rules = rules_for_match(match)
    try:
        results = [
            GameResult(
                int(g["winner"]),
                WinKind(g["kind"]),
                int(g["cube"]),
                points_for(g["kind"], int(g["cube"]), rules),
                EndedBy(g["ended_by"]),
            )
            for g in games
        ]
        return results, validate_results(rules, results, start)
    except ResultError as error:
        raise as_user_error(error, rules) from error


def _incomplete(score: tuple[int, int]) -> UserError:
    return UserError(
        _("These games end at %(a)d–%(b)d, and the match is not over yet.")
        % {"a": score[0], "b": score[1]},
        code="incomplete",
    )


def _check_follows(match: Match, results: Sequence[GameResult]) -> None:
    """The games already recorded must be the record's first games (a recorder's or a
    referee's on the same clock); a referee who entered others has corrected the match."""
    recorded = [(game.winner, game.points) for game in game_results(match)]
    if recorded != [(game.winner, game.points) for game in results[: len(recorded)]]:
        raise UserError(
            _(
                "A referee has entered other games for this match than the clock's record; "
                "the referee decides its result."
            ),
            code="corrected",
        )


def _submit(
    match: Match,
    player: Player,
    score_a: int,
    score_b: int,
    *,
    note: str,
    games: Sequence[Mapping[str, Any]] = (),
    file: MatchFile | None = None,
    start: tuple[int, int] = (0, 0),
    from_clock: bool = False,
    lost_on_time: int | None = None,
) -> MatchReport:
    check_open(match)
    if player.pk not in _players(match):
        raise UserError(
            _("Only the players of this match can report its result."), code="not_a_player"
        )
    if match.games.exists() and not from_clock:
        raise UserError(
            _("A referee is entering this match game by game; ask the referee."),
            code="games_entered",
        )
    check_final_score(match, score_a, score_b)
    open_report = (
        MatchReport.objects.select_for_update()
        .filter(match=match, status__in=[ReportStatus.PENDING, ReportStatus.DISPUTED])
        .first()
    )
    if open_report is not None:
        if open_report.status == ReportStatus.DISPUTED:
            raise UserError(
                _("The result of this match is disputed; the referee decides."), code="disputed"
            )
        if open_report.reported_by_id != player.pk:
            raise UserError(
                _("Your opponent already reported %(a)d–%(b)d. Confirm or dispute it.")
                % {"a": open_report.score_a, "b": open_report.score_b},
                code="report_exists",
            )
        open_report.status = ReportStatus.REPLACED
        open_report.save(update_fields=["status", "updated_at"])
    report = MatchReport(
        match=match,
        reported_by=player,
        score_a=score_a,
        score_b=score_b,
        note=note,
        games=[dict(game) for game in games],
        file=file,
        start_score_a=start[0],
        start_score_b=start[1],
        from_clock=from_clock,
        lost_on_time=lost_on_time,
    )
    report.full_clean()
    report.save()
    _after_commit(ResultReported, report)
    return report


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
        if not as_referee and (by.pk == report.reported_by_id or by.pk not in _players(match)):
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
    _check_follows(match, _validated_games(match, games, match.start_score)[0])
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
        if by.pk == report.reported_by_id or by.pk not in _players(match):
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
        _after_commit(ResultDisputed, report)
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
