"""What waits for a director at each club he runs, for his dashboard: the disputes, the
reports awaiting confirmation, the late players and the matches waiting for a table."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from clubs.models import Club, Membership, Role
from control.selectors.night import Row, Viewer, club_night
from control.states import NEEDS_DIRECTOR, ORDER, State
from tournaments.models import Tournament

#: How many of the matches waiting for him a dashboard names.
NAMED = 5


@dataclass(frozen=True)
class Digest:
    club: Club
    counts: dict[State, int]
    rows: list[Row]
    #: Matches in the club's night at all (none: no night is running).
    matches: int

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def _waits_for(row: Row) -> bool:
    """The row's state waits for a director, and this one may act on it (a call is the
    club's directors', a result the match's referees')."""
    if row.state not in NEEDS_DIRECTOR:
        return False
    return row.state == State.WAITING or row.can_referee


def director_digests(memberships: Iterable[Membership]) -> list[Digest]:
    """For each club the member organizes or referees, what waits for him tonight (a fixed
    number of queries per such club)."""
    digests = []
    for membership in memberships:
        if membership.role not in (Role.ORGANIZER, Role.REFEREE):
            continue
        club = membership.club
        listed: frozenset[int] = frozenset()
        if membership.role == Role.REFEREE:
            listed = frozenset(
                Tournament.objects.filter(club=club, referees__pk=membership.player_id).values_list(
                    "pk", flat=True
                )
            )
        viewer = Viewer(
            player_id=membership.player_id,
            organizer=membership.role == Role.ORGANIZER,
            referee=True,
            listed_in=listed,
        )
        night = club_night(club, viewer=viewer)
        waiting = [row for row in night.rows if _waits_for(row)]
        counts: dict[State, int] = {s: 0 for s in ORDER if s in NEEDS_DIRECTOR}
        for row in waiting:
            counts[row.state] += 1
        digests.append(Digest(club, counts, waiting[:NAMED], len(night.rows)))
    return digests
