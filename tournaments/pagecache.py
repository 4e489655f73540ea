"""Public pages and API reads cached under the tournament's version (``tournaments.versions``),
the club's (``clubs.versions``, with its tournaments': ``selectors.public_club_version``), the
public clubs' (the list of clubs), or the code's (log-in and sign-up, kept in each process).

A cached part is keyed by (the release of the code, what it is, the tournament, its version,
the language, the page's parameters): the service that makes a change raises the version in
the change's transaction, once (``tournaments.versions``), so the next request misses and
builds the part anew, and a new release (``config.release``) builds every part anew; nothing
is ever stale, and nothing needs deleting (old versions expire). A page that changes by the
clock instead (a sign-up opening at its set time) names the moment (:func:`changes_at`), and
its copy cached whole is built anew once it has come. Personal parts of a page (the log-in
bar, the organizer's buttons, "you are entered") are never in a cached part. The cache is
``CACHES["default"]``: Redis with ``REDIS_URL``, local memory on the embedded defaults.

HTMX polls the live parts of the pages; :func:`not_modified` answers them 304 Not Modified
while the version (their ETag) is the one the browser has.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import partial, wraps
from typing import Any, Protocol, TypeVar

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache, caches
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH
from django.template.response import SimpleTemplateResponse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import get_language

from config.release import release
from tournaments import selectors

T = TypeVar("T")


class Versioned(Protocol):
    """A tournament, or a club's pages (``selectors.ClubVersion``): what a cache key holds."""

    @property
    def page_version(self) -> str: ...


#: Seconds a cached part lives: a version that is not asked for again simply expires.
TIMEOUT = 24 * 3600
#: The query parameters that change a cached part (sorting, paging, filters).
PARAMS = ("sort", "page", "round", "club", "per_page")


def key(name: str, tournament: Versioned, params: Iterable[object] = ()) -> str:
    extra = hashlib.md5(
        "|".join(str(p) for p in params).encode(), usedforsecurity=False
    ).hexdigest()
    return f"page:{release()}:{name}:{tournament.page_version}:{get_language()}:{extra}"


def list_key(name: str, versions: str) -> str:
    """The key of a list of tournaments: their page versions, in the list's order."""
    digest = hashlib.md5(versions.encode(), usedforsecurity=False).hexdigest()
    return f"page:{release()}:{name}:{get_language()}:{digest}"


def request_params(request: HttpRequest) -> list[str]:
    return [f"{name}={request.GET.get(name, '')}" for name in PARAMS]


def cached(
    name: str, tournament: Versioned, build: Callable[[], T], params: Iterable[object] = ()
) -> T:
    """The part ``name`` of this tournament at its version: from the cache, else built."""
    cache_key = key(name, tournament, params)
    found = cache.get(cache_key)
    if found is None:
        found = build()
        cache.set(cache_key, found, TIMEOUT)
    return found


def cached_here(
    name: str, tournament: Versioned, build: Callable[[], T], params: Iterable[object] = ()
) -> T:
    """As :func:`cached`, with this process's own copy in front (``CACHES["pages"]``): a hit
    costs no round trip to Redis. The key holds the version, so a copy is never stale."""
    cache_key = key(name, tournament, params)
    found = lookup(cache_key)
    if found is None:
        found = build()
        keep(cache_key, found)
    return found


def lookup(cache_key: str) -> Any:
    """This process's copy (``CACHES["pages"]``), else the shared cache's, then kept here
    too; None if neither has it."""
    local = caches["pages"]
    found = local.get(cache_key)
    if found is None:
        found = cache.get(cache_key)
        if found is not None:
            local.set(cache_key, found, TIMEOUT)
    return found


def keep(cache_key: str, value: object) -> None:
    """Into the shared cache and this process's copy (see :func:`lookup`)."""
    cache.set(cache_key, value, TIMEOUT)
    caches["pages"].set(cache_key, value, TIMEOUT)


#: Stands for the visitor's CSRF token in a page cached whole (see ``whole_page``).
CSRF_PLACEHOLDER = "__crawford_csrf_token__"
_PLACEHOLDER_BYTES = CSRF_PLACEHOLDER.encode()
_INDEX = {char: i for i, char in enumerate(CSRF_ALLOWED_CHARS)}
#: The largest multiple of the alphabet's size below 256: bytes under it map uniformly.
_UNIFORM_BELOW = 256 - 256 % len(CSRF_ALLOWED_CHARS)


