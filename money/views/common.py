"""What every money page starts from: organizers only, the club's number format."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse

from clubs import permissions
from clubs.models import Club
from clubs.shortcuts import deny, get_visible_club
from money.currency import NumberFormat, number_format
from money.selectors import club_money_settings
from tournaments.models import Tournament


def numbers_of(club: Club) -> NumberFormat:
    return number_format(club_money_settings(club).currency)


def club_organizer(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def wrapper(request: HttpRequest, club: str, **kwargs: Any) -> HttpResponse:
        obj = get_visible_club(request, club)
        if not permissions.can_manage_club(request.user, obj):
            return deny(request)
        return view(request, obj, **kwargs)

    return wrapper


def context(request: HttpRequest, tournament: Tournament, **extra: object) -> dict[str, object]:
    return {
        "tournament": tournament,
        "club": tournament.club,
        "can_manage": True,
        "numbers": numbers_of(tournament.club),
        **extra,
    }
