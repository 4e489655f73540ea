"""Who may enter a recorded match on the clock."""

from __future__ import annotations

from typing import Any

from clubs import permissions

from .models import RecordedMatch


def can_record(user: Any, recorded: RecordedMatch) -> bool:
    """Its recorder, its players (they may enter it themselves) and the tournament's
    referees and organizers. ``recorded.match`` is read with its entries and tournament."""
    if not getattr(user, "is_authenticated", False):
        return False
    if recorded.recorder_id is not None and recorded.recorder_id == user.pk:
        return True
    match = recorded.match
    if permissions.is_match_player(user, match):
        return True
    return permissions.can_referee_tournament(user, match.round.stage.tournament)
