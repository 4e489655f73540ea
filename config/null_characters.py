"""A NUL character in what a visitor sends is refused with a clear 400 before anything reads it.

PostgreSQL cannot hold NUL (0x00) in text, not even to compare it in a query: a NUL in a
filter, a slug or a form field would reach the database and end as a 500 with a traceback
logged per request (SQLite would store it). No text anyone types holds a NUL, so the address,
the query string and a form's fields are checked once, here, whatever view would read them.
The API's bodies (JSON, multipart) are DRF's to parse: ``api.parsers`` refuses NUL there
with the API's error shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext

NUL = "\x00"
CODE = "null_character"
#: Bodies Django parses into ``request.POST`` (a browser's forms).
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
#: The API's addresses answer in the API's JSON error shape; DRF parses their bodies.
API_PREFIX = "/api/"


def message() -> str:
    return gettext(
        "The request contains a NUL character (a zero byte), which no text may hold. "
        "Remove it and send the request again."
    )


def holds_nul(texts: Iterable[str]) -> bool:
    return any(NUL in text for text in texts)


def _query_holds_nul(query: object) -> bool:
    lists = getattr(query, "lists", None)
    if lists is None:
        return False
    return any(NUL in key or holds_nul(values) for key, values in lists())


def request_holds_nul(request: HttpRequest) -> bool:
    if NUL in request.path_info or _query_holds_nul(request.GET):
        return True
    if request.method != "POST" or request.path_info.startswith(API_PREFIX):
        return False
    if request.content_type not in FORM_TYPES:
        return False
    # The file fields' contents are the upload's to judge (a match file names its own
    # errors); their names are text like any other field's.
    files = request.FILES
    return _query_holds_nul(request.POST) or any(
        NUL in (upload.name or "") for upload in files.values()
    )


def refusal(request: HttpRequest) -> HttpResponse:
    text = message()
    if request.path_info.startswith(API_PREFIX):
        return JsonResponse({"code": CODE, "detail": text}, status=400)
    html = render_to_string("400.html", {"message": text}, request=request)
    return HttpResponse(html, status=400)


class RejectNullCharactersMiddleware:
    """After the session, the language and the user (the 400 page greets the visitor as any
    page does), before anything resolves the address or reads the query. Sync and async, so
    it costs no thread hop under ASGI; only the rare refusal renders in a thread (its page
    reads the user)."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        if iscoroutinefunction(self.get_response):
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if iscoroutinefunction(self):
            return self.__acall__(request)
        if request_holds_nul(request):
            return refusal(request)
        return self.get_response(request)

    async def __acall__(self, request: HttpRequest) -> HttpResponse:
        if request_holds_nul(request):
            return await sync_to_async(refusal)(request)
        return await self.get_response(request)
