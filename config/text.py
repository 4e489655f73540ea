"""What a visitor typed, read safely: a whole number in ASCII digits, a name that shows."""

from __future__ import annotations

import unicodedata


def whole_number(text: str, *, most: int = 2**63 - 1) -> int | None:
    """The number ``text`` spells in ASCII digits, at most ``most``; else None.

    ``str.isdigit`` also accepts "²" and "١٢", which ``int`` refuses or reads as another
    number, and a number past a database column's range fails the query.

    >>> whole_number("12"), whole_number("²"), whole_number("١٢"), whole_number("9" * 30)
    (12, None, None, None)
    """
    if not (text.isascii() and text.isdigit()):
        return None
    number = int(text)
    return number if number <= most else None


def visible(text: str) -> str:
    """``text`` without its invisible format characters (right-to-left marks, zero-width
    spaces, byte-order marks: Unicode's category Cf) and the spaces around it: what is left
    is what a reader sees; an empty result means nothing was typed that shows."""
    return "".join(c for c in text if unicodedata.category(c) != "Cf").strip()
