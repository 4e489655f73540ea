"""The Calcutta auction's settlement.

Every lot (a player, or a group of the weakest players sold as one) is sold to a buyer; a
player may buy back a share of his own part of a lot. The house takes its percentage of the
sales (rounded down to the cent); the rest is paid to the owners by the lot's finishing place,
a lot of several players finishing at its best player's place, with the Calcutta's payout
table (:func:`money.core.payouts.place_prizes`, lots sharing a place share its prizes). An
owner's part of a prize is his share of the lot rounded down to the cent, the buyer has the
rest. The books: sales = payouts + house (+ what is undistributed while nobody is placed).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from money.core.books import BooksError
from money.core.payouts import PayoutTable, Placed, place_prizes
from money.core.shares import WHOLE, percent_of


class BidError(ValueError):
    """A bid or buy-back the auction refuses; ``code`` says why."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def check_bid(amount: int, last: int | None, minimum: int = 1) -> None:
    """A bid must be above the last one (and at least ``minimum``)."""
    if amount < minimum:
        raise BidError("below_minimum")
    if last is not None and amount <= last:
        raise BidError("not_above_last")


def check_buyback(share: int, players_in_lot: int, max_share: int) -> None:
    """A player buys back at most ``max_share`` of his own part of the lot: ``share`` is of
    the whole lot, in basis points."""
    if share < 0 or share * players_in_lot > max_share:
        raise BidError("buyback_over_share")


@dataclass(frozen=True, slots=True)
class Lot:
    lot: int
    players: tuple[int, ...]
    price: int
    buyer: int
    """The owner who bought it (an id the caller chooses: a player or a buyer)."""
    buybacks: Mapping[int, int] = field(default_factory=dict)
    """Owner id → share of the lot bought back, in basis points."""


@dataclass(frozen=True, slots=True)
class Holding:
    lot: int
    owner: int
    share: int
    paid: int
    won: int


@dataclass(frozen=True, slots=True)
class CalcuttaSheet:
    sales: int
    house: int
    pool: int
    payouts: int
    undistributed: int
    prizes: dict[int, int]
    """Lot → its prize."""
    holdings: tuple[Holding, ...]

    @property
    def balances(self) -> bool:
        return self.sales == self.payouts + self.house + self.undistributed

    def statement(self, owner: int) -> list[Holding]:
        return [holding for holding in self.holdings if holding.owner == owner]


def _parts(amount: int, lot: Lot) -> dict[int, int]:
    parts = {owner: percent_of(amount, share) for owner, share in lot.buybacks.items()}
    parts[lot.buyer] = parts.get(lot.buyer, 0) + amount - sum(parts.values())
    return parts


def calcutta_sheet(
    lots: Sequence[Lot],
    places: Mapping[int, tuple[int, int]],
    table: PayoutTable,
    house_share: int = 0,
    unit: int = 1,
) -> CalcuttaSheet:
    """Settle the auction: ``places`` is each player's final place band (unplaced players are
    left out); the table's row is chosen by the number of players auctioned."""
    if any(lot.price < 0 or sum(lot.buybacks.values()) > WHOLE for lot in lots):
        raise BooksError("negative")
    sales = sum(lot.price for lot in lots)
    house = percent_of(sales, house_share)
    pool = sales - house
    placed: list[Placed] = []
    for lot in lots:
        bands = sorted(places[player] for player in lot.players if player in places)
        if bands:
            placed.append(Placed(lot.lot, *bands[0]))
    players = sum(len(lot.players) for lot in lots)
    result = place_prizes(pool, table, placed, unit, players)
    prizes = {prize.entrant: prize.amount for prize in result.prizes}
    holdings: list[Holding] = []
    for lot in lots:
        paid = _parts(lot.price, lot)
        won = _parts(prizes.get(lot.lot, 0), lot)
        shares = {**{lot.buyer: WHOLE - sum(lot.buybacks.values())}, **lot.buybacks}
        holdings.extend(
            Holding(lot.lot, owner, shares.get(owner, 0), paid[owner], won[owner]) for owner in paid
        )
    payouts = sum(holding.won for holding in holdings)
    sheet = CalcuttaSheet(
        sales, house, pool, payouts, result.undistributed, prizes, tuple(holdings)
    )
    if not sheet.balances:
        raise BooksError("unbalanced")
    return sheet
