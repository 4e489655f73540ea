"""Chouette and money sessions in the API: a club's sessions and one session with its games,
scores and settlement (read as the club's pages are: public clubs by everybody, private ones
by their members and their own token), and what a score keeper's app writes with the token
of the session's club: start a session, record a game, correct one, seat a player joining
or leaving, close it. Each write answers with the session as it is after it."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from api.parsers import StrictJSONParser
from api.serializers_chouettes import (
    ChouetteGameInSerializer,
    ChouetteSessionDetailSerializer,
    ChouetteSessionSerializer,
    CorrectionInSerializer,
    PlayerInSerializer,
    SessionInSerializer,
    session_detail_data,
    sheet_of,
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
from chouettes import selectors, services
from chouettes.models import ChouetteSession


class SessionPagination(PageNumberPagination):
    page_size = 50


class ChouetteView(ApiView):
    parser_classes = [StrictJSONParser]

    def session(self, pk: int) -> ChouetteSession:
        check_id(pk)
        session = selectors.sessions_with_game_count().filter(pk=pk).first()
        if session is None:
            raise Http404
        check_visible(self, session.club)
        return session

    def writable(self, pk: int) -> ChouetteSession:
        session = self.session(pk)
        check_token_of(self, session.club)
        return session

    def detail(self, pk: int, code: int = status.HTTP_200_OK) -> Response:
        view = selectors.session_view(self.session(pk))
        return Response(session_detail_data(view), status=code)


class ClubChouettes(ChouetteView):
    serializer_class = ChouetteSessionSerializer
    pagination_class = SessionPagination

    @extend_schema(
        tags=["chouettes"],
        summary="A club's chouette and money sessions, newest first",
        responses={200: ChouetteSessionSerializer(many=True), 404: ERRORS[404]},
    )
    def get(self, request: Request, slug: str) -> Response:
        club = visible_club(self, slug)
        sessions = selectors.sessions_with_game_count().filter(club=club)
        page = self.paginate_queryset(sessions)
        return self.get_paginated_response(ChouetteSessionSerializer(page, many=True).data)

    @extend_schema(
        tags=["chouettes"],
        summary="Start a session",
        description=(
            "Two players make a money session, three to ten a chouette, seated in the order "
            "given. With the token of the club."
        ),
        request=SessionInSerializer,
        responses={201: ChouetteSessionDetailSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, slug: str) -> Response:
        club = visible_club(self, slug)
        check_token_of(self, club)
        data = validated(SessionInSerializer, request.data)
        players = members(club, data.pop("players"), "players")
        session = services.chouette_create(club=club, user=None, players=players, **data)
        return self.detail(session.pk, status.HTTP_201_CREATED)


class ChouetteDetail(ChouetteView):
    serializer_class = ChouetteSessionDetailSerializer

    @extend_schema(
        tags=["chouettes"],
        summary="A session: its players, games by seats, totals and settlement",
        responses={200: ChouetteSessionDetailSerializer, 404: ERRORS[404]},
    )
    def get(self, request: Request, session: int) -> Response:
        return self.detail(session)


class ChouetteGames(ChouetteView):
    serializer_class = ChouetteGameInSerializer

    @extend_schema(
        tags=["chouettes"],
        summary="Record the next game",
        description=(
            "The game as it ended, by seats: one line per team member, the captain's first "
            "(`next_seats` of the session says who sits where). Checked against the session's "
            "rules; refused whole or recorded. Send `number` so that a retry is not recorded "
            "twice."
        ),
        request=ChouetteGameInSerializer,
        responses={201: ChouetteSessionDetailSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, session: int) -> Response:
        session_obj = self.writable(session)
        data = validated(ChouetteGameInSerializer, request.data)
        services.chouette_game_record(
            session=session_obj, user=None, sheet=sheet_of(data["sheet"]), number=data.get("number")
        )
        return self.detail(session, status.HTTP_201_CREATED)


class ChouetteCorrection(ChouetteView):
    serializer_class = CorrectionInSerializer

    @extend_schema(
        tags=["chouettes"],
        summary="Correct a game",
        description=(
            "A new version of the game's sheet (by the game's seats); the seats of every later "
            "game follow from it, the earlier version stays in the history."
        ),
        request=CorrectionInSerializer,
        responses={200: ChouetteSessionDetailSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, session: int, number: int) -> Response:
        session_obj = self.writable(session)
        data = validated(CorrectionInSerializer, request.data)
        services.chouette_game_correct(
            session=session_obj,
            user=None,
            game_number=number,
            sheet=sheet_of(data["sheet"]),
            reason=data["reason"],
            games_seen=data.get("games_seen"),
        )
        return self.detail(session)


class ChouetteJoin(ChouetteView):
    serializer_class = PlayerInSerializer

    @extend_schema(
        tags=["chouettes"],
        summary="A member joins, at the end of the line",
        request=PlayerInSerializer,
        responses={200: ChouetteSessionDetailSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, session: int) -> Response:
        session_obj = self.writable(session)
        data = validated(PlayerInSerializer, request.data)
        (player,) = members(session_obj.club, [data["player"]], "player")
        services.chouette_join(session=session_obj, user=None, player=player)
        return self.detail(session)


class ChouetteLeave(ChouetteView):
    serializer_class = PlayerInSerializer

    @extend_schema(
        tags=["chouettes"],
        summary="A player leaves the table (the box hands the box to the captain)",
        request=PlayerInSerializer,
        responses={200: ChouetteSessionDetailSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, session: int) -> Response:
        session_obj = self.writable(session)
        data = validated(PlayerInSerializer, request.data)
        (player,) = members(session_obj.club, [data["player"]], "player")
        services.chouette_leave(session=session_obj, user=None, player=player)
        return self.detail(session)


class ChouetteClose(ChouetteView):
    serializer_class = ChouetteSessionDetailSerializer

    @extend_schema(
        tags=["chouettes"],
        summary="Close the session: nothing more is entered, its settlement stands",
        request=None,
        responses={200: ChouetteSessionDetailSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, session: int) -> Response:
        services.chouette_close(session=self.writable(session), user=None)
        return self.detail(session)
