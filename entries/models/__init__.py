"""The players entered in tournaments, the pairing rules between two of them, and the rules of
a tournament's sign-up."""

from entries.models.entries import (
    HOLDING_A_PLACE,
    OUT_OF_THE_FIELD,
    Entry,
    EntryStatus,
    PairingRule,
    PairingRuleKind,
    PairingRuleReason,
)
from entries.models.signup import SignupRules

__all__ = [
    "HOLDING_A_PLACE",
    "OUT_OF_THE_FIELD",
    "Entry",
    "EntryStatus",
    "PairingRule",
    "PairingRuleKind",
    "PairingRuleReason",
    "SignupRules",
]
