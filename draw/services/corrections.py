"""Corrections as the tournament sees them: the tournament locked first, the result corrected
in ``matches``, then the bracket re-routed in the same transaction, or everything refused.

A correction that changes who played a later match that has started or finished is refused,
naming that match; with ``reopen_later`` (the organizer's explicit choice) such matches are
voided and re-opened for their new players instead, which their history shows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from draw.brackets import bracket_sync
from draw.services.advance import reopen_rounds
from matches import services as match_services
from matches.models import Match, MatchStatus
from matches.versions import match_change
from tournaments.formats import is_bracket
from tournaments.services import tournament_lock


def _corrected(match: Match | int, correct: Any, *, reopen: bool, **fields: Any) -> Match:
    pk = match.pk if isinstance(match, Match) else match
    tournament = Match.objects.select_related("round__stage__tournament").get(pk=pk)
    tournament = tournament_lock(tournament.round.stage.tournament)
    old_winner, old_status = Match.objects.values_list("winner_id", "status").get(pk=pk)
    corrected: Match = correct(match=pk, **fields)
    was_finished = old_status == MatchStatus.FINISHED
    if is_bracket(tournament) and (old_winner != corrected.winner_id or not was_finished):
        # Refuses (UserError, rolling everything back) a change to who played a later match
        # that has started, unless the organizer chose to void and re-open such matches.
        complete = bracket_sync(
            tournament, reopen=reopen, user=fields.get("user"), reason=fields["reason"]
        )
        if not complete:
            reopen_rounds(tournament)
    return corrected


@transaction.atomic
def tournament_correct_games(
    *,
    match: Match | int,
    games: Sequence[Mapping[str, Any]],
    reason: str,
    user: Any = None,
    expected_version: int | None = None,
    reopen_later: bool = False,
) -> Match:
    """Edit the games of a tournament's match (``matches.services.match_correct_games``) with
    the tournament locked first and its bracket re-routed after, in one transaction."""
    with match_change(match):
        return _corrected(
            match,
            match_services.match_correct_games,
            games=games,
            reason=reason,
            user=user,
            expected_version=expected_version,
            reopen=reopen_later,
        )


@transaction.atomic
def tournament_correct_final_score(
    *,
    match: Match | int,
    score_a: int,
    score_b: int,
    reason: str,
    user: Any = None,
    expected_version: int | None = None,
    reopen_later: bool = False,
    replace_games: bool = False,
) -> Match:
    """Replace the result of a tournament's match by a final score
    (``matches.services.match_correct_final_score``) with the tournament locked first and its
    bracket re-routed after, in one transaction."""
    with match_change(match):
        return _corrected(
            match,
            match_services.match_correct_final_score,
            score_a=score_a,
            score_b=score_b,
            reason=reason,
            user=user,
            expected_version=expected_version,
            replace_games=replace_games,
            reopen=reopen_later,
        )
