"""Who may enter a recorded match on the clock."""

from __future__ import annotations

from typing import Any

from clubs import permissions

from .models import RecordedMatch


def can_record(user: Any, recorded: RecordedMatch) -> bool:
    """Its recorder or, without one, its players (they enter it themselves); and those who
    referee the match (``permissions.can_record_match``). ``recorded.match`` is read with its
    entries and tournament."""
    return permissions.can_record_match(user, recorded.match, recorder_id=recorded.recorder_id)