def _random_chars(count: int) -> str:
    """``count`` characters drawn uniformly from the CSRF alphabet, from the OS's random
    source in one call (Django's ``get_random_string`` asks it once per character: a third of
    a cached page's cost)."""
    chars: list[str] = []
    size = len(CSRF_ALLOWED_CHARS)
    while len(chars) < count:
        drawn = os.urandom(count + 16)
        chars += [CSRF_ALLOWED_CHARS[b % size] for b in drawn if b < _UNIFORM_BELOW]
    return "".join(chars[:count])


def visitor_csrf_token(request: HttpRequest) -> str:
    """What ``django.middleware.csrf.get_token`` gives, drawn faster: the visitor's secret
    (their CSRF cookie, or a new one that ``CsrfViewMiddleware`` then sets) masked by a fresh
    random mask, so that no two pages carry the same token."""
    secret = request.META.get("CSRF_COOKIE")
    if secret is None:
        secret = request.META["CSRF_COOKIE"] = _random_chars(CSRF_SECRET_LENGTH)
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True  # as get_token: the cookie goes out
    mask = _random_chars(CSRF_SECRET_LENGTH)
    size = len(CSRF_ALLOWED_CHARS)
    pairs = zip(secret, mask, strict=True)
    cipher = "".join(CSRF_ALLOWED_CHARS[(_INDEX[x] + _INDEX[y]) % size] for x, y in pairs)
    return mask + cipher


def is_anonymous_visit(request: HttpRequest) -> bool:
    """A GET without a session or messages: the page is the same for every such visitor but
    for the CSRF token (its forms: the language switch)."""
    return (
        request.method == "GET"
        and not request.COOKIES.get(settings.SESSION_COOKIE_NAME)
        and not request.COOKIES.get(CookieStorage.cookie_name)
        and "_export" not in request.GET
    )


View = Callable[..., HttpResponse]


def changes_at(request: HttpRequest, moment: datetime | None) -> None:
    """The page being built for ``request`` changes by the clock at ``moment`` (a sign-up
    opens or closes), not by a service raising the version: a copy cached whole
    (:func:`whole_page`) is built anew from then on."""
    if moment is None:
        return
    until = moment.timestamp()
    earlier = getattr(request, "page_changes_at", None)
    if earlier is None or until < earlier:
        request.page_changes_at = until  # type: ignore[attr-defined]


def _outdated(found: tuple[Any, ...]) -> bool:
    """A page cached whole whose moment (:func:`changes_at`) has come."""
    until = found[3]
    return until is not None and timezone.now().timestamp() >= until


def whole_page(
    request: HttpRequest,
    tournament: Versioned,
    name: str,
    build: Callable[[], HttpResponse],
    *,
    shared: bool = True,
) -> HttpResponse:
    """An anonymous visitor's page, cached whole under the tournament's (or the club's)
    version, with the visitor's own CSRF token put in (``build`` renders it with
    :data:`CSRF_PLACEHOLDER`) and the headers the view gave it (a download's file name, the
    log-in page's "never cache"). Not ``shared``: kept in this process only."""
    polled = _htmx(request)
    cache_key = key(f"body:{name}", tournament, [request.get_full_path(), polled])
    found = lookup(cache_key) if shared else caches["pages"].get(cache_key)
    if found is None or _outdated(found):
        response = build()
        if response.status_code != 200 or response.streaming:
            return response
        if isinstance(response, SimpleTemplateResponse):  # a class-based view's
            response.render()
        # The body as bytes around the placeholders: a hit only joins them. A tuple, kept in
        # this process as it is (``config.cache.LocalCopiesCache``).
        headers = tuple(
            (header, value)
            for header, value in response.items()
            if header.lower() not in ("content-type", "content-length")
        )
        content_type = response["Content-Type"]
        # Only a page has the token's placeholder: a download is sent as it was uploaded.
        is_page = content_type.startswith("text/html")
        content = response.content
        parts = tuple(content.split(_PLACEHOLDER_BYTES)) if is_page else (content,)
        found = (parts, content_type, headers, getattr(request, "page_changes_at", None))
        if shared:
            keep(cache_key, found)
        else:
            caches["pages"].set(cache_key, found, TIMEOUT)
    # An older release's copies are not found: its keys hold another release.
    parts, content_type, headers, _until = found
    body = visitor_csrf_token(request).encode().join(parts) if len(parts) > 1 else parts[0]
    response = HttpResponse(body, content_type)
    for header, value in headers:
        response[header] = value
    return tag_response(request, tournament, response)


