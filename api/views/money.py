"""A tournament's pools and payouts and a club's ledger (read only): organizers of the club
(signed in) and the club's own API token only."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from api import selectors
from api.serializers_money import LedgerEntrySerializer, PayoutSerializer, PoolSerializer
from api.views.base import ERRORS, ApiView
from clubs import permissions
from clubs.models import ApiToken, Club
from money import selectors as money_selectors
from money.calcutta import full_payout_sheet
from tournaments.models import Tournament


def check_organizer(request: Request, club: Club) -> None:
    token = request.auth if isinstance(request.auth, ApiToken) else None
    if token is not None and token.club_id == club.pk:
        return
    if not permissions.can_manage_club(request.user, club):
        raise PermissionDenied


def _tournament(view: ApiView, request: Request, pk: int) -> Tournament:
    tournament = selectors.api_tournament(request.user, view.token, pk)
    check_organizer(request, tournament.club)
    return tournament


@extend_schema(
    tags=["money"],
    responses={200: PoolSerializer(many=True), 403: ERRORS[403], 404: ERRORS[404]},
)
class TournamentPools(ApiView):
    serializer_class = PoolSerializer

    def get(self, request: Request, pk: int) -> Response:
        sheet = full_payout_sheet(_tournament(self, request, pk))
        return Response(PoolSerializer(sheet.pools, many=True).data)


@extend_schema(
    tags=["money"],
    responses={200: PayoutSerializer(many=True), 403: ERRORS[403], 404: ERRORS[404]},
)
class TournamentPayouts(ApiView):
    serializer_class = PayoutSerializer

    def get(self, request: Request, pk: int) -> Response:
        sheet = full_payout_sheet(_tournament(self, request, pk))
        return Response(PayoutSerializer(sheet.rows, many=True).data)


@extend_schema(
    tags=["money"],
    responses={200: LedgerEntrySerializer(many=True), 403: ERRORS[403], 404: ERRORS[404]},
)
class ClubLedger(ApiView):
    serializer_class = LedgerEntrySerializer

    def get(self, request: Request, slug: str) -> Response:
        club = get_object_or_404(Club, slug=slug)
        if not permissions.can_view_club(request.user, club) and self.token is None:
            raise Http404
        check_organizer(request, club)
        rows = money_selectors.club_ledger(club)
        return Response(LedgerEntrySerializer(rows, many=True).data)
