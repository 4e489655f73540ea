"""Corrections (Regel 20): a referee or organizer changes a recorded result, with a reason.

A correction edits the games (a final score replaces them only when the referee says so); the
old games stay in the history tables (django-simple-history) with who, when and why, so
every change can be read back on the match page. When the winner changes in a bracket, the
bracket is re-routed in the same transaction — or the correction is refused if a later match
that the change would affect has already started.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from backgammon.errors import ResultError
from backgammon.scoring import GameResult, points_for, validate_results
from config.errors import UserError
from config.logs import logged_service
from events.bus import emit
from events.types import ResultCorrected
from matches.messages import as_user_error
from matches.models import Game, Match, MatchOutcome, MatchStatus, ResultSource, Side
from matches.rules import rules_for_match
from matches.selectors.lateness import late_penalties
from matches.services.results import (
    check_final_score,
    check_not_on_the_board,
    check_version,
    match_lock,
)
from matches.versions import match_change


def _start(match: Match | int, reason: str, expected_version: int | None) -> Match:
    if not reason.strip():
        raise UserError(_("Say why the result is corrected."), code="reason", field="reason")
    pk = match.pk if isinstance(match, Match) else match
    # The tournament is locked first (its version raised by the caller's ``match_change``),
    # then the match: the house's lock order.
    match = match_lock(pk)
    check_version(match, expected_version)
    if match.status == MatchStatus.PLAYING:
        check_not_on_the_board(match, ResultSource.REFEREE)
    if match.status not in (MatchStatus.FINISHED, MatchStatus.PLAYING) or match.outcome in (
        MatchOutcome.BYE,
        MatchOutcome.FORFEIT,
    ):
        raise UserError(_("Only a played result can be corrected."), code="not_correctable")
    return match


def _finish(match: Match, winner: int | None, *, user: Any, reason: str) -> Match:
    was_finished = match.status == MatchStatus.FINISHED
    if winner is None:
        if was_finished:
            raise UserError(_("The corrected games must finish the match."), code="unfinished")
        match.status = MatchStatus.PLAYING
    else:
        match.status = MatchStatus.FINISHED
        match.outcome = MatchOutcome.PLAYED
        match.winner_id = match.entry_a_id if winner == Side.A else match.entry_b_id
        if match.finished_at is None:
            match.finished_at = timezone.now()
    match.version += 1
    match._change_reason = reason
    if getattr(user, "is_authenticated", False):
        match._history_user = user
    match.full_clean()
    match.save()
    emit(ResultCorrected(match_id=match.pk))
    return match


def _edit_games(match: Match, results: Sequence[GameResult], *, user: Any, reason: str) -> None:
    """Make the match's games say ``results``: a game that stays as it was keeps its row (and
    its move record), a changed game is edited, games no longer there are deleted. Every
    change leaves a history row with who and why."""
    entered_by = user if getattr(user, "is_authenticated", False) else None
    existing = {game.number: game for game in match.games.all()}

    def stamp(game: Game) -> None:
        game._change_reason = reason
        if entered_by is not None:
            game._history_user = entered_by

    for number in sorted(set(existing) - set(range(1, len(results) + 1)), reverse=True):
        game = existing[number]
        stamp(game)
        game.delete()
    for number, result in enumerate(results, start=1):
        fields = {
            "winner": result.winner,
            "kind": result.kind,
            "cube": result.cube,
            "ended_by": result.ended_by,
            "points": result.points,
        }
        game = existing.get(number) or Game(match=match, number=number)
        if game.pk is not None and all(getattr(game, k) == v for k, v in fields.items()):
            continue  # unchanged: keeps its source and move record
        for name, value in fields.items():
            setattr(game, name, value)
        game.source = ResultSource.REFEREE
        game.entered_by = entered_by
        game.record = None  # the moves no longer lead to this result
        stamp(game)
        game.full_clean()
        game.save()


@logged_service("match_correct_games", result_change=True)
@transaction.atomic
def match_correct_games(
    *,
    match: Match | int,
    games: Sequence[Mapping[str, Any]],
    reason: str,
    user: Any = None,
    expected_version: int | None = None,
) -> Match:
    """Replace the games of a match by ``games`` (each: winner 0/1, kind, cube, ended_by)."""
    with match_change(match):
        match = _start(match, reason, expected_version)
        rules = rules_for_match(match)
        try:
            results = [
                GameResult(
                    int(g["winner"]),
                    g.get("kind", "single"),
                    int(g.get("cube", 1)),
                    points_for(g.get("kind", "single"), int(g.get("cube", 1)), rules),
                    g.get("ended_by", "bearoff"),
                )
                for g in games
            ]
            progress = validate_results(rules, results, match.start_score)
        except ResultError as error:
            raise as_user_error(error, rules) from error
        except (KeyError, TypeError, ValueError) as error:
            raise UserError(
                _("Every game needs a winner, a kind and a cube."), code="bad_games"
            ) from error
        if not results:
            raise UserError(_("Enter at least one game."), code="no_games")
        _edit_games(match, results, user=user, reason=reason)
        match.score_a, match.score_b = progress.score
        return _finish(match, progress.winner, user=user, reason=reason)


@logged_service("match_correct_final_score", result_change=True)
@transaction.atomic
def match_correct_final_score(
    *,
    match: Match | int,
    score_a: int,
    score_b: int,
    reason: str,
    user: Any = None,
    expected_version: int | None = None,
    replace_games: bool = False,
) -> Match:
    """Replace the result by a final score only. A match kept game by game keeps its games
    unless the referee says the final score replaces them (``replace_games``); the games
    then go to the history."""
    with match_change(match):
        match = _start(match, reason, expected_version)
        check_final_score(match, score_a, score_b)
        if match.games.exists() and not replace_games:
            raise UserError(
                _(
                    "This match is kept game by game: correct its games, or say that the final "
                    "score replaces them."
                ),
                code="has_games",
            )
        # The final score stands for the whole match: no games, so nothing resumed; a late
        # player's confirmed penalty still counts in it.
        start = late_penalties(match)
        if score_a < start[0] or score_b < start[1]:
            raise UserError(
                _(
                    "The match started at %(a)d–%(b)d with a late penalty; the score cannot be "
                    "lower."
                )
                % {"a": start[0], "b": start[1]},
                code="below_late_penalty",
                field="score_a",
            )
        _edit_games(match, [], user=user, reason=reason)
        match.start_score_a, match.start_score_b = start
        match.score_a, match.score_b = score_a, score_b
        return _finish(match, Side.A if score_a > score_b else Side.B, user=user, reason=reason)
