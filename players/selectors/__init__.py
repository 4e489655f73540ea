"""Reads for the club's players, player profiles, head-to-head pages and the dashboard.

Each read is a fixed number of queries, however many matches a player has.
"""

from players.selectors.dashboard import Dashboard, dashboard_for
from players.selectors.head_to_head import HeadToHead, head_to_head
from players.selectors.members import (
    NAME_MATCHES,
    club_player,
    club_player_names,
    club_players,
    club_players_named,
)
from players.selectors.profile import PlayerProfile, cube_stats, player_profile

__all__ = [
    "NAME_MATCHES",
    "Dashboard",
    "HeadToHead",
    "PlayerProfile",
    "club_player",
    "club_player_names",
    "club_players",
    "club_players_named",
    "cube_stats",
    "dashboard_for",
    "head_to_head",
    "player_profile",
]
