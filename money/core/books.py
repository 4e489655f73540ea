"""One tournament's prize money: what was collected, what the house, the costs and the season's
pot take, the flights' pools and their prizes, and the balance of the books.

Rules (defaults where clubs differ): the house's share and the pot's share are percentages of
what was collected, each rounded down to the cent; the prize pool is collected + added money −
house − fixed costs − pot; it is split over the flights by percentages (the cents of rounding
to the first flight); each flight pays by final place (:mod:`money.core.payouts`). The books
balance to the cent: collected + added = prizes + house + costs + pot + undistributed + open
(open: what waits for places not final yet, on a provisional sheet).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from money.core.payouts import DEFAULT_TABLE, FlightResult, PayoutTable, Placed, place_prizes
from money.core.shares import percent_of, split_by_percent


class BooksError(ValueError):
    """Books that cannot balance, or do not; ``code`` says which (the pages translate it)."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code} {detail}".strip())
        self.code = code


@dataclass(frozen=True, slots=True)
class Books:
    collected: int
    added: int
    house: int
    costs: int
    pot: int
    prizes: int
    undistributed: int = 0
    open: int = 0
    """What waits for places that are not final yet (a provisional sheet): to be decided."""

    @property
    def money_in(self) -> int:
        return self.collected + self.added

    @property
    def money_out(self) -> int:
        return self.prizes + self.house + self.costs + self.pot + self.undistributed + self.open

    @property
    def balances(self) -> bool:
        return self.money_in == self.money_out

    def check(self) -> None:
        if not self.balances:
            raise BooksError("unbalanced", f"{self.money_in} != {self.money_out}")


@dataclass(frozen=True, slots=True)
class TournamentInput:
    collected: int
    flights: Mapping[str, int]
    """The split over the flights, in basis points, the first flight first."""
    places: Mapping[str, Sequence[Placed]]
    added: int = 0
    house_share: int = 0
    costs: int = 0
    pot_share: int = 0
    tables: Mapping[str, PayoutTable] = field(default_factory=dict)
    field_sizes: Mapping[str, int] = field(default_factory=dict)
    """Per flight, the field size that chooses the table's row (default: the number placed)."""
    unit: int = 1
    final: bool = True
    """False on a provisional sheet: ``places`` are the places already final, the others
    open (:func:`money.core.payouts.place_prizes`)."""


@dataclass(frozen=True, slots=True)
class TournamentSheet:
    books: Books
    pool: int
    flight_pools: dict[str, int]
    flights: dict[str, FlightResult]


def tournament_sheet(data: TournamentInput) -> TournamentSheet:
    """The payout sheet of a tournament; its books are checked before it is returned."""
    if min(data.collected, data.added, data.costs, data.house_share, data.pot_share) < 0:
        raise BooksError("negative")
    house = percent_of(data.collected, data.house_share)
    pot = percent_of(data.collected, data.pot_share)
    pool = data.collected + data.added - house - data.costs - pot
    if pool < 0:
        raise BooksError("costs_exceed", str(pool))
    flight_pools = split_by_percent(pool, data.flights)
    flights = {
        flight: place_prizes(
            amount,
            data.tables.get(flight, DEFAULT_TABLE),
            data.places.get(flight, ()),
            data.unit,
            data.field_sizes.get(flight, 0),
            final=data.final,
        )
        for flight, amount in flight_pools.items()
    }
    books = Books(
        collected=data.collected,
        added=data.added,
        house=house,
        costs=data.costs,
        pot=pot,
        prizes=sum(result.paid for result in flights.values()),
        undistributed=sum(result.undistributed for result in flights.values()),
        open=sum(result.open_amount for result in flights.values()),
    )
    books.check()
    return TournamentSheet(books, pool, flight_pools, flights)


@dataclass(frozen=True, slots=True)
class PoolSheet:
    """A single pool (a side pool, the season's pot): what came in, the house's share, the
    prizes by place."""

    books: Books
    result: FlightResult


def pool_sheet(
    collected: int,
    placed: Sequence[Placed],
    table: PayoutTable = DEFAULT_TABLE,
    house_share: int = 0,
    unit: int = 1,
    field_size: int = 0,
    *,
    final: bool = True,
) -> PoolSheet:
    """Pay ``collected`` less the house's share by place; its books checked. ``final=False``:
    a provisional sheet, ``placed`` the places already final."""
    house = percent_of(collected, house_share)
    result = place_prizes(collected - house, table, placed, unit, field_size, final=final)
    books = Books(
        collected=collected,
        added=0,
        house=house,
        costs=0,
        pot=0,
        prizes=result.paid,
        undistributed=result.undistributed,
        open=result.open_amount,
    )
    books.check()
    return PoolSheet(books, result)
