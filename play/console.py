"""The director's console: every live online match of a tournament with its score, cube,
whose turn and both clocks, and the director's actions on it (organizers and the
tournament's referees). Plain forms: it works without JavaScript; with it the clocks count
down and the table refreshes itself."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import permissions
from clubs.shortcuts import deny
from config.errors import UserError
from matches.models import Match
from tournaments.models import Tournament
from tournaments.shortcuts import get_visible_tournament

from . import director
from .broadcast import broadcast_state
from .live_matches import live_matches


def _tournament(request: HttpRequest, club: str, tournament: str) -> Tournament | None:
    obj = get_visible_tournament(request, club, tournament)
    if not permissions.can_referee_tournament(request.user, obj):
        return None
    return obj


def console(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    obj = _tournament(request, club, tournament)
    if obj is None:
        return deny(request)
    context = {"tournament": obj, "club": obj.club, "live": live_matches(obj)}
    if request.headers.get("HX-Request"):
        return render(request, "play/_director_rows.html", context)
    return render(request, "play/director.html", context)


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise UserError(_("Enter whole numbers."), code="number") from None


def _action(request: HttpRequest, action: str, match: Match) -> str:
    """Run the director's action; the message to show."""
    data = request.POST
    common: dict[str, Any] = {
        "match": match,
        "user": request.user,
        "reason": data.get("reason", ""),
    }
    if action == "pause":
        director.online_pause(**common)
        return _("The match is paused.")
    if action == "resume":
        director.online_resume(**common)
        return _("The match goes on.")
    if action == "add-time":
        side, minutes = _int(data.get("side")), _int(data.get("minutes"))
        director.online_add_time(**common, side=side, seconds=minutes * 60)
        return _("Time added.")
    if action == "take-back":
        director.online_take_back(**common)
        return _("The last play is taken back.")
    if action == "forfeit":
        director.online_declare_forfeit(**common, winner=_int(data.get("winner")))
        return _("The match is awarded by forfeit.")
    if action == "score":
        director.online_declare_score(
            **common, score_a=_int(data.get("score_a")), score_b=_int(data.get("score_b"))
        )
        return _("The agreed score is recorded.")
    raise Http404


@require_POST
def act(request: HttpRequest, club: str, tournament: str, match: int, action: str) -> HttpResponse:
    obj = _tournament(request, club, tournament)
    if obj is None:
        return deny(request)
    match_obj = get_object_or_404(Match, pk=match, round__stage__tournament=obj, is_online=True)
    try:
        text = _action(request, action, match_obj)
    except UserError as error:
        messages.error(request, " ".join(error.messages))
    else:
        broadcast_state(match_obj.pk)
        messages.success(request, text)
    return redirect("director:console", club=obj.club.slug, tournament=obj.slug)
