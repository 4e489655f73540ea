"""Writes for clubs: accounts, clubs and their members, API tokens."""

from clubs.services.clubs import (
    account_register,
    club_add_guest,
    club_add_member,
    club_create,
    club_update,
    display_name,
    membership_remove,
    membership_set_role,
    player_for_user,
    player_rename,
    player_set_language,
)
from clubs.services.tokens import api_token_create, api_token_revoke

__all__ = [
    "account_register",
    "api_token_create",
    "api_token_revoke",
    "club_add_guest",
    "club_add_member",
    "club_create",
    "club_update",
    "display_name",
    "membership_remove",
    "membership_set_role",
    "player_for_user",
    "player_rename",
    "player_set_language",
]
