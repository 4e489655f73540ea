"""Tournaments, the players entered in them, their stages and rounds."""

from tournaments.models.entries import (
    HOLDING_A_PLACE,
    OUT_OF_THE_FIELD,
    Entry,
    EntryStatus,
    PairingRule,
    PairingRuleKind,
    PairingRuleReason,
)
from tournaments.models.seasons import Season
from tournaments.models.stages import ClockKind, Round, RoundStatus, Stage, StageKind
from tournaments.models.tournament import (
    CUBE_LIMITS,
    DEFAULT_CUBE_LIMIT,
    MatchFormat,
    RefereeScope,
    Seeding,
    Spectators,
    StartingRule,
    Tournament,
    TournamentFormat,
    TournamentKind,
    TournamentStatus,
    epoch_microseconds,
    page_version,
)

__all__ = [
    "CUBE_LIMITS",
    "DEFAULT_CUBE_LIMIT",
    "HOLDING_A_PLACE",
    "OUT_OF_THE_FIELD",
    "ClockKind",
    "Entry",
    "EntryStatus",
    "MatchFormat",
    "PairingRule",
    "PairingRuleKind",
    "PairingRuleReason",
    "RefereeScope",
    "Round",
    "RoundStatus",
    "Season",
    "Seeding",
    "Spectators",
    "Stage",
    "StageKind",
    "StartingRule",
    "Tournament",
    "TournamentFormat",
    "TournamentKind",
    "TournamentStatus",
    "epoch_microseconds",
    "page_version",
]
