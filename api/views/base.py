"""What every API endpoint shares: authentication (a club's token or the session), the
permission to write, the error responses of the schema, and the caches of reads.

Reads are public for published tournaments (private clubs: members and the club's own token);
posting a result needs the token of the match's club."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse
from rest_framework.authentication import SessionAuthentication
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from api import selectors
from api.authentication import ClubTokenAuthentication
from api.errors import api_exception_handler
from api.serializers import ErrorSerializer
from api.throttling import counted_during
from clubs.models import ApiToken
from tournaments import pagecache
from tournaments.models import Tournament
from tournaments.selectors import TournamentVersion, public_tournament_version_by_id

ERRORS = {
    code: OpenApiResponse(ErrorSerializer, description=description)
    for code, description in (
        (400, "Invalid input, or a result the rules do not allow."),
        (401, "No token, or an unknown one."),
        (403, "The token belongs to another club."),
        (404, "Not found, or not visible to you."),
        (409, "The match is over, has games already, or changed since `version`."),
        (413, "The body is too large."),
        (415, "Unsupported content type."),
    )
}


class TokenForWrites(BasePermission):
    message = gettext_lazy("Posting results needs a club API token: “Authorization: Token <key>”.")

    def has_permission(self, request: Request, view: Any) -> bool:
        return request.method in SAFE_METHODS or isinstance(request.auth, ApiToken)


def _anonymous_json_read(request: HttpRequest) -> bool:
    """A GET every visitor without a session or a token gets the same JSON for (JSON, or
    anything, asked for; the browsable API and ``?format=`` are built every time)."""
    return (
        pagecache.is_anonymous_visit(request)
        and "HTTP_AUTHORIZATION" not in request.META
        and "format" not in request.GET
        # From META: ``request.headers`` would first make a mapping of every header.
        and request.META.get("HTTP_ACCEPT", "*/*") in ("*/*", "application/json")
    )


def _address(request: HttpRequest) -> list[object]:
    """What a read's absolute links (``Link``, ``next``) are made of, as the request gave it:
    the scheme, the host (checked against ``ALLOWED_HOSTS`` by ``CommonMiddleware`` already;
    ``build_absolute_uri`` would check it again), the path and the query."""
    meta = request.META
    return [
        request.scheme,
        meta.get("HTTP_X_FORWARDED_HOST"),
        meta.get("HTTP_HOST"),
        meta.get("SERVER_NAME"),
        meta.get("SERVER_PORT"),
        request.path,
        meta.get("QUERY_STRING"),
    ]


class ApiView(GenericAPIView):  # type: ignore[type-arg]
    authentication_classes = [ClubTokenAuthentication, SessionAuthentication]
    permission_classes = [TokenForWrites]
    pagination_class = None
    #: An anonymous visitor's JSON read of the tournament ``pk`` is served whole from the
    #: cache (``dispatch``).
    cached_whole = False

    def get_exception_handler(self) -> Any:
        return api_exception_handler

    def anonymous_version(self, request: HttpRequest, kwargs: dict[str, Any]) -> Any:
        """What an anonymous visitor's read is cached whole under (None: built as usual)."""
        return public_tournament_version_by_id(kwargs["pk"]) if self.cached_whole else None

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        """An anonymous visitor's JSON read, from a cache of the whole response (body and
        headers as built) under the tournament's version, as the pages are: counted by the
        rate limit, but not passed through the rest of Django REST framework (its dispatch
        cost more than the read). Anything else, a miss and a refusal, as usual."""
        if not _anonymous_json_read(request):
            return super().dispatch(request, *args, **kwargs)  # type: ignore[no-any-return]
        # Neither a session nor a token: an anonymous visitor, as the session would tell
        # after a look (the rate limit asks).
        request.user = AnonymousUser()
        throttles = self.get_throttles()
        # Counted while the version is read: Redis's round trip and the database's overlap.
        version = counted_during(
            request, self, throttles, lambda: self.anonymous_version(request, kwargs)
        )
        if version is None:
            return super().dispatch(request, *args, **kwargs)  # type: ignore[no-any-return]
        # The address as asked: the pages' links (``Link``, ``next``) hold the host.
        cache_key = pagecache.key(f"api-whole:{type(self).__name__}", version, _address(request))
        found = pagecache.lookup(cache_key)
        if found is not None and all(t.allow_request(request, self) for t in throttles):
            content, headers = found
            return HttpResponse(content, headers=headers)
        response: HttpResponseBase = super().dispatch(request, *args, **kwargs)
        if found is None and response.status_code == 200 and isinstance(response, HttpResponse):
            if isinstance(response, Response):
                response.render()
            # Kept as the session middleware will send it: its authentication read the
            # (absent) session.
            patch_vary_headers(response, ["Cookie"])
            pagecache.keep(cache_key, (response.content, tuple(response.items())))
        return response

    def cached_response(
        self,
        name: str,
        tournament: pagecache.Versioned,
        build: Callable[[], Any],
        params: Iterable[object] = (),
    ) -> HttpResponseBase:
        """A tournament's read, cached under its version (``tournaments.pagecache``): as the
        JSON bytes themselves when JSON is asked for (most clients), else as data."""
        renderer = getattr(self.request, "accepted_renderer", None)
        if type(renderer) is not JSONRenderer:
            return Response(pagecache.cached(name, tournament, build, params))
        # The body itself, in this process's memory in front of the shared cache: a warm
        # read is one small query (the tournament and its version) and no copy from Redis.
        body = pagecache.cached_here(
            f"{name}.json", tournament, lambda: renderer.render(build()), params
        )
        return HttpResponse(body, content_type=renderer.media_type)

    def tournament_version(self, pk: int) -> TournamentVersion:
        """The visible tournament's version (404 otherwise): what its cached reads are keyed
        by; the tournament itself is loaded only when a read is built (``tournament_read``)."""
        return selectors.api_tournament_version(self.request.user, self.token, pk)

    def tournament_read(
        self,
        name: str,
        version: TournamentVersion,
        build: Callable[[Tournament], Any],
        params: Iterable[object] = (),
    ) -> HttpResponseBase:
        """A read of a tournament, cached under its ``version``, built from the whole
        tournament when missing."""
        return self.cached_response(
            name,
            version,
            lambda: build(selectors.api_tournament(self.request.user, self.token, version.pk)),
            params,
        )

    @property
    def token(self) -> ApiToken | None:
        auth = self.request.auth
        return auth if isinstance(auth, ApiToken) else None


def validated(serializer_class: Any, data: Any) -> dict[str, Any]:
    """``data`` checked by the serializer: its values, or the API's 400 with every error."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
