"""Writes of entries: sign-ups and the waiting list, entries in bulk, check-in by the players."""

from entries.services.bulk import entries_bulk_add, entries_bulk_plan
from entries.services.check_in import entry_self_check_in
from entries.services.signup import (
    entry_sign_up,
    entry_take_back,
    signup_rules_set,
    waiting_list_move_up,
)

__all__ = [
    "entries_bulk_add",
    "entries_bulk_plan",
    "entry_self_check_in",
    "entry_sign_up",
    "entry_take_back",
    "signup_rules_set",
    "waiting_list_move_up",
]
