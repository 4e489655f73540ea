"""Matches and the games they are made of.

The models live in the modules of this package by concern; Django and every caller find them
here, in ``matches.models``.
"""

# isort: off
# Imported in the order the models were declared in one module: Django registers them in
# import order (the app's model list, its content types, the order of a deletion's cascade).
from matches.models.match import (
    OPEN_STATUSES,
    UNDECIDED_STATUSES,
    Match,
    MatchOutcome,
    MatchQuerySet,
    MatchStatus,
    Slot,
)
from matches.models.games import CUBE_VALUES, EndedBy, Game, ResultSource, Side, WinKind
from matches.models.reports import MatchReport, ReportStatus
from matches.models.files import MatchFile

# isort: on

__all__ = [
    "CUBE_VALUES",
    "OPEN_STATUSES",
    "UNDECIDED_STATUSES",
    "EndedBy",
    "Game",
    "Match",
    "MatchFile",
    "MatchOutcome",
    "MatchQuerySet",
    "MatchReport",
    "MatchStatus",
    "ReportStatus",
    "ResultSource",
    "Side",
    "Slot",
    "WinKind",
]
