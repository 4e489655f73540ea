"""Reads for matches."""

from __future__ import annotations

from django.db.models import Q

from clubs.models import Player
from matches.models import Match, MatchStatus


def next_match_for(player: Player) -> Match | None:
    """The player's next match that can be played (or is being played), oldest round first."""
    return (
        Match.objects.filter(Q(entry_a__player=player) | Q(entry_b__player=player))
        .filter(status__in=[MatchStatus.READY, MatchStatus.PLAYING])
        .select_related("round__stage__tournament__club", "entry_a__player", "entry_b__player")
        .order_by("round__stage__tournament__starts_at", "round__number", "index")
        .first()
    )
