"""A player's record of his own match, entered on the clock beside the board, as a report:
the opponent or a referee confirms it, as any report."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from clubs.models import Player
from config.logs import logged_service
from matches.models import Match, MatchReport
from matches.rules import rules_for_match
from matches.services.report_filing import (
    check_follows,
    incomplete_error,
    report_file,
    validated_games,
)
from matches.services.results import check_open, match_lock
from matches.versions import match_change


@logged_service("report_submit_recorded")
@transaction.atomic
def report_submit_recorded(
    *,
    match: Match | int,
    player: Player,
    games: Sequence[Mapping[str, Any]],
    lost_on_time: int | None = None,
) -> MatchReport:
    """A player's record of his own match, entered on the clock beside the board: ``games``
    is every game of the record (as ``report_submit_games`` takes them), ``lost_on_time``
    the side whose reserve ran out when the match ended so. Like any report it counts once
    the opponent or a referee confirms it. Games a recorder or referee recorded from the same
    record before stay; a match whose games differ from the record's is refused."""
    with match_change(match):
        match = match_lock(match)
        check_open(match)
        results, progress = validated_games(match, games, match.start_score)
        check_follows(match, results)
        score = list(progress.score)
        if lost_on_time is not None:
            winner = 1 - lost_on_time
            score[winner] = max(score[winner], rules_for_match(match).wins_needed)
        elif progress.winner is None:
            raise incomplete_error(progress.score)
        return report_file(
            match,
            player,
            score[0],
            score[1],
            note="",
            games=games,
            from_clock=True,
            lost_on_time=lost_on_time,
        )
