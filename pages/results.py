"""A tournament's pairings and results, every round in play order: on a page that prints,
and as CSV and Excel (``?_export=``, the one way tables are exported: ``config.exports``).
A round's page and the tournament's page export theirs the same way (``exports``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from config.exports import export_response
from entries.field_table import entries_table
from matches.selectors import result_rows
from matches.tables import ResultsTable
from tournaments import pagecache
from tournaments.models import Round, Tournament
from tournaments.shortcuts import ROWS_PER_PAGE, get_visible_tournament, tournament_context


@pagecache.anonymous_cached
def results(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    export = results_export(request, obj)
    if export is not None:
        return export
    table = ResultsTable(result_rows(obj))
    RequestConfig(request, paginate={"per_page": ROWS_PER_PAGE}).configure(table)
    context = tournament_context(request, obj, table=table)
    return render(request, "tournaments/results.html", context)


def results_export(
    request: HttpRequest, tournament: Tournament, round_: Round | None = None, heading: str = ""
) -> HttpResponse | None:
    """The pairings and results (of ``round_``, else of every round) as the file asked for
    with ``?_export=``; None when none was asked for."""
    export_format = request.GET.get("_export")
    if not export_format:
        return None
    if round_ is None:
        filename = f"{tournament.slug}-results"
        title = _("Results %(tournament)s") % {"tournament": tournament.name}
    else:
        filename = f"{tournament.slug}-{round_.stage.kind}-{round_.number}"
        title = heading
    table = ResultsTable(result_rows(tournament, round_))
    return export_response(export_format, table, filename=filename, title=title)


def entries_export(request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
    """The players (seed, name, status) as the file asked for with ``?_export=``."""
    export_format = request.GET.get("_export")
    if not export_format:
        return None
    return export_response(
        export_format,
        entries_table(tournament),
        filename=f"{tournament.slug}-players",
        title=_("Players %(tournament)s") % {"tournament": tournament.name},
    )
