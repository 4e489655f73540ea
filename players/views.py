"""Player pages: the dashboard, profiles and head-to-head. Private clubs show them to their
members only (404 for everyone else), like every club page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.formats import date_format, number_format
from django.utils.translation import gettext as _

from chouettes import selectors as selectors_chouettes
from clubs import permissions
from clubs.shortcuts import get_visible_club
from players import selectors as selectors_players
from players.forms import HeadToHeadForm
from ratings import chart as svg
from tournaments import pagecache


def _rating_chart(profile: selectors_players.PlayerProfile) -> str:
    if not profile.history:
        return ""
    points = [
        svg.ChartPoint(
            profile.start_rating,
            _("Start: %(rating)s") % {"rating": number_format(round(profile.start_rating, 1), 1)},
        )
    ]
    for step in profile.history:
        template = (
            _("%(date)s: won against %(opponent)s, %(rating)s (%(delta)s)")
            if step.won
            else _("%(date)s: lost to %(opponent)s, %(rating)s (%(delta)s)")
        )
        tooltip = template % {
            "date": date_format(step.played_at, "SHORT_DATE_FORMAT"),
            "opponent": step.opponent,
            "rating": number_format(round(step.rating, 1), 1),
            "delta": ("+" if step.delta >= 0 else "") + number_format(round(step.delta, 1), 1),
        }
        points.append(svg.ChartPoint(step.rating, tooltip, step.won))
    return svg.rating_chart(
        points,
        title=_("Rating history of %(name)s") % {"name": profile.player.name},
        first_label=date_format(profile.history[0].played_at, "SHORT_DATE_FORMAT"),
        last_label=date_format(profile.history[-1].played_at, "SHORT_DATE_FORMAT"),
    )


@pagecache.anonymous_club_cached
def player_profile(request: HttpRequest, club: str, player: int) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    player_obj = selectors_players.club_player(club_obj, player)
    if player_obj is None:
        raise Http404
    can_manage = permissions.can_manage_club(request.user, club_obj)
    profile = selectors_players.player_profile(club_obj, player_obj, include_unpublished=can_manage)
    chouettes = selectors_chouettes.player_chouette_stats(club_obj, player_obj)
    context = {
        "club": club_obj,
        "profile": profile,
        "chart": _rating_chart(profile),
        "chouettes": chouettes,
        "chouette_rows": [
            (_("Chouettes"), chouettes.chouette),
            (_("Money sessions"), chouettes.money_sessions),
        ],
    }
    return render(request, "clubs/player_profile.html", context)


@pagecache.anonymous_club_cached
def head_to_head(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if "a" in request.GET and "b" in request.GET:
        form = HeadToHeadForm(request.GET, club=club_obj)
    else:  # e.g. "compare with …" from a profile: one player chosen so far
        given = request.GET.get("a", "").strip()
        first = selectors_players.club_players_named(club_obj, given) if given else []
        initial = {"a": first[0].name} if len(first) == 1 else {}
        form = HeadToHeadForm(initial=initial, club=club_obj)
    result = None
    if form.is_valid():
        a, b = form.cleaned_data["a"], form.cleaned_data["b"]
        result = selectors_players.head_to_head(
            club_obj,
            a,
            b,
            include_unpublished=permissions.can_manage_club(request.user, club_obj),
        )
        # The boxes show the names, also when the link gave ids.
        form = HeadToHeadForm(initial={"a": a.name, "b": b.name}, club=club_obj)
    context = {"club": club_obj, "form": form, "h2h": result}
    return render(request, "clubs/head_to_head.html", context)


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    return render(
        request, "dashboard.html", {"dash": selectors_players.dashboard_for(request.user)}
    )
