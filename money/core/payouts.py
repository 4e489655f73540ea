"""Prizes by final place within one flight (or one side pool, the season's pot, a Calcutta).

The payout table says, for a field of up to so many players, how many places are paid and
each one's percentage of the pool. Players sharing a place (an elimination band such as 5–8,
or a tie the tie-breaks cannot separate) share the sum of those places' prizes. Rounding rule,
stated on the sheet: each place's prize is its percentage of the pool rounded down to the
cent; a shared place's sum is split equally, an odd cent to the better tie-break first; each
prize is rounded down to the club's rounding unit (e.g. 5 €), players sharing a place alike;
whatever rounding leaves, and the prizes of places nobody holds, goes to the highest place of
the flight.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import groupby

from money.core.shares import WHOLE, percent_of


class TableError(ValueError):
    """A payout table that cannot be used; ``code`` says why (the pages translate it)."""

    def __init__(self, code: str, row: int = 0) -> None:
        super().__init__(f"payout table row {row}: {code}")
        self.code = code
        self.row = row


@dataclass(frozen=True, slots=True)
class PayoutRow:
    """Fields of up to ``up_to`` players pay ``places`` places with these percentages (basis
    points, best place first)."""

    up_to: int
    places: int
    percentages: tuple[int, ...]

    def check(self, row: int = 0) -> None:
        if self.up_to < 1 or self.places < 1:
            raise TableError("not_positive", row)
        if len(self.percentages) < self.places:
            raise TableError("fewer_places", row)
        if len(self.percentages) > self.places:
            raise TableError("more_places", row)
        if any(share < 0 for share in self.percentages) or sum(self.percentages) != WHOLE:
            raise TableError("not_whole", row)
        if self.places > self.up_to:
            raise TableError("more_places_than_players", row)


@dataclass(frozen=True, slots=True)
class PayoutTable:
    """Rows by field size, smallest first; a field larger than every row uses the last."""

    rows: tuple[PayoutRow, ...]

    def check(self) -> None:
        if not self.rows:
            raise TableError("empty")
        for number, row in enumerate(self.rows, start=1):
            row.check(number)
        sizes = [row.up_to for row in self.rows]
        if sizes != sorted(set(sizes)):
            raise TableError("order")

    def for_field(self, size: int) -> PayoutRow:
        for row in self.rows:
            if size <= row.up_to:
                return row
        return self.rows[-1]

    def as_data(self) -> list[dict[str, object]]:
        return [
            {"up_to": row.up_to, "places": row.places, "percentages": list(row.percentages)}
            for row in self.rows
        ]

    @classmethod
    def from_data(cls, data: Iterable[dict[str, object]]) -> PayoutTable:
        rows = []
        for item in data:
            shares = item["percentages"]
            assert isinstance(shares, list)
            up_to, places = item["up_to"], item["places"]
            assert isinstance(up_to, int) and isinstance(places, int)
            rows.append(PayoutRow(up_to, places, tuple(int(share) for share in shares)))
        return cls(tuple(rows))


#: Sane defaults: the winner alone in a small field, then a few more places as it grows.
DEFAULT_TABLE = PayoutTable(
    (
        PayoutRow(4, 1, (10_000,)),
        PayoutRow(8, 2, (7_000, 3_000)),
        PayoutRow(16, 4, (5_000, 2_500, 1_250, 1_250)),
        PayoutRow(32, 8, (3_500, 2_000, 1_250, 1_250, 500, 500, 500, 500)),
        PayoutRow(10_000, 8, (3_000, 2_000, 1_250, 1_250, 625, 625, 625, 625)),
    )
)


@dataclass(frozen=True, slots=True)
class Placed:
    """An entrant's final place (a band ``first``–``last`` when shared); within a band the
    order given is the tie-break order, best first."""

    entrant: int
    first: int
    last: int


@dataclass(frozen=True, slots=True)
class Prize:
    entrant: int
    first: int
    last: int
    share: int
    """The entrant's part of their band's prizes."""
    remainder: int = 0
    """What rounding left, and the prizes of places nobody holds (the highest place only)."""

    @property
    def amount(self) -> int:
        return self.share + self.remainder


@dataclass(frozen=True, slots=True)
class FlightResult:
    pool: int
    row: PayoutRow | None
    prizes: tuple[Prize, ...] = field(default=())
    remainder: int = 0
    undistributed: int = 0
    """The whole pool when nobody holds a place (nothing to pay yet)."""

    @property
    def paid(self) -> int:
        return sum(prize.amount for prize in self.prizes)


def place_prizes(
    pool: int, table: PayoutTable, placed: Sequence[Placed], unit: int = 1, field_size: int = 0
) -> FlightResult:
    """The prizes of ``pool`` over ``placed`` with the table's row for ``field_size`` (by
    default the number placed). Paid out plus undistributed is always ``pool``."""
    if pool < 0 or unit < 1:
        raise ValueError("a pool is not negative and the rounding unit is at least 1")
    table.check()
    row = table.for_field(field_size or len(placed))
    by_place = [percent_of(pool, share) for share in row.percentages]
    remainder = pool - sum(by_place)
    ordered = sorted(enumerate(placed), key=lambda item: (item[1].first, item[1].last, item[0]))
    if not ordered:
        return FlightResult(pool, row, undistributed=pool)
    held: set[int] = set()
    prizes: list[Prize] = []
    for (first, last), group in groupby(ordered, key=lambda item: (item[1].first, item[1].last)):
        members = [entry for _index, entry in group]
        places = range(first, last + 1)
        band_total = sum(by_place[place - 1] for place in places if place <= len(by_place))
        held.update(places)
        each, odd = divmod(band_total, len(members))
        if unit == 1:
            # Shared to the cent: the odd cents to the better tie-breaks first.
            shares = [each + (1 if i < odd else 0) for i in range(len(members))]
        else:
            # Rounded down alike, so tied players get the same; the rest to the highest place.
            shares = [each // unit * unit] * len(members)
        remainder += band_total - sum(shares)
        prizes.extend(
            Prize(member.entrant, first, last, share)
            for member, share in zip(members, shares, strict=True)
        )
    remainder += sum(
        by_place[place - 1] for place in range(1, len(by_place) + 1) if place not in held
    )
    best = prizes[0]
    prizes[0] = Prize(best.entrant, best.first, best.last, best.share, remainder)
    return FlightResult(pool, row, tuple(prizes), remainder)


def among(placed: Sequence[Placed]) -> list[Placed]:
    """The places of some of a flight's players counted among themselves (a side pool's
    entrants): players who shared a place still share one.

    >>> among([Placed(7, 3, 4), Placed(2, 1, 1), Placed(9, 3, 4), Placed(5, 5, 8)])
    [Placed(entrant=2, first=1, last=1), Placed(entrant=7, first=2, last=3), \
Placed(entrant=9, first=2, last=3), Placed(entrant=5, first=4, last=4)]
    """
    ordered = sorted(enumerate(placed), key=lambda item: (item[1].first, item[1].last, item[0]))
    result: list[Placed] = []
    position = 1
    for _band, group in groupby(ordered, key=lambda item: (item[1].first, item[1].last)):
        members = [entry for _index, entry in group]
        last = position + len(members) - 1
        result.extend(Placed(member.entrant, position, last) for member in members)
        position = last + 1
    return result
