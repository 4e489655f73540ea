"""``{{ amount|money:numbers }}``: an amount in minor units in the reader's format."""

from __future__ import annotations

from django import template

from money.currency import NumberFormat
from money.ledgertexts import ledger_text
from money.models import LedgerEntry

register = template.Library()


@register.filter
def money(value: int | None, numbers: NumberFormat) -> str:
    if value is None or value == "":
        return ""
    return numbers.amount(int(value))


@register.filter
def percent(value: int | None, numbers: NumberFormat) -> str:
    if value is None:
        return ""
    return numbers.percent(int(value)) + " %"


@register.filter
def ledger_row_text(row: LedgerEntry, numbers: NumberFormat) -> str:
    """What the app says of a ledger row, in the reader's language."""
    return ledger_text(row.text_key, row.text_params, numbers)
