"""Every write to a match result goes through here: referee forms, player reports, online
games, match files and the API alike. Each service raises its tournament's version first
(``matches.versions.match_change``: the tournament's row is locked before the match's), locks
the match row, validates with the engine's scoring code, writes in one transaction and tells
the tournament once committed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from backgammon.errors import ResultError
from backgammon.matchrules import MatchRules
from backgammon.scoring import GameResult, points_for, validate_final_score, validate_next_result
from config.errors import UserError
from config.logs import logged_service
from entries.models import Entry
from events.bus import emit
from events.types import ResultCorrected, ResultRecorded
from matches import reasons
from matches.messages import as_user_error
from matches.models import (
    OPEN_STATUSES,
    EndedBy,
    Game,
    Match,
    MatchOutcome,
    MatchReport,
    MatchStatus,
    ReportStatus,
    ResultSource,
    Side,
    WinKind,
)
from matches.rules import rules_for_match
from matches.versions import match_change


def match_lock(match: Match | int) -> Match:
    """The match row, locked until the transaction ends, with what result checks need."""
    pk = match.pk if isinstance(match, Match) else match
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__stage__tournament__club", "entry_a__player", "entry_b__player")
        .get(pk=pk)
    )


def check_version(match: Match, expected_version: int | None) -> None:
    """Refuse a write based on a state of the match that is no longer current."""
    if expected_version is not None and expected_version != match.version:
        raise UserError(
            _(
                "Someone else changed this match a moment ago. Here is its new state; check it "
                "and enter your result again if it is still needed."
            ),
            code="stale",
        )


def check_open(match: Match) -> None:
    if match.status == MatchStatus.FINISHED:
        raise UserError(
            _("The match is already over; a referee can correct its result."), code="match_over"
        )
    if match.status not in OPEN_STATUSES or match.entry_a_id is None or match.entry_b_id is None:
        raise UserError(_("This match cannot be played yet."), code="not_ready")


def on_the_board(match: Match) -> bool:
    """Whether play has started on the online board (its game is ``play``'s, found through
    the match)."""
    return Match.objects.filter(pk=match.pk, online_game__isnull=False).exists()


def check_not_on_the_board(match: Match, source: str) -> None:
    """While a match is being played on the online board, its games come from the board."""
    if source != ResultSource.ONLINE and on_the_board(match):
        raise UserError(
            _("This match is being played on the online board; its games are recorded from there."),
            code="online",
        )


def check_final_score(match: Match, score_a: int, score_b: int) -> None:
    """Refuse, in a referee's words, a final score the match's format cannot reach."""
    rules = rules_for_match(match)
    try:
        validate_final_score(rules, (score_a, score_b))
    except ResultError as error:
        raise as_user_error(error, rules) from error


def game_results(match: Match) -> list[GameResult]:
    return [
        GameResult(g.winner, WinKind(g.kind), g.cube, g.points, EndedBy(g.ended_by))
        for g in match.games.order_by("number")
    ]


def _finish(match: Match, winner: int, outcome: str) -> None:
    """Close the match; an open player report is superseded by this result."""
    MatchReport.objects.filter(
        match=match, status__in=[ReportStatus.PENDING, ReportStatus.DISPUTED]
    ).update(status=ReportStatus.REPLACED)
    match.status = MatchStatus.FINISHED
    match.outcome = outcome
    match.winner_id = match.entry_a_id if winner == Side.A else match.entry_b_id
    match.finished_at = timezone.now()
    emit(ResultRecorded(match_id=match.pk))


def _save(match: Match, *, user: Any, reason: str = "") -> None:
    match.version += 1
    if match.started_at is None:
        match.started_at = timezone.now()
    match._change_reason = reason  # django-simple-history's way to store why
    if user is not None and getattr(user, "is_authenticated", False):
        match._history_user = user
    # Every check of ``full_clean`` but the look-up of each foreign key, a query apiece: the
    # service read those rows itself, and the database checks them at the write.
    match.clean_fields(exclude=_RELATIONS)
    match.clean()
    match.validate_constraints()
    match.save()


#: A match's foreign keys.
_RELATIONS = [field.name for field in Match._meta.concrete_fields if field.is_relation]


def _validated(
    rules: MatchRules, previous: Sequence[GameResult], result: GameResult, start: tuple[int, int]
) -> Any:
    try:
        return validate_next_result(rules, previous, result, start)
    except ResultError as error:
        raise as_user_error(error, rules) from error


@logged_service("match_record_game", result_change=True)
@transaction.atomic
def match_record_game(
    *,
    match: Match | int,
    winner: int,
    kind: str = WinKind.SINGLE,
    cube: int = 1,
    ended_by: str = EndedBy.BEAROFF,
    user: Any = None,
    source: str = ResultSource.REFEREE,
    record: Any = None,
    expected_version: int | None = None,
    file_id: int | None = None,
    report_id: int | None = None,
) -> Game:
    """Record the next game of a match. The match ends when a side reaches its target.
    ``file_id`` and ``report_id`` name the match file and the player's report the game
    comes from: its history shows who uploaded, reported and confirmed it."""
    with match_change(match):
        match = match_lock(match)
        check_version(match, expected_version)
        check_open(match)
        check_not_on_the_board(match, source)
        rules = rules_for_match(match)
        try:
            result = GameResult(
                winner, WinKind(kind), cube, points_for(kind, cube, rules), ended_by
            )
        except (ResultError, ValueError) as error:
            if isinstance(error, ResultError):
                raise as_user_error(error, rules) from error
            raise UserError(_("Choose single game, gammon or backgammon."), field="kind") from error
        previous = game_results(match)
        progress = _validated(rules, previous, result, match.start_score)
        game = Game(
            match=match,
            number=len(previous) + 1,
            winner=result.winner,
            kind=result.kind,
            cube=result.cube,
            ended_by=result.ended_by,
            points=result.points,
            source=source,
            entered_by=user if getattr(user, "is_authenticated", False) else None,
            record=record,
        )
        game.full_clean()
        game.save()
        match.score_a, match.score_b = progress.score
        match.status = MatchStatus.PLAYING
        if progress.winner is not None:
            _finish(match, progress.winner, MatchOutcome.PLAYED)
        origin = {
            key: value
            for key, value in (("file", file_id), ("report", report_id))
            if value is not None
        }
        _save(
            match,
            user=user,
            reason=reasons.coded(reasons.GAME_ENTERED, number=game.number, **origin),
        )
        return game


def match_resume_at(*, match: Match, start: tuple[int, int], user: Any = None) -> None:
    """A match played elsewhere, resumed from a saved score (its earlier games not known):
    its games are recorded from ``start``. Called on a locked, open match without games,
    inside the transaction that records its games (a match file's import)."""
    rules = rules_for_match(match)
    if start != (0, 0) and (
        not rules.is_point_match or min(start) < 0 or max(start) >= rules.wins_needed
    ):
        raise UserError(
            _("A match cannot be resumed at %(a)d–%(b)d.") % {"a": start[0], "b": start[1]},
            code="resumed_score",
        )
    match.start_score_a, match.start_score_b = start
    match.score_a, match.score_b = start
    if start != (0, 0):
        match.status = MatchStatus.PLAYING
    _save(match, user=user, reason=reasons.coded(reasons.RESUMED, a=start[0], b=start[1]))


@logged_service("match_record_final_score", result_change=True)
@transaction.atomic
def match_record_final_score(
    *,
    match: Match | int,
    score_a: int,
    score_b: int,
    user: Any = None,
    source: str = ResultSource.REFEREE,
    expected_version: int | None = None,
    reason: str = "",
) -> Match:
    """Record only the final score (7–4, 2–1), for clubs that do not keep games. ``reason``
    (a code of ``matches.reasons``) says where it came from when not from ``user`` alone."""
    with match_change(match):
        match = match_lock(match)
        check_version(match, expected_version)
        check_open(match)
        check_not_on_the_board(match, source)
        if match.games.exists():
            raise UserError(
                _("Games of this match are already entered; enter the rest game by game."),
                code="games_entered",
            )
        check_final_score(match, score_a, score_b)
        match.score_a, match.score_b = score_a, score_b
        _finish(match, Side.A if score_a > score_b else Side.B, MatchOutcome.PLAYED)
        _save(match, user=user, reason=reason or reasons.FINAL_SCORE)
        return match


@logged_service("match_award_forfeit", result_change=True)
@transaction.atomic
def match_award_forfeit(
    *,
    match: Match | int,
    winner: Entry,
    user: Any = None,
    reason: str = "",
    expected_version: int | None = None,
) -> Match:
    """The opponent did not come or gave up the match: the winner goes through."""
    with match_change(match):
        match = match_lock(match)
        check_version(match, expected_version)
        check_open(match)
        if winner.pk not in (match.entry_a_id, match.entry_b_id):
            raise UserError(_("The winner must be one of the two players."), code="not_a_player")
        side = Side.A if winner.pk == match.entry_a_id else Side.B
        _finish(match, side, MatchOutcome.FORFEIT)
        _save(match, user=user, reason=reason or reasons.FORFEIT)
        return match


@logged_service("match_undo_forfeit", result_change=True)
@transaction.atomic
def match_undo_forfeit(*, match: Match | int, user: Any = None, reason: str = "") -> Match:
    """A forfeit that no longer holds (the withdrawal behind it was undone): the match is open
    again, with the games already played."""
    with match_change(match):
        match = match_lock(match)
        if match.status != MatchStatus.FINISHED or match.outcome != MatchOutcome.FORFEIT:
            raise UserError(_("This match was not forfeited."), code="not_forfeited")
        started = match.games.exists() or match.score_a or match.score_b
        match.status = MatchStatus.PLAYING if started else MatchStatus.READY
        match.outcome = ""
        match.winner = None
        match.finished_at = None
        _save(match, user=user, reason=reason)
        emit(ResultCorrected(match_id=match.pk))
        return match


@logged_service("match_set_online")
@transaction.atomic
def match_set_online(*, match: Match | int, online: bool, user: Any = None) -> Match:
    """Move a match to the online board or back to a table, before any game is played."""
    with match_change(match):
        match = match_lock(match)
        check_open(match)
        if match.games.exists() or on_the_board(match):
            raise UserError(
                _("Play has already started; the match stays where it is played."),
                code="started",
            )
        match.is_online = online
        _save(
            match,
            user=user,
            reason=reasons.MOVED_ONLINE if online else reasons.MOVED_TO_TABLE,
        )
        return match


@logged_service("match_record_time_forfeit", result_change=True)
@transaction.atomic
def match_record_time_forfeit(*, match: Match | int, loser: int, reason: str) -> Match:
    """The player on ``loser``'s side ran out of time on the online clock: the opponent
    reaches the match's target (the loser keeps his score) and the match is over."""
    with match_change(match):
        match = match_lock(match)
        check_open(match)
        winner = 1 - loser
        needed = rules_for_match(match).wins_needed
        if winner == Side.A:
            match.score_a = max(match.score_a, needed)
        else:
            match.score_b = max(match.score_b, needed)
        _finish(match, winner, MatchOutcome.FORFEIT)
        _save(match, user=None, reason=reason)
        return match


@logged_service("match_declare_score", result_change=True)
@transaction.atomic
def match_declare_score(
    *, match: Match | int, score_a: int, score_b: int, user: Any = None, reason: str
) -> Match:
    """The tournament director ends a match at a score the players agreed (whatever games
    are already recorded): a final score the match's format can reach."""
    with match_change(match):
        match = match_lock(match)
        check_open(match)
        check_final_score(match, score_a, score_b)
        match.score_a, match.score_b = score_a, score_b
        _finish(match, Side.A if score_a > score_b else Side.B, MatchOutcome.PLAYED)
        _save(match, user=user, reason=reason)
        return match
