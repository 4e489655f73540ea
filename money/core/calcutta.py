"""The Calcutta auction's settlement.

Every lot (a player, or a group of players sold as one) is sold to a buyer; a player may buy
back a share of his own part of a lot. The house takes its percentage of the sales (rounded
down to the cent); the rest is paid to the owners by the lots' places:

* the lots are ranked among the lots by their best-placed player: lots whose best players
  share a place share a place among the lots, and the next lot comes after all of them
  (competition ranking: lots of the 1st, the 2nd and 3rd, and the 4th player are 1st, 2nd and
  3rd among the lots);
* the Calcutta's payout table pays those places (:func:`money.core.payouts.place_prizes`): its
  row is the one for the number of lots sold (the lots are the Calcutta's field), and the
  money of places no lot reaches goes to the highest place, shared when lots are tied there,
  as a flight's does; a tie between lots is broken by the order the lots are given (by number);
* provisional (the tournament not over): a lot is placed only when all its players have a
  final place; a lot with a player still in will finish above every lot placed, so those lots
  take the first places, which stay open ("to be decided") with the remainder.

An owner's part of a prize is his share of the lot rounded down to the cent, the buyer has the
rest. The books: sales = payouts + house + undistributed (nobody placed) + open (provisional).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from money.core.books import BooksError
from money.core.payouts import OpenBand, PayoutTable, Placed, among, place_prizes
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
    places: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Lot → its place among the lots (a band when lots share it); lots not placed left out."""
    open: tuple[OpenBand, ...] = ()
    """Provisional: the places among the lots not decided yet, and what waits for them."""

    @property
    def open_amount(self) -> int:
        return sum(band.amount for band in self.open)

    @property
    def balances(self) -> bool:
        return self.sales == self.payouts + self.house + self.undistributed + self.open_amount

    def statement(self, owner: int) -> list[Holding]:
        return [holding for holding in self.holdings if holding.owner == owner]


def _parts(amount: int, lot: Lot) -> dict[int, int]:
    parts = {owner: percent_of(amount, share) for owner, share in lot.buybacks.items()}
    parts[lot.buyer] = parts.get(lot.buyer, 0) + amount - sum(parts.values())
    return parts


def lot_places(
    lots: Sequence[Lot], places: Mapping[int, tuple[int, int]], *, final: bool = True
) -> list[Placed]:
    """The lots' places among the lots (see the module's rule); ``places`` are the players'
    final place bands. Final: a lot none of whose players is placed gets no place.

    >>> lots = [Lot(1, (1,), 0, 0), Lot(2, (2, 3), 0, 0), Lot(3, (4,), 0, 0)]
    >>> [(p.entrant, p.first, p.last) for p in lot_places(lots, {1: (1, 1), 2: (2, 2), \
3: (3, 3), 4: (4, 4)})]
    [(1, 1, 1), (2, 2, 2), (3, 3, 3)]
    >>> [(p.entrant, p.first, p.last) for p in lot_places(lots, {3: (3, 4), 4: (3, 4)}, \
final=False)]
    [(3, 3, 3)]
    """
    best: list[Placed] = []
    ahead = 0
    for lot in lots:
        bands = sorted(places[player] for player in lot.players if player in places)
        if not final and (not bands or len(bands) < len(lot.players)):
            ahead += 1  # a player of it is still in: it finishes above every lot placed
        elif bands:
            best.append(Placed(lot.lot, *bands[0]))
    return among(best, ahead)


def calcutta_sheet(
    lots: Sequence[Lot],
    places: Mapping[int, tuple[int, int]],
    table: PayoutTable,
    house_share: int = 0,
    unit: int = 1,
    *,
    final: bool = True,
) -> CalcuttaSheet:
    """Settle the auction: ``places`` is each player's final place band (unplaced players are
    left out); the lots are ranked among themselves and paid by the table's row for the number
    of lots (the module's rule). ``final=False``: a provisional settlement."""
    if any(lot.price < 0 or sum(lot.buybacks.values()) > WHOLE for lot in lots):
        raise BooksError("negative")
    sales = sum(lot.price for lot in lots)
    house = percent_of(sales, house_share)
    pool = sales - house
    placed = lot_places(lots, places, final=final)
    result = place_prizes(pool, table, placed, unit, len(lots), final=final)
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
        sales,
        house,
        pool,
        payouts,
        result.undistributed,
        prizes,
        tuple(holdings),
        {p.entrant: (p.first, p.last) for p in placed},
        result.open,
    )
    if not sheet.balances:
        raise BooksError("unbalanced")
    return sheet
