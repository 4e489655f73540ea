"""The app's URLs plus ``/_bench/hello`` (a hello-world view behind the whole middleware chain)
for ``benchmarks/web.py``; see ``benchmarks/_web_settings.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.urls import path

from clubs.models import Club
from config.urls import urlpatterns as app_urlpatterns
from tournaments.models import Tournament


def hello(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Hello, world")


urlpatterns = [path("_bench/hello", hello), *app_urlpatterns]


class BenchMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        count = [0]

        def counting(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
            count[0] += 1
            return execute(sql, params, many, context)

        # From META, as the app reads headers on a cached page: ``request.headers`` would
        # build a mapping of every header for the floor and the pages alike.
        if request.META.get("HTTP_X_BENCH_INVALIDATE"):
            Tournament.objects.update(version=F("version") + 1)
            Club.objects.update(version=F("version") + 1)  # the list of clubs is theirs
        with connection.execute_wrapper(counting):
            response = self.get_response(request)
        response["X-Queries"] = str(count[0])
        return response
