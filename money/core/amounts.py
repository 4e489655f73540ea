"""Amounts and percentages as people type and read them, in their own number format.

An amount is an integer in the currency's minor unit: ``parse_amount("12,50", 2, ",", ".")``
is 1250 cents. Nothing here goes through a float.
"""

from __future__ import annotations

import re

from money.core.shares import WHOLE

_DIGITS = re.compile(r"\d+")


class AmountError(ValueError):
    """Text that is not an amount (or a percentage) in the expected format."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"{text!r}: {reason}")
        self.text = text
        self.reason = reason


def _parse_fixed(text: str, digits: int, decimal: str, group: str) -> int:
    """``text`` as an integer count of ``10 ** -digits``; refuses signs, letters, more decimals
    than ``digits`` and misplaced group separators."""
    cleaned = text.strip().replace("\u00a0", " ").replace("\u202f", " ")
    if not cleaned:
        raise AmountError(text, "empty")
    whole, _sep, fraction = cleaned.partition(decimal) if decimal in cleaned else (cleaned, "", "")
    if group:
        parts = whole.split(group)
        if len(parts) > 1 and (
            not 1 <= len(parts[0]) <= 3 or any(len(part) != 3 for part in parts[1:])
        ):
            raise AmountError(text, "misplaced group separator")
        whole = "".join(parts)
    if _sep and not fraction:
        raise AmountError(text, "nothing after the decimal separator")
    if not _DIGITS.fullmatch(whole) or (fraction and not _DIGITS.fullmatch(fraction)):
        raise AmountError(text, "not a number")
    if len(fraction) > digits:
        raise AmountError(text, "too many decimals")
    scale: int = 10**digits
    return int(whole) * scale + int(fraction.ljust(digits, "0") or "0")


def parse_amount(text: str, digits: int = 2, decimal: str = ".", group: str = ",") -> int:
    """An amount typed as the reader writes numbers, in minor units.

    >>> parse_amount("1.234,5", 2, ",", ".")
    123450
    >>> parse_amount("12.345", 2, ".", ",")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    money.core.amounts.AmountError: '12.345': too many decimals
    """
    return _parse_fixed(text, digits, decimal, group)


def parse_percent(text: str, decimal: str = ".") -> int:
    """A percentage with at most two decimals, in basis points, 0 to 100 %.

    >>> parse_percent("12,5", ",")
    1250
    """
    value = _parse_fixed(text.strip().removesuffix("%"), 2, decimal, "")
    if value > WHOLE:
        raise AmountError(text, "over 100 %")
    return value


def _group(digits: str, group: str) -> str:
    head = len(digits) % 3 or 3
    return group.join([digits[:head], *(digits[i : i + 3] for i in range(head, len(digits), 3))])


def format_amount(amount: int, digits: int = 2, decimal: str = ".", group: str = ",") -> str:
    """Minor units as the reader writes an amount.

    >>> format_amount(-123450, 2, ",", ".")
    '-1.234,50'
    """
    sign = "-" if amount < 0 else ""
    scale: int = 10**digits
    whole, fraction = divmod(abs(amount), scale)
    text = _group(str(whole), group)
    if digits:
        text += decimal + str(fraction).rjust(digits, "0")
    return sign + text


def format_percent(basis_points: int, decimal: str = ".") -> str:
    """Basis points as a percentage with the decimals it needs: 1250 is "12.5"."""
    whole, fraction = divmod(basis_points, 100)
    if not fraction:
        return str(whole)
    return f"{whole}{decimal}{fraction:02d}".rstrip("0")
