"""What entries do when the apps below report a change: a withdrawal frees a place for the
first waiting player. Idempotent: a place filled already is not filled twice."""

from __future__ import annotations

from entries.models import Entry
from entries.services import waiting_list_move_up
from events.registry import listen
from events.types import EntryWithdrawn


@listen(EntryWithdrawn, name="entries.entry_withdrawn")
def entry_withdrawn(event: EntryWithdrawn) -> None:
    tournament_id = (
        Entry.objects.filter(pk=event.entry_id).values_list("tournament_id", flat=True).first()
    )
    if tournament_id is not None:
        waiting_list_move_up(tournament=tournament_id)
