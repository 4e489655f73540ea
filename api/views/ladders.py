"""Challenge ladders in the API: a club's ladders, a ladder with its players in order and its
open challenges, every challenge, and the history of the order (read as the club's pages
are); and, with the token of the ladder's club, what a player's app does: challenge, accept
or decline, and post the challenge match's result, which moves the ladder."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from api.parsers import StrictJSONParser
from api.selectors_ladders import ladder_challenges, ladders_with_club
from api.serializers_ladders import (
    ChallengeInSerializer,
    ChallengeResultInSerializer,
    ChallengeSerializer,
    LadderChangeSerializer,
    LadderDetailSerializer,
    LadderSerializer,
    RungSerializer,
)
from api.views.base import ERRORS, ApiView, validated
from api.views.club_access import (
    WRITE_ERRORS,
    check_id,
    check_token_of,
    check_visible,
    members,
    visible_club,
)
from config.errors import UserError
from ladders import selectors, services
from ladders.models import Challenge, ChallengeStatus, Ladder
from matches.models import ResultSource
from matches.services import match_import_final_score


class LadderPagination(PageNumberPagination):
    page_size = 50


class _StatusFilter(serializers.Serializer):  # type: ignore[type-arg]
    status = serializers.ChoiceField(choices=ChallengeStatus.choices, required=False)


class LadderView(ApiView):
    parser_classes = [StrictJSONParser]

    def ladder(self, pk: int) -> Ladder:
        check_id(pk)
        ladder = ladders_with_club().filter(pk=pk).first()
        if ladder is None:
            raise Http404
        check_visible(self, ladder.club)
        return ladder

    def challenge(self, ladder_pk: int, pk: int, *, write: bool = True) -> Challenge:
        ladder = self.ladder(ladder_pk)
        if write:
            check_token_of(self, ladder.club)
        check_id(pk)
        challenge = ladder_challenges(ladder).filter(pk=pk).first()
        if challenge is None:
            raise Http404
        return challenge

    def challenge_response(self, challenge: Challenge, code: int = 200) -> Response:
        fresh = ladder_challenges(challenge.ladder).get(pk=challenge.pk)
        return Response(ChallengeSerializer(fresh).data, status=code)


class ClubLadders(LadderView):
    serializer_class = LadderSerializer
    pagination_class = LadderPagination

    @extend_schema(
        tags=["ladders"],
        summary="A club's ladders",
        responses={200: LadderSerializer(many=True), 404: ERRORS[404]},
    )
    def get(self, request: Request, slug: str) -> Response:
        club = visible_club(self, slug)
        page = self.paginate_queryset(ladders_with_club().filter(club=club))
        return self.get_paginated_response(LadderSerializer(page, many=True).data)


class LadderDetail(LadderView):
    serializer_class = LadderDetailSerializer

    @extend_schema(
        tags=["ladders"],
        summary="A ladder: its rules, its players from the top down, its open challenges",
        responses={200: LadderDetailSerializer, 404: ERRORS[404]},
    )
    def get(self, request: Request, ladder: int) -> Response:
        ladder_obj = self.ladder(ladder)
        rungs = selectors.ladder_rungs(ladder_obj)
        challenges = selectors.open_challenges(ladder_obj)
        return Response(
            {
                **LadderSerializer(ladder_obj).data,
                "rankings": RungSerializer(rungs, many=True).data,
                "open_challenges": ChallengeSerializer(challenges, many=True).data,
            }
        )


class LadderChallenges(LadderView):
    serializer_class = ChallengeSerializer
    pagination_class = LadderPagination

    @extend_schema(
        tags=["ladders"],
        summary="A ladder's challenges, newest first",
        parameters=[
            OpenApiParameter(
                "status",
                str,
                enum=ChallengeStatus.values,
                description="Only the challenges in this state.",
            )
        ],
        responses={200: ChallengeSerializer(many=True), 400: ERRORS[400], 404: ERRORS[404]},
    )
    def get(self, request: Request, ladder: int) -> Response:
        ladder_obj = self.ladder(ladder)
        wanted = validated(_StatusFilter, request.query_params).get("status")
        page = self.paginate_queryset(ladder_challenges(ladder_obj, status=wanted))
        return self.get_paginated_response(ChallengeSerializer(page, many=True).data)

    @extend_schema(
        tags=["ladders"],
        summary="Challenge a player",
        description=(
            "The challenger challenges a player above him within the ladder's reach; the "
            "challenged player has the ladder's `accept_days` to accept. With the token of the "
            "ladder's club."
        ),
        request=ChallengeInSerializer,
        responses={201: ChallengeSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, ladder: int) -> Response:
        ladder_obj = self.ladder(ladder)
        check_token_of(self, ladder_obj.club)
        data = validated(ChallengeInSerializer, request.data)
        challenger, defender = members(
            ladder_obj.club, [data["challenger"], data["defender"]], "defender"
        )
        challenge = services.challenge_create(
            ladder=ladder_obj, challenger=challenger, defender=defender, user=None
        )
        return self.challenge_response(challenge, status.HTTP_201_CREATED)


class ChallengeAccept(LadderView):
    serializer_class = ChallengeSerializer

    @extend_schema(
        tags=["ladders"],
        summary="Accept a challenge: its match is made",
        request=None,
        responses={200: ChallengeSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, ladder: int, challenge: int) -> Response:
        challenge_obj = self.challenge(ladder, challenge)
        services.challenge_accept(challenge=challenge_obj, user=None)
        return self.challenge_response(challenge_obj)


class ChallengeDecline(LadderView):
    serializer_class = ChallengeSerializer

    @extend_schema(
        tags=["ladders"],
        summary="Decline a challenge: the challenged player loses it by forfeit",
        request=None,
        responses={200: ChallengeSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, ladder: int, challenge: int) -> Response:
        challenge_obj = self.challenge(ladder, challenge)
        services.challenge_decline(challenge=challenge_obj, user=None)
        return self.challenge_response(challenge_obj)


class ChallengeResult(LadderView):
    serializer_class = ChallengeResultInSerializer

    @extend_schema(
        tags=["ladders"],
        summary="Post the result of a challenge's match",
        description=(
            "The final score of the accepted challenge's match, as `/api/matches/{id}/result` "
            "takes it. The ladder moves once the result is delivered (at once, or within a "
            "minute): read the ladder again. A match that has its result answers 409."
        ),
        request=ChallengeResultInSerializer,
        responses={200: ChallengeSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, ladder: int, challenge: int) -> Response:
        challenge_obj = self.challenge(ladder, challenge)
        data = validated(ChallengeResultInSerializer, request.data)
        if challenge_obj.match_id is None:
            if challenge_obj.status == ChallengeStatus.OPEN:
                raise UserError(
                    _("The challenge has no match yet: it is accepted first."),
                    code="not_accepted",
                )
            raise UserError(_("This challenge is no longer open."), code="not_open")
        if challenge_obj.status == ChallengeStatus.LAPSED:
            raise UserError(_("This challenge is no longer open."), code="not_open")
        match_import_final_score(
            match=challenge_obj.match_id,
            score_a=data["score_challenger"],
            score_b=data["score_defender"],
            source=ResultSource.API,
            expected_version=data.get("version"),
        )
        return self.challenge_response(challenge_obj)


class LadderHistory(LadderView):
    serializer_class = LadderChangeSerializer
    pagination_class = LadderPagination

    @extend_schema(
        tags=["ladders"],
        summary="Every change of the ladder's order and why, newest first",
        responses={200: LadderChangeSerializer(many=True), 404: ERRORS[404]},
    )
    def get(self, request: Request, ladder: int) -> Response:
        page = self.paginate_queryset(selectors.ladder_history(self.ladder(ladder)))
        return self.get_paginated_response(LadderChangeSerializer(page, many=True).data)
