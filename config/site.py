"""Where the app is reachable, for links in e-mails and notifications.

``settings.SITE_URL`` when it is set. Otherwise the scheme and host of the request that
caused the mail: :class:`SiteOriginMiddleware` records them for the request's duration, the
event bus stores them with each event (``events.bus.emit``) and a delivery runs its listener
with them again (``events.delivery``), so a mail sent later from a Celery task or after the
commit links to the address the person used. Work no request caused (the beat's reminders)
uses the address of the last request this cache saw.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator
from contextvars import ContextVar

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse

logger = logging.getLogger(__name__)

#: The scheme and host (``https://club.example:8443``) of the request being handled.
_origin: ContextVar[str] = ContextVar("crawford_site_origin", default="")
#: The cache key of the last request's origin, for work no request caused.
LAST_ORIGIN_KEY = "crawford:site-origin"
#: Used only when nothing better is known (no SITE_URL, no request seen yet); logged once.
FALLBACK = "http://localhost"
#: The same with DEBUG: the address ``make run`` serves, right for a newcomer; not logged.
DEVELOPMENT_ORIGIN = "http://127.0.0.1:8000"
#: Whether this process said already that it uses FALLBACK (once: the demo mails hundreds).
_fallback_logged = False


def request_origin(request: HttpRequest) -> str:
    return f"{request.scheme}://{request.get_host()}"


def current_origin() -> str:
    """The origin of the request being handled (or of the event being delivered), or ""."""
    return _origin.get()


@contextlib.contextmanager
def using_origin(origin: str | None) -> Iterator[None]:
    """Links made inside the block use ``origin`` (when it is given)."""
    if not origin:
        yield
        return
    token = _origin.set(origin.rstrip("/"))
    try:
        yield
    finally:
        _origin.reset(token)


def site_url() -> str:
    """The address links in e-mails start with, without the trailing slash."""
    configured = str(getattr(settings, "SITE_URL", "") or "").rstrip("/")
    if configured:
        return configured
    origin = current_origin()
    if origin:
        return origin
    try:
        last = cache.get(LAST_ORIGIN_KEY)
    except Exception:  # a cache that is down: fall back below
        last = None
    if last:
        return str(last)
    if settings.DEBUG:
        return DEVELOPMENT_ORIGIN
    global _fallback_logged
    if not _fallback_logged:
        _fallback_logged = True
        logger.warning(
            "SITE_URL is not set and no request has been seen yet: links in e-mails use %s",
            FALLBACK,
        )
    return FALLBACK


class SiteOriginMiddleware:
    """Record the scheme and host of each request while it is handled."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.last = ""

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            origin = request_origin(request)
        except DisallowedHost:  # Django answers 400 further on
            return self.get_response(request)
        if self.last != origin:  # one cache write per process and address, not per request
            try:
                cache.set(LAST_ORIGIN_KEY, origin, None)
                self.last = origin
            except Exception:  # a cache that is down must not fail the request (/healthz)
                logger.debug("could not remember the site's address", exc_info=True)
        with using_origin(origin):
            return self.get_response(request)
