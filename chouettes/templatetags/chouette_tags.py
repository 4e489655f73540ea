"""Amounts of money in the page's language ("12,50 €" in German, "€12.50" in English)."""

from __future__ import annotations

from decimal import Decimal

from babel.numbers import format_currency, get_currency_precision
from django import template
from django.utils.translation import get_language, to_locale

register = template.Library()


@register.filter
def money(amount: int, currency: str) -> str:
    """An amount in minor units (cents) as the page's language writes it."""
    precision = get_currency_precision(currency)
    value = Decimal(amount).scaleb(-precision)
    return format_currency(value, currency, locale=to_locale(get_language() or "en"))


@register.filter
def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points).replace("-", "−")


@register.filter
def get(mapping: dict, key: object) -> object:
    return mapping.get(key)
