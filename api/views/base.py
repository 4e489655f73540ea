"""API endpoints. Reads are public for published tournaments (private clubs: members and the
club's own token); posting a result needs the token of the match's club."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import PermissionDenied
from rest_framework.generics import GenericAPIView
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from api import selectors
from api.authentication import ClubTokenAuthentication
from api.errors import RequestTooLarge, api_exception_handler
from api.parsers import MatTextParser, StrictJSONParser
from api.serializers import (
    ErrorSerializer,
    MatchDetailSerializer,
    MatchSerializer,
    ResultFileInSerializer,
    ResultInSerializer,
    RoundSerializer,
    StandingSerializer,
    TournamentSerializer,
)
from api.throttling import counted_during
from clubs import permissions
from clubs.models import ApiToken
from config.errors import UserError
from matches.models import ResultSource
from matches.selectors.files import MAX_FILE_BYTES
from matches.services import match_import_file, match_import_final_score, match_import_games
from tournaments import pagecache
from tournaments.models import Tournament
from tournaments.selectors import (
    PublicTournamentVersions,
    TournamentVersion,
    public_tournament_version_by_id,
)

#: Largest request body: a match file plus room for a multipart envelope.
MAX_BODY_BYTES = MAX_FILE_BYTES + 64 * 1024

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


@dataclass(frozen=True)
class _Versions:
    """What a read of several tournaments is cached under (``pagecache.Versioned``)."""

    page_version: str


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


class TournamentPagination(PageNumberPagination):
    page_size = 50


@extend_schema(
    tags=["tournaments"],
    parameters=[OpenApiParameter("club", str, description="Only this club's (its slug).")],
    responses={200: TournamentSerializer(many=True)},
)
class TournamentList(ApiView):
    serializer_class = TournamentSerializer
    pagination_class = TournamentPagination

    def anonymous_version(self, request: HttpRequest, kwargs: dict[str, Any]) -> Any:
        """The page's tournaments' versions and the number of all, in one query."""
        page = request.GET.get("page", "1")
        if not re.fullmatch(r"[0-9]{1,9}", page) or int(page) < 1:
            return None  # "last", or not a page: built as usual
        size = TournamentPagination.page_size
        start = (int(page) - 1) * size
        visible = PublicTournamentVersions(request.GET.get("club") or None)
        count, rows = visible.with_count(slice(start, start + size))
        if count is None and int(page) > 1:
            return None  # no such page: the usual 404
        versions = f"{count or 0}:" + ",".join(row.page_version for row in rows)
        # Digested: fifty versions would make a key of kilobytes.
        return _Versions(hashlib.md5(versions.encode(), usedforsecurity=False).hexdigest())

    def get(self, request: Request) -> Response:
        club = request.query_params.get("club") or None
        tournaments = selectors.api_tournaments(request.user, self.token, club=club)
        # The page's rows (ids and versions, one light query) key the cached serialization.
        versions_of: Any = (
            PublicTournamentVersions(club)
            if not request.user.is_authenticated and self.token is None
            else selectors.tournament_versions(tournaments)
        )
        page = self.paginate_queryset(versions_of) or []
        versions = ",".join(row.page_version for row in page)
        key = pagecache.list_key("api-tournaments", versions)
        # This process's copy first (never stale: the key holds every version), then Redis.
        data = pagecache.lookup(key)
        if data is None:
            rows = tournaments.in_bulk([row.pk for row in page])
            data = list(TournamentSerializer([rows[row.pk] for row in page], many=True).data)
            pagecache.keep(key, data)
        return self.get_paginated_response(data)


@extend_schema(tags=["tournaments"], responses={200: TournamentSerializer, 404: ERRORS[404]})
class TournamentDetail(ApiView):
    serializer_class = TournamentSerializer
    cached_whole = True

    def get(self, request: Request, pk: int) -> Response:
        return self.tournament_read(
            "api-tournament",
            self.tournament_version(pk),
            lambda tournament: dict(TournamentSerializer(tournament).data),
        )


@extend_schema(tags=["tournaments"], responses={200: RoundSerializer(many=True), 404: ERRORS[404]})
class RoundList(ApiView):
    serializer_class = RoundSerializer
    cached_whole = True

    def get(self, request: Request, pk: int) -> Response:
        return self.tournament_read(
            "api-rounds",
            self.tournament_version(pk),
            lambda tournament: list(
                RoundSerializer(selectors.api_rounds(tournament), many=True).data
            ),
        )


#: Matches per page of the matches list when ``limit`` is not given, and the most it may ask.
MATCH_PAGE_SIZE = 500
MATCH_PAGE_MAX = 1000


class _Page(serializers.Serializer):
    limit = serializers.IntegerField(
        required=False, min_value=1, max_value=MATCH_PAGE_MAX, default=MATCH_PAGE_SIZE
    )
    offset = serializers.IntegerField(required=False, min_value=0, max_value=2**62, default=0)


class _RoundFilter(_Page):
    round = serializers.IntegerField(required=False, min_value=1, max_value=2**62)


def _page_link(request: Request, limit: int, offset: int) -> str:
    query = request.query_params.copy()
    query["limit"] = str(limit)
    query["offset"] = str(offset)
    return request.build_absolute_uri(f"{request.path}?{query.urlencode()}")


def _with_page_headers(
    request: Request, response: HttpResponseBase, total: int, limit: int, offset: int
) -> HttpResponseBase:
    """The ``Link`` header to the next and previous pages and ``X-Total-Count``."""
    links = []
    if offset + limit < total:
        links.append(f'<{_page_link(request, limit, offset + limit)}>; rel="next"')
    if offset > 0:
        links.append(f'<{_page_link(request, limit, max(offset - limit, 0))}>; rel="prev"')
    if links:
        response["Link"] = ", ".join(links)
    response["X-Total-Count"] = str(total)
    return response


def _page_parameters(name: str) -> list[OpenApiParameter]:
    return [
        OpenApiParameter("limit", int, description=f"{name} per page (1 to {MATCH_PAGE_MAX})."),
        OpenApiParameter("offset", int, description=f"How many {name.lower()} to skip."),
        OpenApiParameter(
            "Link",
            str,
            location=OpenApiParameter.HEADER,
            response=[200],
            description='The `next` and `prev` pages, as `<url>; rel="next"`.',
        ),
        OpenApiParameter(
            "X-Total-Count",
            int,
            location=OpenApiParameter.HEADER,
            response=[200],
            description=f"The number of {name.lower()} on all pages.",
        ),
    ]


@extend_schema(
    tags=["matches"],
    description=(
        "The tournament's matches, in play order, one page at a time: the body stays a list; "
        f"`limit` (default {MATCH_PAGE_SIZE}, at most {MATCH_PAGE_MAX}) and `offset` choose the "
        "page, the `Link` header gives the `next` and `prev` pages (RFC 8288) and "
        "`X-Total-Count` the number of matches."
    ),
    parameters=[
        OpenApiParameter("round", int, description="Only this round's (its id)."),
        *_page_parameters("Matches"),
    ],
    responses={200: MatchSerializer(many=True), 400: ERRORS[400], 404: ERRORS[404]},
)
class TournamentMatchList(ApiView):
    serializer_class = MatchSerializer
    cached_whole = True

    def get(self, request: Request, pk: int) -> Response:
        tournament = self.tournament_version(pk)
        query = _RoundFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        round_id = query.validated_data.get("round")
        limit = query.validated_data["limit"]
        offset = query.validated_data["offset"]
        total = pagecache.cached_here(
            "api-matches-count",
            tournament,
            lambda: selectors.api_matches(tournament.pk, round_id=round_id).count(),
            [round_id],
        )
        response = self.tournament_read(
            "api-matches",
            tournament,
            lambda full: selectors.api_match_rows(
                full, round_id=round_id, offset=offset, limit=limit
            ),
            params=[round_id, limit, offset],
        )
        return _with_page_headers(request, response, total, limit, offset)


@extend_schema(
    tags=["tournaments"],
    summary="Standings",
    description=(
        "The ranked table of the tournament's entries, best first, one page at a time as the "
        f"matches list: `limit` (default {MATCH_PAGE_SIZE}, at most {MATCH_PAGE_MAX}) and "
        "`offset`, the `Link` header to the `next` and `prev` pages, `X-Total-Count` the "
        "number of entries."
    ),
    parameters=_page_parameters("Entries"),
    responses={200: StandingSerializer(many=True), 400: ERRORS[400], 404: ERRORS[404]},
)
class StandingList(ApiView):
    serializer_class = StandingSerializer
    cached_whole = True

    def get(self, request: Request, pk: int) -> Response:
        tournament = self.tournament_version(pk)
        query = _Page(data=request.query_params)
        query.is_valid(raise_exception=True)
        limit = query.validated_data["limit"]
        offset = query.validated_data["offset"]
        total = pagecache.cached_here(
            "api-standings-count", tournament, lambda: selectors.api_standings_count(tournament.pk)
        )
        # The rows are already what StandingSerializer (the schema) describes.
        response = self.tournament_read(
            "api-standings",
            tournament,
            lambda full: selectors.api_standings(full, offset=offset, limit=limit),
            params=[limit, offset],
        )
        return _with_page_headers(request, response, total, limit, offset)


@extend_schema(tags=["matches"], responses={200: MatchDetailSerializer, 404: ERRORS[404]})
class MatchDetail(ApiView):
    serializer_class = MatchDetailSerializer

    def get(self, request: Request, pk: int) -> Response:
        match = selectors.api_match(request.user, self.token, pk)
        return Response(MatchDetailSerializer(match).data)


def _is_text(request: Request) -> bool:
    return request.content_type.split(";")[0].strip().lower() == MatTextParser.media_type


RESULT_DESCRIPTION = """\
Record the result of a match played elsewhere, with the token of the match's club. Send one of:

