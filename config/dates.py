"""Dates on a club's pages as readers in the club's country write them.

A page is in the reader's language: the one he chose (the language switch, his player's
language after logging in). German reads German everywhere. English is written one way in
the United States (12/06/2026, 6:30 p.m.) and another in the United Kingdom, Germany and most
of the world (06/12/2026, 18:30): on the page of a club (an address with ``<club>``) that has
said its country, English dates follow that country; on a page of no club, or of a club that
has not said, the language's own (Django's English, the American way).

The reader's browser region (``Accept-Language: en-US``) is no choice he made here: it is
what nearly every English browser sends, and it would put the American way on every club's
pages. His choice is the language; the country is the club's.

English as written where the day comes first is the language ``en-gb`` (its formats are
``config.formats.en_GB``, its texts English's), activated for the club's page: every date the
page writes (a template's ``|date``, ``formats.date_format`` in a view or a service) and every
cache key and ETag that holds the language (``tournaments.pagecache``) agree with it.

The club's country is kept in the cache once read, and each process keeps its own copy in
front of it for half a minute: a page served whole from the process's own copy costs nothing
more. A club saved is forgotten at once (in this process and in the shared cache; another
process's copy within half a minute), and the shared copy expires in an hour in any case (a
change made where this module was not loaded, in a shell or a worker).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from clubs.models import Club

#: English as written where the day comes first (``config.formats.en_GB``).
DAY_FIRST_ENGLISH = "en-gb"
#: Countries whose English writes the month first, as CLDR has it (en_US and the English of
#: the American territories, the Philippines, the Marshall Islands, Burundi). Everywhere else
#: the day comes first (CLDR writes some countries' English year first, Canada's and
#: Sweden's: there the day-first English is the reading no one takes for the month).
MONTH_FIRST = frozenset({"AS", "BI", "GU", "MH", "MP", "PH", "PR", "UM", "US", "VI"})

#: How long a club's country is kept in the cache (seconds).
KEEP_SECONDS = 3600
#: How long a process keeps its own copy in front of the cache (seconds): a page served whole
#: from the process's own copy (``tournaments.pagecache``) costs no trip to the shared cache
#: for it; a country changed in another process shows here within this time.
LOCAL_SECONDS = 30

#: Slug → (country, until when) of this process's own copies.
_local: dict[str, tuple[str, float]] = {}


def _by_country(language: str) -> bool:
    """Whether the language's dates differ by the club's country: English's alone."""
    return language.split("-")[0].lower() == "en"


def dates_language(language: str, country: str) -> str:
    """The language whose formats write the dates of a page in ``language`` about a club in
    ``country`` (an ISO 3166 code, empty when unknown)."""
    if not country or not _by_country(language):
        return language
    return "en" if country in MONTH_FIRST else DAY_FIRST_ENGLISH


def _key(slug: str) -> str:
    return f"club-country:{slug}"


def club_country(slug: str) -> str | None:
    """The country of the club with this short name ("" when it has not said), None when
    there is no such club (nothing kept for an address anyone may type)."""
    kept = _local.get(slug)
    now = time.monotonic()
    if kept is not None and kept[1] > now:
        return kept[0]
    country = cache.get(_key(slug))
    if country is None:
        country = Club.objects.filter(slug=slug).values_list("country", flat=True).first()
        if country is None:
            return None
        cache.set(_key(slug), country, KEEP_SECONDS)
    if len(_local) > 10_000:  # addresses anyone may type are no clubs: never kept; a bound
        _local.clear()
    _local[slug] = (str(country), now + LOCAL_SECONDS)
    return str(country)


def forget_club_country(slug: str) -> None:
    """Forget the kept country at once and again after the commit: a page read in between
    must not keep the old one for an hour."""
    _forget(slug)
    transaction.on_commit(lambda: _forget(slug))


def _forget(slug: str) -> None:
    _local.pop(slug, None)
    cache.delete(_key(slug))


def _club_changed(sender: type[Club], instance: Club, **kwargs: Any) -> None:
    forget_club_country(instance.slug)


# Every save: the organizer's form, the admin, a club made again with a forgotten one's name.
post_save.connect(_club_changed, sender=Club, dispatch_uid="config.dates.saved")
post_delete.connect(_club_changed, sender=Club, dispatch_uid="config.dates.deleted")


class ClubDatesMiddleware:
    """On a club's page read in English, the English of the club's country (see above).
    After ``LocaleMiddleware``, which activates the reader's language."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., Any],
        view_args: tuple[Any, ...],
        view_kwargs: dict[str, Any],
    ) -> None:
        slug = view_kwargs.get("club")
        language = translation.get_language() or ""
        if not isinstance(slug, str) or not _by_country(language):
            return  # a German reader's page costs nothing
        dated = dates_language(language, club_country(slug) or "")
        if dated != language:
            translation.activate(dated)
