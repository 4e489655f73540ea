"""What the reconciler repairs for entries: waiting lists that did not move up into a free
place (a lost delivery of a withdrawal)."""

from __future__ import annotations

from entries.models import EntryStatus
from entries.services import waiting_list_move_up
from events.registry import repair
from tournaments.models import Tournament
from tournaments.selectors import BEFORE_THE_START


@repair("entries.waiting_lists")
def waiting_lists() -> list[str]:
    tournaments = (
        Tournament.objects.filter(status__in=BEFORE_THE_START, entries__status=EntryStatus.WAITING)
        .distinct()
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    done = []
    for pk in tournaments:
        moved = waiting_list_move_up(tournament=pk)
        if moved:
            done.append(f"moved {len(moved)} up the waiting list of tournament {pk}")
    return done
