"""Tournaments, their seasons, stages and rounds (the players entered: ``entries``)."""

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
    "ClockKind",
    "MatchFormat",
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
