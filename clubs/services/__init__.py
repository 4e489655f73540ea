"""Writes for clubs: accounts, clubs and their members, requests to join and invitations,
API tokens."""

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
from clubs.services.membership import (
    club_invitation_accept,
    club_invite,
    club_invite_account,
    join_request_create,
    join_request_decide,
)
from clubs.services.tokens import api_token_create, api_token_revoke

__all__ = [
    "account_register",
    "api_token_create",
    "api_token_revoke",
    "club_add_guest",
    "club_add_member",
    "club_create",
    "club_invitation_accept",
    "club_invite",
    "club_invite_account",
    "club_update",
    "display_name",
    "join_request_create",
    "join_request_decide",
    "membership_remove",
    "membership_set_role",
    "player_for_user",
    "player_rename",
    "player_set_language",
]
