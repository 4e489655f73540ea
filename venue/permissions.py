"""Who runs the venue: the club's organizers and referees call, move and take back calls
and keep the tables; everybody who may see the club sees the venue display."""

from __future__ import annotations

from typing import Any

from clubs import permissions
from clubs.models import Club, Role


def can_direct(user: Any, club: Club) -> bool:
    if getattr(user, "is_superuser", False):
        return True
    return permissions.club_role(user, club) in (Role.ORGANIZER, Role.REFEREE)


def can_keep_tables(user: Any, club: Club) -> bool:
    return permissions.can_manage_club(user, club)
