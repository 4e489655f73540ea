"""Writes for tournaments: lifecycle, registration, the draw and bracket advancement.

Views, tasks and the API call these; each is a transaction and raises ``UserError`` with a
translated message when the rules do not allow what was asked.
"""

from tournaments.services.draw import (
    round_pair,
    round_repair,
    tournament_advance,
    tournament_pair_next_round,
)
from tournaments.services.lifecycle import (
    round_update,
    tournament_create,
    tournament_open_registration,
    tournament_start,
    tournament_update,
)
from tournaments.services.registration import (
    entries_set_seeds,
    entry_add,
    entry_add_guest,
    entry_approve,
    entry_check_in,
    entry_register,
    entry_withdraw,
    match_swap_players,
)

__all__ = [
    "entries_set_seeds",
    "entry_add",
    "entry_add_guest",
    "entry_approve",
    "entry_check_in",
    "entry_register",
    "entry_withdraw",
    "match_swap_players",
    "round_pair",
    "round_repair",
    "round_update",
    "tournament_advance",
    "tournament_create",
    "tournament_open_registration",
    "tournament_pair_next_round",
    "tournament_start",
    "tournament_update",
]
