"""Writes of entries: sign-ups and the waiting list, entries in bulk, check-in by the players,
requests to join a club and invitations."""

from entries.services.signup import (
    entry_sign_up,
    entry_take_back,
    signup_rules_set,
    waiting_list_move_up,
)

__all__ = [
    "entry_sign_up",
    "entry_take_back",
    "signup_rules_set",
    "waiting_list_move_up",
]
