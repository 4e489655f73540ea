"""A season's pot (a selector): the shares its tournaments carried, paid by the season's
table. Players sharing a rank share its places' prizes."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from money import selectors
from money.core import PayoutTable, Placed, PoolSheet, percent_of, pool_sheet
from money.core.payouts import DEFAULT_TABLE
from money.models import SeasonPot
from money.sheets import PoolBlock, SheetRow, pool_lines
from standings.seasons import season_table
from tournaments.models import Season, Tournament


@dataclass(frozen=True)
class Carried:
    tournament: Tournament
    amount: int


@dataclass(frozen=True)
class SeasonPotSheet:
    season: Season
    carried: list[Carried]
    sheet: PoolSheet
    rows: list[SheetRow]
    block: PoolBlock
    table: list[dict[str, object]]


def season_pot_sheet(season: Season, label: str) -> SeasonPotSheet:
    tournaments = list(
        Tournament.objects.filter(season=season)
        .select_related("money")
        .order_by("starts_at", "created_at", "pk")
    )
    carried = [
        Carried(t, percent_of(selectors.collected(t), selectors.tournament_money(t).pot_share))
        for t in tournaments
    ]
    pot = SeasonPot.objects.filter(season=season).first()
    saved = pot.payout_table if pot else []
    table = PayoutTable.from_data(saved) if saved else DEFAULT_TABLE
    rows = season_table(season, include_unpublished=True).rows
    sizes: dict[int, int] = {}
    for row in rows:
        sizes[row.rank] = sizes.get(row.rank, 0) + 1
    placed = [Placed(row.player_id, row.rank, row.rank + sizes[row.rank] - 1) for row in rows]
    names = {row.player_id: row.name for row in rows}
    unit = selectors.club_money_settings(season.club).rounding_unit
    sheet = pool_sheet(sum(c.amount for c in carried), placed, table, 0, unit)
    shown = [
        SheetRow(
            pool=label,
            flight="",
            place=str(p.first) if p.first == p.last else f"{p.first}–{p.last}",
            entry_id=p.entrant,
            player=names.get(p.entrant, ""),
            share=p.share,
            remainder=p.remainder,
        )
        for p in sheet.result.prizes
        if p.amount
    ]
    books = sheet.books
    block = PoolBlock(
        key="season-pot",
        label=label,
        lines=pool_lines(books, _("Carried from the tournaments")),
        money_in=books.money_in,
        money_out=books.money_out,
        balances=books.balances,
        remainder=sheet.result.remainder,
    )
    return SeasonPotSheet(season, carried, sheet, shown, block, saved)
