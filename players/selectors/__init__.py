"""Reads for the club's players, player profiles, head-to-head pages and the dashboard."""

from players.selectors.profile import (
    NAME_MATCHES,
    Dashboard,
    HeadToHead,
    PlayerProfile,
    club_player,
    club_player_names,
    club_players,
    club_players_named,
    cube_stats,
    dashboard_for,
    head_to_head,
    player_profile,
)

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
