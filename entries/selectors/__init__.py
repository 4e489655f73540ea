"""Reads of entries: the sign-up's rules and state, the lists, the waiting list."""

from entries.selectors.lists import (
    SignupState,
    entry_list,
    rules_warnings,
    signup_state,
    waiting_names,
    waiting_position,
    waiting_positions,
)
from entries.selectors.signup import (
    SignupField,
    check_in_closed_reason,
    check_in_hours,
    default_rules,
    local_moment,
    next_waiting_number,
    places_taken,
    rules_from_row,
    rules_of,
    signup_closed_reason,
    signup_field,
    waiting_entries,
)

__all__ = [
    "SignupField",
    "SignupState",
    "check_in_closed_reason",
    "check_in_hours",
    "default_rules",
    "entry_list",
    "local_moment",
    "next_waiting_number",
    "places_taken",
    "rules_from_row",
    "rules_of",
    "rules_warnings",
    "signup_closed_reason",
    "signup_field",
    "signup_state",
    "waiting_entries",
    "waiting_names",
    "waiting_position",
    "waiting_positions",
]
