"""The API's reads of tournaments: the list, one tournament, its rounds, its matches and its
standings (the long lists one page at a time)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponseBase
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from api import selectors
from api.serializers import (
    MatchSerializer,
    RoundSerializer,
    StandingSerializer,
    TournamentSerializer,
)
from api.views.base import ERRORS, ApiView
from tournaments import pagecache
from tournaments.selectors import PublicTournamentVersions


@dataclass(frozen=True)
class _Versions:
    """What a read of several tournaments is cached under (``pagecache.Versioned``)."""

    page_version: str


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
