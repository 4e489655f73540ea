"""API endpoints. Reads are public for published tournaments (private clubs: members and the
club's own token); posting a result needs the token of the match's club."""

from __future__ import annotations

from typing import Any

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
from clubs import permissions
from clubs.models import ApiToken
from config.errors import UserError
from matches.files import (
    MAX_FILE_BYTES,
    match_import_file,
    match_import_final_score,
    match_import_games,
)
from matches.models import ResultSource

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


class ApiView(GenericAPIView):  # type: ignore[type-arg]
    authentication_classes = [ClubTokenAuthentication, SessionAuthentication]
    permission_classes = [TokenForWrites]
    pagination_class = None

    def get_exception_handler(self) -> Any:
        return api_exception_handler

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

    def get(self, request: Request) -> Response:
        club = request.query_params.get("club") or None
        tournaments = selectors.api_tournaments(request.user, self.token, club=club)
        page = self.paginate_queryset(tournaments)
        return self.get_paginated_response(TournamentSerializer(page, many=True).data)


@extend_schema(tags=["tournaments"], responses={200: TournamentSerializer, 404: ERRORS[404]})
class TournamentDetail(ApiView):
    serializer_class = TournamentSerializer

    def get(self, request: Request, pk: int) -> Response:
        tournament = selectors.api_tournament(request.user, self.token, pk)
        return Response(TournamentSerializer(tournament).data)


@extend_schema(tags=["tournaments"], responses={200: RoundSerializer(many=True), 404: ERRORS[404]})
class RoundList(ApiView):
    serializer_class = RoundSerializer

    def get(self, request: Request, pk: int) -> Response:
        tournament = selectors.api_tournament(request.user, self.token, pk)
        return Response(RoundSerializer(selectors.api_rounds(tournament), many=True).data)


class _RoundFilter(serializers.Serializer):
    round = serializers.IntegerField(required=False, min_value=1, max_value=2**62)


@extend_schema(
    tags=["matches"],
    parameters=[OpenApiParameter("round", int, description="Only this round's (its id).")],
    responses={200: MatchSerializer(many=True), 400: ERRORS[400], 404: ERRORS[404]},
)
class TournamentMatchList(ApiView):
    serializer_class = MatchSerializer

    def get(self, request: Request, pk: int) -> Response:
        tournament = selectors.api_tournament(request.user, self.token, pk)
        query = _RoundFilter(data=request.query_params)
        query.is_valid(raise_exception=True)
        matches = selectors.api_matches(tournament, round_id=query.validated_data.get("round"))
        return Response(MatchSerializer(matches, many=True).data)


@extend_schema(
    tags=["tournaments"],
    summary="Standings",
    description="The ranked table of the tournament's entries.",
    responses={200: StandingSerializer(many=True), 404: ERRORS[404]},
)
class StandingList(ApiView):
    serializer_class = StandingSerializer

    def get(self, request: Request, pk: int) -> Response:
        tournament = selectors.api_tournament(request.user, self.token, pk)
        return Response(StandingSerializer(selectors.api_standings(tournament), many=True).data)


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
