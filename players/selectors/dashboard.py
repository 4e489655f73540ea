"""A user's dashboard: his clubs, his tournaments and every match he has open."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clubs import selectors as clubs_selectors
from clubs.models import Membership, Player
from clubs.selectors import pending_join_requests_of
from control.selectors import Digest, director_digests
from entries.selectors import entries_of_player
from matches.selectors import open_matches_for


@dataclass(frozen=True)
class Dashboard:
    player: Player | None
    memberships: list[Membership]
    entries: list[Any]
    open_matches: list[Any]
    #: Requests to join a club no organizer has answered yet.
    join_requests: list[Any] = field(default_factory=list)
    #: For each club he organizes or referees: what waits for him there tonight.
    directing: list[Digest] = field(default_factory=list)


def dashboard_for(user: Any) -> Dashboard:
    """My clubs, my tournaments, every match I have open, and what waits for me at the
    clubs I run."""
    player = clubs_selectors.player_of(user)
    if player is None:
        return Dashboard(player=None, memberships=[], entries=[], open_matches=[])
    memberships = list(
        Membership.objects.filter(player=player).select_related("club").order_by("club__name")
    )
    return Dashboard(
        player=player,
        memberships=memberships,
        entries=list(entries_of_player(player)),
        open_matches=open_matches_for(player),
        join_requests=pending_join_requests_of(player),
        directing=[d for d in director_digests(memberships) if d.matches],
    )
