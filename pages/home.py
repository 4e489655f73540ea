"""The home page and the list of clubs, cached for visitors under every public club's
version."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from clubs import selectors
from tournaments import pagecache
from tournaments.selectors import public_club_list_version


@pagecache.anonymous_cached_under(public_club_list_version)
def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("dashboard")
    clubs = selectors.clubs_visible_to(request.user)[:12]
    return render(request, "home.html", {"clubs": clubs})


@pagecache.anonymous_cached_under(public_club_list_version)
def club_list(request: HttpRequest) -> HttpResponse:
    clubs = selectors.clubs_visible_to(request.user)
    return render(request, "clubs/club_list.html", {"clubs": clubs})
