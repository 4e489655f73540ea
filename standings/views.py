"""The standings pages: a tournament's live standings and their exports
(/clubs/<club>/t/<tournament>/standings/), and the season pages under /clubs/<club>/seasons/:
the list, the season table, and the organizer's small forms to create a season and assign
tournaments to it."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from clubs import permissions
from clubs.models import Club
from clubs.shortcuts import deny, get_visible_club
from config.errors import UserError, add_user_error
from config.exports import export_response
from standings import seasons as season_tables
from standings import selectors as standings_selectors
from standings.forms import SeasonForm
from standings.tables import StandingsTable
from tournaments import pagecache, services
from tournaments.models import Season
from tournaments.selectors import club_seasons, season_tournament_ids
from tournaments.shortcuts import ROWS_PER_PAGE, get_visible_tournament, tournament_context


@pagecache.anonymous_cached
def standings(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    """The live standings: the table refreshes itself (HTMX polling) and exports."""
    obj = get_visible_tournament(request, club, tournament)
    export_format = request.GET.get("_export")
    if not export_format:
        unchanged = pagecache.not_modified(request, obj)
        if unchanged is not None:
            return unchanged
    data = SimpleLazyObject(lambda: standings_selectors.tournament_standings(obj))

    def build_table() -> StandingsTable:
        table = StandingsTable(
            data.rows,
            metrics=data.metrics,
            match_format=obj.match_format,
            other_flights=data.other_flights,
        )
        # Pages of 200 rows on screen; the exports have them all.
        paginate = False if export_format else {"per_page": ROWS_PER_PAGE}
        RequestConfig(request, paginate=paginate).configure(table)
        return table

    if export_format:
        export = export_response(
            export_format,
            build_table(),
            filename=f"{obj.slug}-standings",
            title=_("Standings %(tournament)s") % {"tournament": obj.name},
        )
        if export is not None:
            return export
    # Built only when the cached part (under the tournament's version) is missing.
    table = SimpleLazyObject(build_table)
    placings = SimpleLazyObject(lambda: data.placings)
    context = tournament_context(request, obj, table=table, placings=placings)
    if request.headers.get("HX-Request"):
        response = render(request, "standings/_standings.html", context)
        return pagecache.tag_response(request, obj, response)
    return render(request, "standings/standings.html", context)


def _get_season(club: Club, slug: str) -> Season:
    return get_object_or_404(Season, club=club, slug=slug)


@pagecache.anonymous_club_cached
def season_list(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    context = {
        "club": club_obj,
        "seasons": club_seasons(club_obj),
        "can_manage": permissions.can_manage_club(request.user, club_obj),
    }
    return render(request, "standings/season_list.html", context)


@pagecache.anonymous_club_cached
def season_detail(request: HttpRequest, club: str, season: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    season_obj = _get_season(club_obj, season)
    can_manage = permissions.can_manage_club(request.user, club_obj)
    table = season_tables.season_table(season_obj, include_unpublished=can_manage)
    context = {"club": club_obj, "season": season_obj, "table": table, "can_manage": can_manage}
    return render(request, "standings/season_detail.html", context)


def _save(form: SeasonForm, club: Club, season: Season | None) -> Season | None:
    data = form.cleaned_data
    try:
        if season is None:
            season = services.season_create(
                club=club,
                name=data["name"],
                placing_points=data["placing_points"],
                participation_points=data["participation_points"],
            )
        else:
            season = services.season_update(
                season=season,
                name=data["name"],
                placing_points=data["placing_points"],
                participation_points=data["participation_points"],
            )
        services.season_set_tournaments(
            season=season, tournament_ids=[t.pk for t in data["tournaments"]]
        )
    except UserError as error:
        add_user_error(form, error)
        return None
    return season


def season_create(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_manage_club(request.user, club_obj):
        return deny(request)
    form = SeasonForm(request.POST or None, club=club_obj)
    if request.method == "POST" and form.is_valid():
        season = _save(form, club_obj, None)
        if season is not None:
            messages.success(request, _("Season “%(name)s” created.") % {"name": season.name})
            return redirect("clubs:season", club=club_obj.slug, season=season.slug)
    return render(request, "standings/season_form.html", {"club": club_obj, "form": form})


def season_edit(request: HttpRequest, club: str, season: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_manage_club(request.user, club_obj):
        return deny(request)
    season_obj = _get_season(club_obj, season)
    initial = {
        "name": season_obj.name,
        "placing_points": ", ".join(str(p) for p in season_obj.placing_points or []),
        "participation_points": season_obj.participation_points,
        "tournaments": season_tournament_ids(season_obj),
    }
    form = SeasonForm(request.POST or None, club=club_obj, season=season_obj, initial=initial)
    if request.method == "POST" and form.is_valid():
        saved = _save(form, club_obj, season_obj)
        if saved is not None:
            messages.success(request, _("Season saved."))
            return redirect("clubs:season", club=club_obj.slug, season=saved.slug)
    context = {"club": club_obj, "form": form, "season": season_obj}
    return render(request, "standings/season_form.html", context)
