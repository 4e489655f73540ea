"""Writes of entries: the organizer's entries, approval, check-in and seeds, pairing rules,
withdrawals, sign-ups and the waiting list, entries in bulk, check-in by the players."""

from entries.services.bulk import entries_bulk_add, entries_bulk_plan
from entries.services.check_in import entry_self_check_in
from entries.services.pairing_rules import pairing_rule_add, pairing_rule_remove
from entries.services.registration import (
    entries_add_guests,
    entries_set_seeds,
    entry_add,
    entry_add_guest,
    entry_approve,
    entry_check_in,
)
from entries.services.signup import (
    entry_sign_up,
    entry_take_back,
    signup_rules_set,
    waiting_list_move_up,
)
from entries.services.withdrawals import entry_reinstate, entry_withdraw

__all__ = [
    "entries_add_guests",
    "entries_bulk_add",
    "entries_bulk_plan",
    "entries_set_seeds",
    "entry_add",
    "entry_add_guest",
    "entry_approve",
    "entry_check_in",
    "entry_reinstate",
    "entry_self_check_in",
    "entry_sign_up",
    "entry_take_back",
    "entry_withdraw",
    "pairing_rule_add",
    "pairing_rule_remove",
    "signup_rules_set",
    "waiting_list_move_up",
]
