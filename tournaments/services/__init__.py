"""Writes for tournaments: lifecycle before the draw, registration and seeds, seasons.

Views, tasks and the API call these; each is a transaction and raises ``UserError`` with a
translated message when the rules do not allow what was asked. What touches matches (start
and draw, pairing, advancing, withdrawals, swaps) is in ``draw.services``.
"""

from tournaments.services.lifecycle import (
    stage_set_clock,
    tournament_create,
    tournament_lock,
    tournament_open_registration,
    tournament_update,
)
from tournaments.services.pairing_rules import pairing_rule_add, pairing_rule_remove
from tournaments.services.registration import (
    entries_add_guests,
    entries_set_seeds,
    entry_add,
    entry_add_guest,
    entry_approve,
    entry_check_in,
)
from tournaments.services.seasons import season_create, season_set_tournaments, season_update

__all__ = [
    "entries_add_guests",
    "entries_set_seeds",
    "entry_add",
    "entry_add_guest",
    "entry_approve",
    "entry_check_in",
    "pairing_rule_add",
    "pairing_rule_remove",
    "season_create",
    "season_set_tournaments",
    "season_update",
    "stage_set_clock",
    "tournament_create",
    "tournament_lock",
    "tournament_open_registration",
    "tournament_update",
]
