"""Request rates for the API (``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``).

Three kinds of caller, each counted on its own: anonymous readers per address, logged-in users
per account, and a club's API token (``Authorization: Token``) per token, whatever address it
comes from. DRF's own classes read the rates once at import; these read them on every request,
so a settings change (and a test) takes effect.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from clubs.models import ApiToken
from config.cache import count_hit_during

T = TypeVar("T")


def _is_token(request: Any) -> bool:
    return isinstance(getattr(request, "auth", None), ApiToken)


class _SettingsRate(SimpleRateThrottle):
    """DRF's rate, counted in one counter per caller and window (``config.cache.count_hit``):
    ``num_requests`` per ``duration`` from the caller's first request in it."""

    wait_seconds: float | None = None
    #: The request this throttle last counted (``count_during``), and found ``key`` for.
    _counted_for: Any = None

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)  # type: ignore[no-any-return]

    def allow_request(self, request: Any, view: Any) -> bool:
        if self._counted_for is not request:  # else counted (and its key found) already
            self.count_during(request, view, lambda: None)
        if self.key is None:
            return True
        count, left = _counted(request)[self.key]
        if count <= self.num_requests:
            return True
        self.wait_seconds = max(left, 1.0)
        return False

    def wait(self) -> float | None:
        return self.wait_seconds

    def count_during(self, request: Any, view: Any, work: Callable[[], T]) -> T:
        """``work()``, this request counted meanwhile (see :func:`counted_during`). Counted
        once per request, though asked twice when a cached read is refused
        (``ApiView.dispatch`` counts first, then Django REST framework's refusal asks)."""
        self.key = None if self.rate is None else self.get_cache_key(request, view)
        counted = _counted(request)
        if self.key is None or self.key in counted:
            self._counted_for = request
            return work()
        result, counted[self.key] = count_hit_during(self.cache, self.key, int(self.duration), work)
        self._counted_for = request
        return result


def _counted(request: Any) -> dict[str, tuple[int, float]]:
    """This request's counts, by counter: each counter is raised once per request."""
    http_request = getattr(request, "_request", request)
    return http_request.__dict__.setdefault("counted_hits", {})  # type: ignore[no-any-return]


def counted_during(request: Any, view: Any, throttles: Sequence[Any], work: Callable[[], T]) -> T:
    """``work()``, with the request counted by each of ``throttles`` while it runs: the
    counts' round trips to Redis overlap ``work``'s wait for the database. ``allow_request``
    then decides on the counts without asking again."""
    if not throttles:
        return work()
    first, rest = throttles[0], throttles[1:]
    if not isinstance(first, _SettingsRate):
        return counted_during(request, view, rest, work)
    return first.count_during(request, view, lambda: counted_during(request, view, rest, work))


class AnonThrottle(_SettingsRate):
    """Anonymous callers without a token, per address."""

    scope = "anon"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if request.user.is_authenticated or _is_token(request):
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class UserThrottle(_SettingsRate):
    """Logged-in users (the session), per account."""

    scope = "user"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if not request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class TokenThrottle(_SettingsRate):
    """A club's API token, per token."""

    scope = "token"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if not _is_token(request):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.auth.pk}
