"""Match analyses in the API: a match's analyses, a tournament's error rates (read only)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from analysis import selectors as analysis_selectors
from analysis.models import AnalysisLevel
from api import selectors
from api.serializers_analysis import ErrorRateSerializer, MatchAnalysisSerializer
from api.views.base import ERRORS, ApiView
from config.errors import UserError


@extend_schema(
    tags=["analysis"], responses={200: MatchAnalysisSerializer(many=True), 404: ERRORS[404]}
)
class MatchAnalysisList(ApiView):
    serializer_class = MatchAnalysisSerializer

    def anonymous_version(self, request: HttpRequest, kwargs: dict[str, Any]) -> Any:
        """A visitor's read is cached whole under the match's tournament's version, which
        every write of an analysis raises (``analysis.versions``)."""
        return selectors.public_match_version(kwargs["pk"])

    def get(self, request: Request, pk: int) -> Response:
        match = selectors.api_match(request.user, self.token, pk)
        analyses = analysis_selectors.match_analyses(match)
        return Response(MatchAnalysisSerializer(analyses, many=True).data)


@extend_schema(
    tags=["analysis"],
    parameters=[
        OpenApiParameter(
            "plies",
            OpenApiTypes.INT,
            description="The level (0, 1 or 2); by default the one most matches were analysed at.",
        )
    ],
    responses={200: ErrorRateSerializer(many=True), 404: ERRORS[404]},
)
class TournamentErrorRates(ApiView):
    serializer_class = ErrorRateSerializer
    #: A visitor's read (each level its own) is cached whole under the tournament's version.
    cached_whole = True

    def get(self, request: Request, pk: int) -> Response:
        tournament = selectors.api_tournament(request.user, self.token, pk)
        levels = analysis_selectors.tournament_levels(tournament)
        try:
            plies = int(request.query_params.get("plies", levels[0] if levels else 0))
        except ValueError:
            plies = -1
        if plies not in AnalysisLevel.values:
            raise UserError(_("Choose a level of analysis."), code="invalid_level", field="plies")
        rows = analysis_selectors.tournament_error_rates(tournament, plies=plies)
        return Response(ErrorRateSerializer(rows, many=True).data)
