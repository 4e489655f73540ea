"""Sentences with a date or time in them: one that ends with an abbreviation ends with its
period ("… at 6:30 p.m."), not a second one ("… p.m.."), as in print."""

from __future__ import annotations


def one_full_stop(text: str) -> str:
    """``text`` without the second period a sentence gets after an abbreviation.

    >>> one_full_stop("Sign-up closes on Dec. 11, 2026, 6:30 p.m..")
    'Sign-up closes on Dec. 11, 2026, 6:30 p.m.'
    >>> one_full_stop("Anmeldeschluss ist am 11. Dezember 2026 18:30.")
    'Anmeldeschluss ist am 11. Dezember 2026 18:30.'
    >>> one_full_stop("To be continued...")
    'To be continued...'
    """
    if text.endswith("..") and not text.endswith("..."):
        return text[:-1]
    return text
