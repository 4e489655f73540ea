"""Prizes by final place within one flight (or one side pool, the season's pot, a Calcutta).

The payout table says, for a field of up to so many players, how many places are paid and
each one's percentage of the pool. Players sharing a place (an elimination band such as 5–8,
or a tie the tie-breaks cannot separate) share the sum of those places' prizes.

Rounding rule, stated on the sheet:

* each place's prize is its percentage of the pool, rounded down to the cent;
* a shared place's sum is split equally, an odd cent to the better tie-break first; with a
  rounding unit above the cent (e.g. 5 €) each share is rounded down to the unit, players
  sharing a place alike;
* the remainder (what rounding leaves, and the prizes of places nobody holds) goes to the
  highest place of the flight; players tied there share it with their own prizes, equally,
  the odd cents one each in tie-break order. So players sharing a place never differ by more
  than one cent, at any unit.

A provisional result (``final=False``: the tournament is not over) pays only the places already
held, which the caller passes as final (e.g. the bands of players knocked out of a bracket).
The places nobody holds yet are *open*: each run of them is a band "to be decided" with the
sum of its prizes; the remainder waits with the highest place (in the open band of place 1,
or as an open band of its own over the highest band held) until every paid place is held.
Paid + open + undistributed is always the pool, to the cent.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import NamedTuple

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


class OpenBand(NamedTuple):
    """Places ``first``–``last`` nobody holds yet on a provisional result: ``amount`` waits
    for them ("to be decided")."""

    first: int
    last: int
    amount: int


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
    """The entrant's part of what rounding left and of the prizes of places nobody holds
    (the highest place only, shared by everyone tied there)."""

    @property
    def amount(self) -> int:
        return self.share + self.remainder


@dataclass(frozen=True, slots=True)
class FlightResult:
    pool: int
    row: PayoutRow | None
    prizes: tuple[Prize, ...] = field(default=())
    remainder: int = 0
    """The remainder paid to the highest place (0 while it waits in an open band)."""
    undistributed: int = 0
    """The whole pool when nobody holds a place of a final result (nothing to pay)."""
    open: tuple[OpenBand, ...] = field(default=())
    """On a provisional result, the places nobody holds yet and what waits for them."""

    @property
    def paid(self) -> int:
        return sum(prize.amount for prize in self.prizes)

    @property
    def open_amount(self) -> int:
        return sum(band.amount for band in self.open)

    def percentage(self, first: int, last: int) -> int:
        """The basis points of the pool that places ``first``–``last`` pay together."""
        if self.row is None:
            return 0
        return sum(self.row.percentages[first - 1 : last])


def field_of(placed: Sequence[Placed]) -> int:
    """The field the places cover: the lowest place given, at least the number placed (a
    provisional result places only some of the field, at its bottom)."""
    return max(len(placed), max((p.last for p in placed), default=0))


def _even(total: int, count: int) -> list[int]:
    """``total`` split in ``count`` parts that differ by one cent at most, the odd cents one
    each to the first parts (the better tie-breaks)."""
    each, odd = divmod(total, count)
    return [each + (1 if i < odd else 0) for i in range(count)]


def place_prizes(
    pool: int,
    table: PayoutTable,
    placed: Sequence[Placed],
    unit: int = 1,
    field_size: int = 0,
    *,
    final: bool = True,
) -> FlightResult:
    """The prizes of ``pool`` over ``placed`` with the table's row for ``field_size`` (by
    default :func:`field_of` the places). ``final=False``: the places given are the only final
    ones, the others are open (see the module's rule). Paid + open + undistributed is always
    ``pool``.

    Three tied for first of 100 € (one place paid) at a 5 € unit: 30 € each, and the 10 €
    rounding left shared by the three, the odd cent to the best tie-break.

    >>> one = PayoutTable((PayoutRow(4, 1, (10_000,)),))
    >>> tied = [Placed(7, 1, 3), Placed(8, 1, 3), Placed(9, 1, 3)]
    >>> [prize.amount for prize in place_prizes(10_000, one, tied, 500).prizes]
    [3334, 3333, 3333]
    >>> two = PayoutTable((PayoutRow(8, 2, (7_000, 3_000)),))
    >>> out = [Placed(5, 3, 4), Placed(6, 3, 4)]  # knocked out in the semi-finals
    >>> place_prizes(10_000, two, out, final=False).open
    (OpenBand(first=1, last=2, amount=10000),)
    """
    if pool < 0 or unit < 1:
        raise ValueError("a pool is not negative and the rounding unit is at least 1")
    table.check()
    row = table.for_field(field_size or field_of(placed))
    by_place = [percent_of(pool, share) for share in row.percentages]
    left = pool - sum(by_place)
    ordered = sorted(enumerate(placed), key=lambda item: (item[1].first, item[1].last, item[0]))
    if not ordered and final:
        return FlightResult(pool, row, undistributed=pool)
    held: set[int] = set()
    bands: list[tuple[int, int, list[Placed], list[int]]] = []
    for (first, last), group in groupby(ordered, key=lambda item: (item[1].first, item[1].last)):
        members = [entry for _index, entry in group]
        places = range(first, last + 1)
        band_total = sum(by_place[place - 1] for place in places if place <= len(by_place))
        held.update(places)
        if unit == 1:
            shares = _even(band_total, len(members))
        else:
            # Rounded down alike, so tied players get the same; the rest to the highest place.
            shares = [band_total // len(members) // unit * unit] * len(members)
        left += band_total - sum(shares)
        bands.append((first, last, members, shares))
    unheld = [place for place in range(1, len(by_place) + 1) if place not in held]
    if final or not unheld:
        left += sum(by_place[place - 1] for place in unheld)
        return FlightResult(pool, row, _prizes(bands, left), left)
    open_bands = [
        OpenBand(run[0], run[-1], sum(by_place[place - 1] for place in run))
        for run in _runs(unheld)
    ]
    if open_bands[0].first == 1:
        top = open_bands[0]
        open_bands[0] = top._replace(amount=top.amount + left)
    elif left:
        # The highest place is held, but what it gets besides its prize is not known yet.
        open_bands.insert(0, OpenBand(bands[0][0], bands[0][1], left))
    return FlightResult(
        pool,
        row,
        _prizes(bands, 0),
        open=tuple(band for band in open_bands if band.amount),
    )


def _prizes(bands: list[tuple[int, int, list[Placed], list[int]]], left: int) -> tuple[Prize, ...]:
    """The prizes of the bands, ``left`` shared by the highest band with their own prizes."""
    prizes: list[Prize] = []
    for index, (first, last, members, shares) in enumerate(bands):
        amounts = _even(sum(shares) + left, len(members)) if index == 0 else shares
        prizes.extend(
            Prize(member.entrant, first, last, share, amount - share)
            for member, share, amount in zip(members, shares, amounts, strict=True)
        )
    return tuple(prizes)


def _runs(places: list[int]) -> list[list[int]]:
    """Consecutive runs of sorted places: [1, 2, 5] is [[1, 2], [5]]."""
    runs: list[list[int]] = []
    for place in places:
        if runs and runs[-1][-1] == place - 1:
            runs[-1].append(place)
        else:
            runs.append([place])
    return runs


def among(placed: Sequence[Placed], ahead: int = 0) -> list[Placed]:
    """The places of some of a flight's players counted among themselves (a side pool's
    entrants, a Calcutta's lots): those who shared a place still share one, and the next
    place comes after all of them (competition ranking). ``ahead`` are still playing and
    will all finish above them (a provisional result): their places come first.

    >>> among([Placed(7, 3, 4), Placed(2, 1, 1), Placed(9, 3, 4), Placed(5, 5, 8)])
    [Placed(entrant=2, first=1, last=1), Placed(entrant=7, first=2, last=3), \
Placed(entrant=9, first=2, last=3), Placed(entrant=5, first=4, last=4)]
    >>> among([Placed(5, 5, 8), Placed(6, 5, 8)], ahead=2)
    [Placed(entrant=5, first=3, last=4), Placed(entrant=6, first=3, last=4)]
    """
    ordered = sorted(enumerate(placed), key=lambda item: (item[1].first, item[1].last, item[0]))
    result: list[Placed] = []
    position = ahead + 1
    for _band, group in groupby(ordered, key=lambda item: (item[1].first, item[1].last)):
        members = [entry for _index, entry in group]
        last = position + len(members) - 1
        result.extend(Placed(member.entrant, position, last) for member in members)
        position = last + 1
    return result
