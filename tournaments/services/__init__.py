"""Writes for tournaments: lifecycle before the draw, seasons.

Views, tasks and the API call these; each is a transaction and raises ``UserError`` with a
translated message when the rules do not allow what was asked. Who plays (entries, seeds, pairing
rules, withdrawals) is in ``entries.services``; what touches matches (start and draw, pairing,
advancing, swaps) is in ``draw.services``.
"""

from tournaments.services.lifecycle import (
    stage_set_clock,
    tournament_create,
    tournament_lock,
    tournament_open_registration,
    tournament_update,
)
from tournaments.services.seasons import season_create, season_set_tournaments, season_update

__all__ = [
    "season_create",
    "season_set_tournaments",
    "season_update",
    "stage_set_clock",
    "tournament_create",
    "tournament_lock",
    "tournament_open_registration",
    "tournament_update",
]
