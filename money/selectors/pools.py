"""Side pools as their page shows them: the entrants, who plays for the prizes, the money paid
and owed."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from entries.models import Entry
from money.models import (
    FeeStatus,
    PaymentMethod,
    SidePool,
    SidePoolEntry,
)
from money.selectors.field import field_entries, in_the_field
from tournaments.models import Tournament


@dataclass(frozen=True)
class SidePoolEntrant:
    joined: SidePoolEntry
    in_field: bool
    """False: the entry left the field (withdrew before the start, did not check in): out of
    the pool's field, its fee owed back if paid."""

    @property
    def in_pool(self) -> bool:
        """In the pool's field: plays for its prizes (paid, unpaid or waived)."""
        return self.in_field and self.joined.status != FeeStatus.REFUNDED

    @property
    def owed(self) -> int:
        """The side pool's fee this entrant still owes (set against a prize of his)."""
        return self.joined.amount if self.in_pool and self.joined.status == FeeStatus.UNPAID else 0

    @property
    def refund_due(self) -> bool:
        return not self.in_field and self.joined.status == FeeStatus.PAID


@dataclass(frozen=True)
class SidePoolState:
    """A side pool as its page shows it: its entrants, who is in its field, the money."""

    pool: SidePool
    entrants: list[SidePoolEntrant]

    @property
    def players(self) -> int:
        return sum(1 for entrant in self.entrants if entrant.in_pool)

    def _count(self, status: str) -> int:
        return sum(1 for e in self.entrants if e.in_pool and e.joined.status == status)

    @property
    def paid(self) -> int:
        return self._count(FeeStatus.PAID)

    @property
    def unpaid(self) -> int:
        return self._count(FeeStatus.UNPAID)

    @property
    def waived(self) -> int:
        return self._count(FeeStatus.WAIVED)

    @property
    def collected(self) -> int:
        """The fees paid and not refunded: the pool's money (an unpaid fee is owed, a
        waived one never comes in); not those set against a prize when the payouts were
        booked, as the prize pool's (the pool was worked out while they were owed)."""
        return sum(
            e.joined.amount
            for e in self.entrants
            if e.joined.status == FeeStatus.PAID and e.joined.method != PaymentMethod.SET_OFF
        )

    @property
    def owed(self) -> int:
        return sum(entrant.owed for entrant in self.entrants)


def side_pool_states(tournament: Tournament) -> list[SidePoolState]:
    """Every side pool of the tournament with its entrants, by name. Three queries."""
    field = set(
        Entry.objects.filter(in_the_field(tournament), tournament=tournament).values_list(
            "pk", flat=True
        )
    )
    pools = list(SidePool.objects.filter(tournament=tournament).order_by("created_at", "pk"))
    joined: dict[int, list[SidePoolEntrant]] = {pool.pk: [] for pool in pools}
    for row in (
        SidePoolEntry.objects.filter(side_pool__tournament=tournament)
        .select_related("entry__player", "recorded_by")
        .order_by("entry__player__name", "pk")
    ):
        joined[row.side_pool_id].append(SidePoolEntrant(row, row.entry_id in field))
    return [SidePoolState(pool, joined[pool.pk]) for pool in pools]


def side_pool_owed(tournament: Tournament) -> dict[int, int]:
    """Entry id → the side pools' fees it owes, set against its prizes: those of the pools
    it entered unpaid, while it is in the field, and those set against a prize already (the
    payouts booked), so that the sheet stays what it was when it was booked."""
    owed: dict[int, int] = {}
    for entry_id, amount in SidePoolEntry.objects.filter(
        Q(status=FeeStatus.UNPAID) | Q(status=FeeStatus.PAID, method=PaymentMethod.SET_OFF),
        in_the_field(tournament, "entry__"),
        side_pool__tournament=tournament,
    ).values_list("entry_id", "amount"):
        owed[entry_id] = owed.get(entry_id, 0) + amount
    return owed


def side_pool_may_join(tournament: Tournament, pool: SidePool) -> QuerySet[Entry]:
    """The players in the field not in the pool (a refunded one may enter again)."""
    inside = SidePoolEntry.objects.filter(side_pool=pool).exclude(status=FeeStatus.REFUNDED)
    return (
        field_entries(tournament).exclude(pk__in=inside.values("entry_id")).order_by("player__name")
    )


def side_pool_entries_with_entry() -> QuerySet[SidePoolEntry]:
    """Side pools' entrants with their player and pool, for a page to pick one from."""
    return SidePoolEntry.objects.select_related("entry__player", "side_pool")
