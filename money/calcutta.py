"""The Calcutta's settlement (a selector): every lot's sale, its place among the lots (by its
best player's place in the main flight, :mod:`money.core.calcutta`), the owners' shares, what
each paid and won, and the books (sales = payouts + house + what waits for places not final),
checked by the pure core every time it is built. Rounded to the Calcutta's own unit (the
club's ``calcutta_rounding_unit``, the cent unless the club sets one); on a provisional sheet
only lots whose players are all out are paid, as a flight's places."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from money.core import PayoutTable
from money.core.calcutta import CalcuttaSheet, Lot, calcutta_sheet
from money.core.payouts import DEFAULT_TABLE
from money.models import Calcutta, CalcuttaBuyback, CalcuttaLot
from money.selectors import club_money_settings
from money.sheets import (
    BooksLine,
    FlightBlock,
    OpenRow,
    PayoutSheet,
    PoolBlock,
    SheetRow,
    open_line,
    payout_sheet,
    place_text,
    sheet_places,
)
from standings.placings import MAIN
from tournaments.models import Tournament


@dataclass(frozen=True)
class LotRow:
    lot: CalcuttaLot
    players: list[str]
    place: str
    """Its place among the lots ("" while not placed)."""
    prize: int
    percentage: int = 0
    """The basis points of the Calcutta's pool its place pays (shared with the lots tied)."""
    sharing: int = 1


@dataclass(frozen=True)
class Holding:
    lot: int
    players: str
    owner: str
    share: int
    paid: int
    won: int
    place: str = ""
    """The lot's place among the lots ("" while not placed)."""

    @property
    def net(self) -> int:
        return self.won - self.paid


@dataclass
class Statement:
    owner: str
    holdings: list[Holding] = field(default_factory=list)

    @property
    def paid(self) -> int:
        return sum(h.paid for h in self.holdings)

    @property
    def won(self) -> int:
        return sum(h.won for h in self.holdings)

    @property
    def net(self) -> int:
        return self.won - self.paid


@dataclass(frozen=True)
class CalcuttaSettlement:
    calcutta: Calcutta
    sheet: CalcuttaSheet
    lots: list[LotRow]
    statements: list[Statement]
    block: PoolBlock
    open: list[OpenRow] = field(default_factory=list)
    """Provisional: the places among the lots not decided yet, and what waits for them."""
    final: bool = True
    """False while the tournament runs: only lots whose players are all out are paid."""


def _owner_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def calcutta_settlement(tournament: Tournament) -> CalcuttaSettlement | None:
    calcutta = Calcutta.objects.filter(tournament=tournament).first()
    if calcutta is None:
        return None
    lots = list(
        CalcuttaLot.objects.filter(calcutta=calcutta, sold_at__isnull=False)
        .prefetch_related("entries__player")
        .order_by("number")
    )
    buybacks = list(
        CalcuttaBuyback.objects.filter(lot__calcutta=calcutta).select_related("entry__player")
    )
    owners: dict[str, int] = {}
    names: dict[int, str] = {}

    def owner(name: str) -> int:
        key = _owner_key(name)
        if key not in owners:
            owners[key] = len(owners) + 1
            names[owners[key]] = name
        return owners[key]

    pure_lots = []
    for lot in lots:
        shares: dict[int, int] = {}
        for buyback in buybacks:
            if buyback.lot_id == lot.pk:
                holder = owner(buyback.entry.player.name)
                shares[holder] = shares.get(holder, 0) + buyback.share
        buyer = owner(lot.buyer)
        # A player who bought his own lot owns it whole; his buy-back adds nothing.
        shares.pop(buyer, None)
        pure_lots.append(
            Lot(lot.number, tuple(e.pk for e in lot.entries.all()), lot.price or 0, buyer, shares)
        )
    final, found = sheet_places(tournament)
    places = {p.entrant: (p.first, p.last) for p in found.get(MAIN, [])}
    table = PayoutTable.from_data(calcutta.payout_table) if calcutta.payout_table else DEFAULT_TABLE
    unit = club_money_settings(tournament.club).calcutta_rounding_unit
    sheet = calcutta_sheet(pure_lots, places, table, calcutta.house_share, unit, final=final)
    row = table.for_field(len(pure_lots))
    sharing = Counter(sheet.places.values())

    def percentage(first: int, last: int) -> int:
        return sum(row.percentages[first - 1 : last])

    rows = []
    for lot in lots:
        band = sheet.places.get(lot.number)
        rows.append(
            LotRow(
                lot,
                [e.player.name for e in lot.entries.all()],
                place_text(*band) if band else "",
                sheet.prizes.get(lot.number, 0),
                percentage(*band) if band else 0,
                sharing[band] if band else 1,
            )
        )
    players_of = {row.lot.number: ", ".join(row.players) for row in rows}
    place_of = {row.lot.number: row.place for row in rows}
    statements: dict[int, Statement] = {}
    for h in sheet.holdings:
        statement = statements.setdefault(h.owner, Statement(names[h.owner]))
        statement.holdings.append(
            Holding(
                h.lot,
                players_of.get(h.lot, ""),
                names[h.owner],
                h.share,
                h.paid,
                h.won,
                place_of.get(h.lot, ""),
            )
        )
    block = PoolBlock(
        key="calcutta",
        label=_("Calcutta"),
        lines=[
            BooksLine(_("Sales"), sheet.sales, True),
            BooksLine(_("Paid to the owners"), sheet.payouts, False),
            BooksLine(_("House's share"), sheet.house, False),
            *(
                [BooksLine(_("Not yet paid out (no final places)"), sheet.undistributed, False)]
                if sheet.undistributed
                else []
            ),
            *open_line(sheet.open_amount),
        ],
        money_in=sheet.sales,
        money_out=sheet.payouts + sheet.house + sheet.undistributed + sheet.open_amount,
        balances=sheet.balances,
        open=sheet.open_amount,
    )
    ordered = sorted(statements.values(), key=lambda s: s.owner.casefold())
    waiting = [
        OpenRow(band.first, band.last, band.amount, percentage(band.first, band.last))
        for band in sheet.open
    ]
    return CalcuttaSettlement(calcutta, sheet, rows, ordered, block, waiting, final)


def full_payout_sheet(tournament: Tournament) -> PayoutSheet:
    """The payout sheet with the Calcutta's payouts to the owners and its books."""
    sheet = payout_sheet(tournament)
    settlement = calcutta_settlement(tournament)
    if settlement is None or not settlement.lots:
        return sheet
    label = str(_("Calcutta"))
    block = FlightBlock(
        "calcutta",
        "",
        label,
        "",
        settlement.sheet.pool,
        undistributed=settlement.sheet.undistributed,
        open=settlement.open,
    )
    lots = {row.lot.number: row for row in settlement.lots}
    holdings = sorted(
        (h for statement in settlement.statements for h in statement.holdings if h.won),
        key=lambda h: (settlement.sheet.places.get(h.lot, (0, 0)), h.lot, h.owner.casefold()),
    )
    for holding in holdings:
        lot = lots[holding.lot]
        first, last = settlement.sheet.places.get(holding.lot, (0, 0))
        row = SheetRow(
            pool=label,
            flight=holding.players,
            place=lot.place,
            entry_id=0,
            player=holding.owner,
            share=holding.won,
            remainder=0,
            pool_key="calcutta",
            flight_code=str(holding.lot),
            first=first,
            last=last,
            percentage=lot.percentage,
            sharing=lot.sharing,
        )
        sheet.rows.append(row)
        block.rows.append(row)
    sheet.flights.append(block)
    sheet.pools.append(settlement.block)
    return sheet
