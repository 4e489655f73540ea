"""The messages about a player's entry, shared by the tournament's and the entries' notices."""

from __future__ import annotations

from django.db.models import QuerySet

from entries.models import Entry
from notifications.services import Message


def entry_message(kind: str, entry: Entry, key: str) -> Message:
    """The message of ``kind`` to an entry's player, sent once per ``key``."""
    tournament = entry.tournament
    return Message(
        recipient=entry.player,
        kind=kind,
        dedupe_key=key,
        context={"entry": entry, "tournament": tournament, "club": tournament.club},
        url=tournament.get_absolute_url(),
        club_id=tournament.club_id,
        tournament_id=tournament.pk,
    )


def entries_to_notify() -> QuerySet[Entry]:
    """Entries with what a message about them shows, read in one query."""
    return Entry.objects.select_related("tournament__club", "player__user")
