"""The app's own error pages while DEBUG is on.

With DEBUG, Django answers an unknown address and a raised ``Http404`` with its yellow
technical page and an error with its technical 500 page. A newcomer running ``make run`` should
see what a user sees (templates/404.html, 403.html, 500.html, in their language); the technical
pages stay available with ``DEBUG_TECHNICAL_PAGES=1``. Without DEBUG Django serves these
templates itself and this middleware does nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import Resolver404, get_resolver
from django.utils.log import log_response
from django.views import defaults

logger = logging.getLogger("django.request")


def _own_pages() -> bool:
    return bool(settings.DEBUG) and not getattr(settings, "DEBUG_TECHNICAL_PAGES", False)


class AppErrorPagesMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _own_pages():
            urlconf = getattr(request, "urlconf", None)
            try:
                get_resolver(urlconf).resolve(request.path_info)
            except Resolver404 as error:
                # CommonMiddleware (outside this one) still redirects /clubs to /clubs/.
                return defaults.page_not_found(request, error)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not _own_pages():
            return None
        if isinstance(exception, Http404):
            return defaults.page_not_found(request, exception)
        if isinstance(exception, PermissionDenied):
            return None  # Django serves templates/403.html with DEBUG too
        response = defaults.server_error(request)
        log_response(
            "%s: %s",
            response.reason_phrase,
            request.path,
            response=response,
            request=request,
            exception=exception,
        )
        return response
