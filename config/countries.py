"""The countries a club may be in: ISO 3166 codes, named in the reader's language.

The names are CLDR's, through Babel: 250 names in every language with no text of ours to
translate, and the same names the reader's operating system uses.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from babel import Locale, UnknownLocaleError
from django.conf import settings
from django.utils import translation

#: CLDR's regions with two-letter codes that are no country of ISO 3166 (the European Union,
#: the United Nations, "Unknown Region", pseudo-locales) or part of one that has its own code
#: (the Canary Islands, Ceuta and Melilla, Ascension, Tristan da Cunha...).
NOT_COUNTRIES = frozenset(
    {"AC", "CP", "CQ", "DG", "EA", "EU", "EZ", "IC", "QO", "TA", "UN", "XA", "XB", "ZZ"}
)

#: Every code a club's country may have (Kosovo's XK included, as CLDR has it).
CODES = frozenset(
    code
    for code in Locale("en").territories
    if len(code) == 2 and code.isalpha() and code not in NOT_COUNTRIES
)


def _sort_key(name: str) -> str:
    """Alphabetical as a reader looks a name up: "Österreich" among the O's, not after "Z"."""
    plain = unicodedata.normalize("NFKD", name)
    return "".join(char for char in plain if not unicodedata.combining(char)).casefold()


@cache
def _choices_in(language: str) -> tuple[tuple[str, str], ...]:
    try:
        names = Locale.parse(translation.to_locale(language)).territories
    except (UnknownLocaleError, ValueError):
        names = Locale("en").territories
    named = ((code, names.get(code, code)) for code in CODES)
    return tuple(sorted(named, key=lambda pair: _sort_key(pair[1])))


def country_choices() -> list[tuple[str, str]]:
    """(code, name) of every country, in the active language, in its alphabetical order."""
    return list(_choices_in(translation.get_language() or settings.LANGUAGE_CODE))
