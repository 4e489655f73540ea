"""The draw: everything that makes, moves or re-routes matches of a tournament.

Each service locks the tournament first (raising its version, ``tournaments.versions``), then
its matches, calls down into ``matches`` and syncs the bracket; it refuses (``UserError``) on
a conflict and changes nothing then.
"""

from draw.services.advance import tournament_advance, tournament_pair_next_round
from draw.services.challenges import challenge_match_create
from draw.services.corrections import tournament_correct_final_score, tournament_correct_games
from draw.services.entries import (
    LateStart,
    entry_add_late,
    entry_cancel_bye,
    entry_request_bye,
    match_swap_players,
)
from draw.services.review import round_draft_swap, round_publish
from draw.services.round_changes import round_repair, round_update
from draw.services.rounds import round_pair
from draw.services.start import tournament_start

__all__ = [
    "LateStart",
    "challenge_match_create",
    "entry_add_late",
    "entry_cancel_bye",
    "entry_request_bye",
    "match_swap_players",
    "round_draft_swap",
    "round_pair",
    "round_publish",
    "round_repair",
    "round_update",
    "tournament_advance",
    "tournament_correct_final_score",
    "tournament_correct_games",
    "tournament_pair_next_round",
    "tournament_start",
]
