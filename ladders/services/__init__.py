"""Writes of ladders. Every change of the order is one history row that says why and keeps
the ladder as it left it: the previous row's ladder with the change applied by the pure core
(``ladders.core``), which refuses what the rules do not allow. Lock order: the club (its
pages), the ladder's row, then its tournament and match (``draw``, ``matches``)."""

from ladders.services.challenges import (
    challenge_accept,
    challenge_create,
    challenge_decline,
    challenge_match_corrected,
    challenge_match_finished,
    ladder_tick,
)
from ladders.services.membership import (
    ladder_create,
    ladder_join,
    ladder_leave,
    ladder_remove,
    ladder_update,
)

__all__ = [
    "challenge_accept",
    "challenge_create",
    "challenge_decline",
    "challenge_match_corrected",
    "challenge_match_finished",
    "ladder_create",
    "ladder_join",
    "ladder_leave",
    "ladder_remove",
    "ladder_tick",
    "ladder_update",
]
