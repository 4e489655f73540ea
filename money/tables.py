"""The money app's tables (django-tables2), exportable to CSV and XLSX; amounts in the
reader's number format."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import django_tables2 as tables
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext_lazy as _

from money.currency import NumberFormat
from money.ledgertexts import row_text
from money.methods import method_label

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class LedgerTable(tables.Table):
    """The ledger's export: every row, what the app says of it and the person's words, and
    which row it reverses or was reversed by."""

    number = tables.Column(verbose_name=_("No."), accessor="pk", attrs=NUM)
    created_at = tables.Column(verbose_name=_("Recorded at"))
    kind = tables.Column(verbose_name=_("Kind"), accessor="get_kind_display")
    tournament = tables.Column(verbose_name=_("Tournament"), default="")
    player = tables.Column(verbose_name=_("Player"), default="")
    amount = tables.Column(verbose_name=_("Amount"), attrs=NUM)
    method = tables.Column(verbose_name=_("Method"), default="")
    reference = tables.Column(verbose_name=_("Reference"), default="")
    memo = tables.Column(verbose_name=_("Memo"), empty_values=())
    recorded_by = tables.Column(verbose_name=_("Recorded by"), default="")
    reverses = tables.Column(verbose_name=_("Reverses"), accessor="reverses_id", default="")
    reversed_by = tables.Column(
        verbose_name=_("Reversed by"), accessor="reversed_by_number", default=""
    )

    class Meta:
        orderable = False
        attrs = {"class": "table ledger"}
        empty_text = _("Nothing booked yet.")

    def __init__(
        self, data: Any, *, numbers: NumberFormat, own_method: str = "", **kwargs: Any
    ) -> None:
        super().__init__(data, **kwargs)
        self.numbers = numbers
        self.own_method = own_method

    def render_created_at(self, value: Any) -> str:
        return date_format(localtime(value), "SHORT_DATETIME_FORMAT")

    def value_created_at(self, value: Any) -> str:
        return localtime(value).strftime("%Y-%m-%d %H:%M:%S")

    def render_amount(self, value: int) -> str:
        return self.numbers.plain(value)

    def value_amount(self, value: int) -> str:
        return self.numbers.plain(value)

    def render_method(self, value: str) -> str:
        return method_label(value, self.own_method)

    value_method = render_method

    def render_recorded_by(self, value: Any) -> str:
        return str(value.get_username())

    def render_memo(self, record: Any) -> str:
        """What the app says of the row (in the reader's language), then the person's words."""
        return " · ".join(part for part in (row_text(record, self.numbers), record.memo) if part)

    value_memo = render_memo

    def value_recorded_by(self, value: Any) -> str:
        return str(value.get_username())


def amount_value(minor: int, numbers: NumberFormat) -> Decimal:
    """An amount as a number for the exports: the CSV writes it in the reader's format, the
    XLSX keeps it a number (``Decimal("55.10")`` for 5510 cents)."""
    return Decimal(minor).scaleb(-numbers.digits)


def percent_value(basis_points: int) -> Decimal:
    """A percentage as a number for the exports (12.50 for 1250 basis points)."""
    return Decimal(basis_points).scaleb(-2)


class PayoutSheetTable(tables.Table):
    """The payout sheet by pool and flight (each place, the places still to be decided, the
    flight's total), then the books of each pool (for the exports). A provisional sheet has
    no "Paid out" column."""

    pool = tables.Column(verbose_name=_("Pool"))
    flight = tables.Column(verbose_name=_("Flight"))
    place = tables.Column(verbose_name=_("Place"))
    percentage = tables.Column(verbose_name=_("Share of the pool (%)"), attrs=NUM)
    player = tables.Column(verbose_name=_("Player"))
    prize = tables.Column(verbose_name=_("Prize"), attrs=NUM)
    owed = tables.Column(verbose_name=_("Fee owed"), attrs=NUM)
    net = tables.Column(verbose_name=_("Paid out"), attrs=NUM)

    class Meta:
        orderable = False
        attrs = {"class": "table payouts"}
        empty_text = _("No prizes yet.")

    def __init__(
        self, data: Any, *, numbers: NumberFormat, final: bool = True, **kwargs: Any
    ) -> None:
        super().__init__(data, exclude=() if final else ("net",), **kwargs)
        self.numbers = numbers

    def _amount(self, value: Any) -> str:
        return self.numbers.plain(value) if isinstance(value, int) else str(value or "")

    def _amount_value(self, value: Any) -> Any:
        return amount_value(value, self.numbers) if isinstance(value, int) else value

    def render_percentage(self, value: Any) -> str:
        return self.numbers.percent(value) if isinstance(value, int) else ""

    def value_percentage(self, value: Any) -> Any:
        return percent_value(value) if isinstance(value, int) else ""

    render_prize = render_owed = render_net = _amount
    value_prize = value_owed = value_net = _amount_value


def sheet_table_rows(sheet: Any) -> list[dict[str, Any]]:
    """The sheet's rows for :class:`PayoutSheetTable`: flight by flight, then the books."""
    rows: list[dict[str, Any]] = []
    for block in sheet.flights:
        flight = block.flight if block.pool_key == "prizes" else ""
        for row in block.rows:
            rows.append(
                {
                    "pool": row.pool,
                    "flight": row.flight if row.pool_key == "calcutta" else flight,
                    "place": row.place,
                    "percentage": row.percentage or None,
                    "player": row.player,
                    "prize": row.prize,
                    "owed": row.owed or None,
                    "net": row.net,
                }
            )
        for band in block.open:
            rows.append(
                {
                    "pool": block.pool,
                    "flight": flight,
                    "place": band.place,
                    "percentage": band.percentage or None,
                    "player": _("To be decided"),
                    "prize": band.amount,
                }
            )
        if block.undistributed:
            rows.append(
                {
                    "pool": block.pool,
                    "flight": flight,
                    "player": _("Not yet paid out (no final places)"),
                    "prize": block.undistributed,
                }
            )
        rows.append(
            {"pool": block.pool, "flight": flight, "player": _("Total"), "prize": block.total}
        )
    for pool in sheet.pools:
        for line in pool.lines:
            rows.append(
                {
                    "pool": pool.label,
                    "flight": _("Books"),
                    "player": line.label,
                    "prize": line.amount,
                }
            )
        rows.append(
            {
                "pool": pool.label,
                "flight": _("Books"),
                "player": _("Balances") if pool.balances else _("Does not balance"),
                "prize": pool.money_in - pool.money_out,
            }
        )
    return rows
