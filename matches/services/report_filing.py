"""A player's report filed: the games checked against the match's format and what the match
already holds, and the report written. The reports a player submits by hand, from a match file
or from the clock beside the board are all filed here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from backgammon.errors import ResultError
from backgammon.scoring import GameResult, MatchProgress, points_for, validate_results
from clubs.models import Player
from config.errors import UserError
from events.bus import emit
from events.types import ResultDisputed, ResultReported
from matches.messages import as_user_error
from matches.models import EndedBy, Match, MatchFile, MatchReport, ReportStatus, WinKind
from matches.rules import rules_for_match
from matches.services.results import check_final_score, check_open, game_results


def match_players(match: Match) -> tuple[int | None, int | None]:
    """The players of the match's two sides (None for a side not yet drawn)."""
    return (
        match.entry_a.player_id if match.entry_a else None,
        match.entry_b.player_id if match.entry_b else None,
    )


def report_announce(event: type[ResultReported | ResultDisputed], report: MatchReport) -> None:
    """Tell the people concerned once the change is committed (whoever listens)."""
    emit(event(match_id=report.match_id, report_id=report.pk))


def validated_games(
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


def incomplete_error(score: tuple[int, int]) -> UserError:
    """A record that stops before the match is over."""
    return UserError(
        _("These games end at %(a)d–%(b)d, and the match is not over yet.")
        % {"a": score[0], "b": score[1]},
        code="incomplete",
    )


def check_follows(match: Match, results: Sequence[GameResult]) -> None:
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


def report_file(
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
    """Files a player's report of his own match (the match locked by the caller): it
    replaces his own open report, and refuses while the opponent's waits or a dispute does."""
    check_open(match)
    if player.pk not in match_players(match):
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
    report_announce(ResultReported, report)
    return report
