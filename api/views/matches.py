"""The API's match: its read, and posting its result (a match file, its games or its final
score) with the token of the match's club."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from api import selectors
from api.errors import RequestTooLarge
from api.parsers import MatTextParser, StrictJSONParser, StrictMultiPartParser
from api.serializers import MatchDetailSerializer, ResultFileInSerializer, ResultInSerializer
from api.views.base import ERRORS, ApiView
from clubs import permissions
from config.errors import UserError
from matches.models import ResultSource
from matches.selectors.files import MAX_FILE_BYTES
from matches.services import match_import_file, match_import_final_score, match_import_games

#: Largest request body: a match file plus room for a multipart envelope.
MAX_BODY_BYTES = MAX_FILE_BYTES + 64 * 1024


@extend_schema(tags=["matches"], responses={200: MatchDetailSerializer, 404: ERRORS[404]})
class MatchDetail(ApiView):
    serializer_class = MatchDetailSerializer

    def anonymous_version(self, request: HttpRequest, kwargs: dict[str, Any]) -> Any:
        """A visitor's read is cached whole under its tournament's version."""
        return selectors.public_match_version(kwargs["pk"])

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
    parser_classes = [StrictJSONParser, StrictMultiPartParser, MatTextParser]

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
