"""The API's views."""

from api.views.base import (
    ERRORS,
    ApiView,
    MatchDetail,
    MatchResult,
    RoundList,
    StandingList,
    TournamentDetail,
    TournamentList,
    TournamentMatchList,
)

__all__ = [
    "ERRORS",
    "ApiView",
    "MatchDetail",
    "MatchResult",
    "RoundList",
    "StandingList",
    "TournamentDetail",
    "TournamentList",
    "TournamentMatchList",
]
