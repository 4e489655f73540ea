"""Amounts as the reader writes them: the club's currency (its minor unit) and the number
format of the reader's language (``1,234.50`` in English, ``1.234,50`` in German)."""

from __future__ import annotations

from dataclasses import dataclass

from babel.numbers import (
    get_currency_precision,
    get_currency_symbol,
    get_decimal_symbol,
    get_group_symbol,
)
from django.utils import translation

from money.core import format_amount, format_percent, parse_amount, parse_percent


@dataclass(frozen=True)
class NumberFormat:
    """The club's currency in the reader's language."""

    currency: str
    digits: int
    decimal: str
    group: str
    symbol: str

    def amount(self, minor: int, *, symbol: bool = True) -> str:
        text = format_amount(minor, self.digits, self.decimal, self.group)
        return f"{text} {self.symbol}" if symbol else text

    def plain(self, minor: int) -> str:
        """The amount without its symbol (form fields, exports)."""
        return self.amount(minor, symbol=False)

    def parse(self, text: str) -> int:
        return parse_amount(text, self.digits, self.decimal, self.group)

    def percent(self, basis_points: int) -> str:
        return format_percent(basis_points, self.decimal)

    def parse_percent(self, text: str) -> int:
        return parse_percent(text, self.decimal)


def number_format(currency: str = "EUR", language: str | None = None) -> NumberFormat:
    locale = (language or translation.get_language() or "en").replace("-", "_")
    return NumberFormat(
        currency=currency,
        digits=get_currency_precision(currency),
        decimal=get_decimal_symbol(locale),
        group=get_group_symbol(locale),
        symbol=get_currency_symbol(currency, locale),
    )