def _served_whole(
    request: HttpRequest,
    version: Versioned,
    view: View,
    build: Callable[[], HttpResponse],
    *,
    shared: bool = True,
) -> HttpResponse:
    """An anonymous visitor's page under ``version``: 304 to a poll that has it, else the
    page cached whole (:func:`whole_page`)."""
    unchanged = not_modified(request, version)
    if unchanged is not None:
        return unchanged
    request.page_cached_whole = True  # type: ignore[attr-defined]
    named = getattr(view, "view_class", view)  # a class-based view's ``as_view()``
    name = f"{named.__module__}.{named.__qualname__}"
    return whole_page(request, version, name, build, shared=shared)


def anonymous_cached_under(
    version_of: Callable[..., Versioned | None], *, shared: bool = True
) -> Callable[[View], View]:
    """Serve an anonymous visitor's GET from a cache of the whole page (:func:`whole_page`)
    under ``version_of``, asked with the view's own arguments from the address; others get
    the page with its cached parts and their own log-in bar and buttons. ``version_of``
    answers None for a page that is not public (or not there): the view is called and says
    which. Not ``shared``: kept in this process only."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not is_anonymous_visit(request):
                return view(request, *args, **kwargs)
            version = version_of(*args, **kwargs)
            if version is None:
                return view(request, *args, **kwargs)
            build = partial(view, request, *args, **kwargs)
            return _served_whole(request, version, view, build, shared=shared)

        return wrapped

    return decorate


def _tournament_version(club: str, tournament: str, **_: Any) -> Versioned | None:
    return selectors.public_tournament_version(club, tournament)


def _club_version(club: str, **_: Any) -> Versioned | None:
    return selectors.public_club_version(club)


#: For views of ``/clubs/<club>/t/<tournament>/…``: under the tournament's version.
anonymous_cached = anonymous_cached_under(_tournament_version)
#: For the club's own pages (``/clubs/<club>/…``): under the version of the club's pages
#: (``selectors.public_club_version``).
anonymous_club_cached = anonymous_cached_under(_club_version)


@dataclass(frozen=True)
class Fixed:
    """A version that never changes (``page_version``)."""

    page_version: str


#: The version of a page built from the code and the settings alone (the log-in and sign-up
#: forms): such a page is kept in each process only (``shared=False``), and a new release
#: starts new processes.
CODE = Fixed("code")


def code_version() -> Fixed:
    return CODE


def context(request: HttpRequest) -> dict[str, str]:
    """Context processor: the release, for the templates' cached parts (``{% cache %}``: keyed
    as :func:`key` keys them); a page built to be cached whole gets the CSRF placeholder."""
    if getattr(request, "page_cached_whole", False):
        return {"page_release": release(), "csrf_token": CSRF_PLACEHOLDER}
    return {"page_release": release()}


def etag(tournament: Versioned, request: HttpRequest) -> str:
    """The ETag of a polled part: the version, for this language and this user."""
    user = getattr(request, "user", None)
    user_id = user.pk if user is not None and user.is_authenticated else 0
    return f'"t{tournament.page_version}-{get_language()}-u{user_id}-{release()}"'


def _htmx(request: HttpRequest) -> bool:
    """An HTMX request. From META: ``request.headers`` first makes a mapping of every header
    (on a cached page, as much as the rest of its lookup)."""
    return bool(request.META.get("HTTP_HX_REQUEST"))


def is_poll(request: HttpRequest) -> bool:
    return request.method == "GET" and _htmx(request)


def not_modified(request: HttpRequest, tournament: Versioned) -> HttpResponse | None:
    """304 Not Modified for an HTMX poll whose ETag is still the tournament's version."""
    if not is_poll(request):
        return None
    tag = etag(tournament, request)
    if tag in parse_etags(request.headers.get("If-None-Match", "")):
        response = HttpResponseNotModified()
        _mark(response, tag)
        return response
    return None


def tag_response(request: HttpRequest, tournament: Versioned, response: HttpResponse) -> Any:
    """Give a polled part its ETag so that the next poll may be answered 304."""
    if is_poll(request) and response.status_code == 200:
        _mark(response, etag(tournament, request))
    return response


def _mark(response: HttpResponse, tag: str) -> None:
    response["ETag"] = tag
    # Kept by the browser, asked again every time (If-None-Match); never shared.
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["HX-Request", "Cookie", "Accept-Language"])
