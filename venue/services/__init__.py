"""Writes of the venue: its tables, a tournament's use of them, and the calls.

Every service takes the club's row first, then the club's tables (``venue_lock``), then the
tournaments whose pages it changes: two directors calling at once wait for each other, and
the second is told what the first changed."""

from venue.services.calls import (
    call_create,
    call_move,
    call_take_back,
    calls_fill,
)
from venue.services.tables import (
    table_create,
    table_update,
    tables_add,
    tournament_venue_update,
)

__all__ = [
    "call_create",
    "call_move",
    "call_take_back",
    "calls_fill",
    "table_create",
    "table_update",
    "tables_add",
    "tournament_venue_update",
]
