"""The club's leaderboard (ratings), sortable, filterable and exportable."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from clubs.shortcuts import get_visible_club
from config.exports import export_response
from ratings import selectors
from ratings.filters import LeaderboardFilter
from ratings.tables import EXPORT_FORMATS, LeaderboardTable
from tournaments import pagecache

LEADERBOARD_PAGE = 50


@pagecache.anonymous_club_cached
def leaderboard(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    filterset = LeaderboardFilter(request.GET or None, queryset=selectors.leaderboard(club_obj))
    table = LeaderboardTable(filterset.qs, club=club_obj)
    RequestConfig(request, paginate={"per_page": LEADERBOARD_PAGE}).configure(table)
    export = export_response(
        request.GET.get("_export"),
        table,
        filename=f"{club_obj.slug}-leaderboard",
        title=_("Leaderboard %(club)s") % {"club": club_obj.name},
    )
    if export is not None:
        return export
    query = request.GET.copy()
    query.pop("page", None)
    query.pop("_export", None)
    context = {
        "club": club_obj,
        "table": table,
        "filter": filterset,
        "export_formats": EXPORT_FORMATS,
        "query": query.urlencode(),
    }
    return render(request, "clubs/leaderboard.html", context)
