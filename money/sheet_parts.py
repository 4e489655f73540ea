"""The parts of a payout sheet: its rows, each flight's block, the books' lines of each pool,
the places still open; and how a place reads (a flight reads as the bracket names it:
``tournaments.presentation.flight_label``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.models import Tournament


@dataclass(frozen=True)
class SheetRow:
    pool: str
    flight: str
    place: str
    entry_id: int
    player: str
    share: int
    remainder: int
    owed: int = 0
    pool_key: str = "prizes"
    """Which pool pays it, as its ``PoolBlock.key``: "prizes", "side-<id>" or "calcutta"."""
    flight_code: str = ""
    """The flight as a code ("main" …), or for the Calcutta the lot's number."""
    first: int = 0
    last: int = 0
    """The place band (``place`` as numbers)."""
    percentage: int = 0
    """The basis points of the flight's pool its place band pays (shared by ``sharing``)."""
    sharing: int = 1
    """How many share the band (its percentage)."""

    @property
    def prize(self) -> int:
        return self.share + self.remainder

    @property
    def net(self) -> int:
        """What is paid out: the prize less the fee still owed (never below nothing)."""
        return max(self.prize - self.owed, 0)


@dataclass(frozen=True)
class OpenRow:
    """Places of a flight nobody holds yet (a provisional sheet): what waits for them."""

    first: int
    last: int
    amount: int
    percentage: int

    @property
    def place(self) -> str:
        """The places, or nothing when they are not known yet (the flight's field is not)."""
        return place_text(self.first, self.last) if self.first else ""


@dataclass
class FlightBlock:
    """One flight of one pool as the sheet shows it: its pool, its places and its total."""

    pool_key: str
    flight_code: str
    pool: str
    flight: str
    amount: int
    """What the flight pays out in all (its pool)."""
    split: int | None = None
    """Its percentage of the prize pool (the prize pool's flights), in basis points."""
    rows: list[SheetRow] = field(default_factory=list)
    open: list[OpenRow] = field(default_factory=list)
    undistributed: int = 0

    @property
    def paid(self) -> int:
        return sum(row.prize for row in self.rows)

    @property
    def total(self) -> int:
        return self.paid + sum(band.amount for band in self.open) + self.undistributed


@dataclass(frozen=True)
class BooksLine:
    label: str
    amount: int
    money_in: bool
    note: bool = False
    """Said beside the books, in neither their In nor their Out."""


@dataclass(frozen=True)
class PoolBlock:
    """One pool of the sheet (the prize pool, a side pool, the Calcutta): its books."""

    key: str
    label: str
    lines: list[BooksLine]
    money_in: int
    money_out: int
    balances: bool
    remainder: int = 0
    """What the rounding left, paid to the highest places (said on the sheet)."""
    open: int = 0
    """What waits for places not final yet (a provisional sheet)."""

    @property
    def difference(self) -> int:
        return self.money_in - self.money_out


@dataclass
class PayoutSheet:
    tournament: Tournament
    final: bool
    unit: int
    rows: list[SheetRow] = field(default_factory=list)
    pools: list[PoolBlock] = field(default_factory=list)
    flights: list[FlightBlock] = field(default_factory=list)
    """The rows by pool and flight, with the places still open (what the page shows)."""
    problem: str = ""
    """Why there is no prize pool (the costs and shares are more than the money)."""

    @property
    def balances(self) -> bool:
        return not self.problem and all(pool.balances for pool in self.pools)

    @property
    def open(self) -> int:
        return sum(pool.open for pool in self.pools)


def place_text(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}–{last}"


def open_line(amount: int) -> list[BooksLine]:
    """The books' line for what waits for places not final yet (none when nothing waits)."""
    return [BooksLine(_("To be decided (places not final yet)"), amount, False)] if amount else []
