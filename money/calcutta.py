"""The Calcutta's settlement (a selector): every lot's sale, its finishing place (its best
player's place in the main event), the owners' shares, what each paid and won, and the
books (sales = payouts + house), checked by the pure core every time it is built."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from money.core import PayoutTable
from money.core.calcutta import CalcuttaSheet, Lot, calcutta_sheet
from money.core.payouts import DEFAULT_TABLE
from money.models import Calcutta, CalcuttaBuyback, CalcuttaLot
from money.selectors import club_money_settings
from money.sheets import BooksLine, PayoutSheet, PoolBlock, SheetRow, final_places, payout_sheet
from tournaments.models import Tournament


@dataclass(frozen=True)
class LotRow:
    lot: CalcuttaLot
    players: list[str]
    place: str
    prize: int


@dataclass(frozen=True)
class Holding:
    lot: int
    players: str
    owner: str
    share: int
    paid: int
    won: int

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
    main = final_places(tournament)[0].get("main", [])
    places = {p.entrant: (p.first, p.last) for p in main}
    table = PayoutTable.from_data(calcutta.payout_table) if calcutta.payout_table else DEFAULT_TABLE
    unit = club_money_settings(tournament.club).rounding_unit
    sheet = calcutta_sheet(pure_lots, places, table, calcutta.house_share, unit)
    rows = []
    for lot in lots:
        bands = sorted(places[e.pk] for e in lot.entries.all() if e.pk in places)
        place = ""
        if bands:
            first, last = bands[0]
            place = str(first) if first == last else f"{first}–{last}"
        rows.append(
            LotRow(
                lot,
                [e.player.name for e in lot.entries.all()],
                place,
                sheet.prizes.get(lot.number, 0),
            )
        )
    players_of = {row.lot.number: ", ".join(row.players) for row in rows}
    statements: dict[int, Statement] = {}
    for h in sheet.holdings:
        statement = statements.setdefault(h.owner, Statement(names[h.owner]))
        statement.holdings.append(
            Holding(h.lot, players_of.get(h.lot, ""), names[h.owner], h.share, h.paid, h.won)
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
        ],
        money_in=sheet.sales,
        money_out=sheet.payouts + sheet.house + sheet.undistributed,
        balances=sheet.balances,
    )
    ordered = sorted(statements.values(), key=lambda s: s.owner.casefold())
    return CalcuttaSettlement(calcutta, sheet, rows, ordered, block)


def full_payout_sheet(tournament: Tournament) -> PayoutSheet:
    """The payout sheet with the Calcutta's payouts to the owners and its books."""
    sheet = payout_sheet(tournament)
    settlement = calcutta_settlement(tournament)
    if settlement is None or not settlement.lots:
        return sheet
    places = {row.lot.number: row.place for row in settlement.lots}
    for statement in settlement.statements:
        for holding in statement.holdings:
            if holding.won:
                sheet.rows.append(
                    SheetRow(
                        pool=str(_("Calcutta")),
                        flight=holding.players,
                        place=places.get(holding.lot, ""),
                        entry_id=0,
                        player=holding.owner,
                        share=holding.won,
                        remainder=0,
                        pool_key="calcutta",
                        flight_code=str(holding.lot),
                    )
                )
    sheet.pools.append(settlement.block)
    return sheet