- a **.mat match file** (GNU Backgammon / eXtreme Gammon): as `multipart/form-data` in `file`,
  as the `text/plain` body, or as JSON in `mat`. Every move is replayed under the tournament's
  rules; the file must hold the complete match, of the match's length (N-point matches only),
  and its players are matched to the match's by name unless `swap_players` says how;
- JSON **games** in order, `[{"winner": 0|1, "kind", "cube", "ended_by"}]`, that finish the
  match (winner 0 = `player_a`);
- JSON **final score** `score_a`, `score_b`.

The match must be open and have no games yet. Everything is recorded or nothing. For a
`text/plain` body, `swap_players` and `version` go in the query string.
"""


class MatchResult(ApiView):
    serializer_class = ResultInSerializer
    parser_classes = [StrictJSONParser, MultiPartParser, MatTextParser]

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > MAX_BODY_BYTES:
            raise RequestTooLarge(
                _("The request is too large: at most %(kb)d KB.") % {"kb": MAX_BODY_BYTES // 1024}
            )
        super().initial(request, *args, **kwargs)

    @extend_schema(
        tags=["matches"],
        summary="Post a match result",
        description=RESULT_DESCRIPTION,
        operation_id="match_result_create",
        request={
            "application/json": ResultInSerializer,
            "multipart/form-data": ResultFileInSerializer,
            "text/plain": OpenApiTypes.STR,
        },
        parameters=[
            OpenApiParameter("swap_players", bool, description="text/plain bodies only."),
            OpenApiParameter("version", int, description="text/plain bodies only."),
        ],
        responses={200: MatchDetailSerializer, **ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        match = selectors.api_match(request.user, self.token, pk)
        if not permissions.token_can_post_result(self.token, match):
            raise PermissionDenied(_("This token belongs to another club than this match."))
        data = self._payload(request)
        serializer = ResultFileInSerializer(data=data, context={})
        serializer.is_valid(raise_exception=True)
        self._record(match, serializer.validated_data, serializer.context, request)
        return Response(
            MatchDetailSerializer(selectors.api_match(request.user, self.token, pk)).data
        )

    def _payload(self, request: Request) -> Any:
        data = request.data
        if _is_text(request):
            data = dict(data)
            for key in ("swap_players", "version"):
                if key in request.query_params:
                    data[key] = request.query_params[key]
        return data

    def _record(
        self, match: Any, data: dict[str, Any], context: dict[str, Any], request: Request
    ) -> None:
        options = {"match": match, "expected_version": data.get("version")}
        if "games" in data:
            match_import_games(games=data["games"], source=ResultSource.API, **options)
        elif "score_a" in data:
            match_import_final_score(
                score_a=data["score_a"],
                score_b=data["score_b"],
                source=ResultSource.API,
                **options,
            )
        else:
            field = "file" if "file" in data else "mat"
            try:
                match_import_file(
                    text=data[field],
                    name=context.get("file_name", ""),
                    swap=data.get("swap_players"),
                    source=ResultSource.API,
                    **options,
                )
            except UserError as error:
                # The service speaks of "file" and "swap"; name the request's own fields.
                renamed = {"file": "body" if _is_text(request) else field, "swap": "swap_players"}
                error.field = renamed.get(error.field or "", error.field)
                raise
