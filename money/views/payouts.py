"""A tournament's payout sheet (/clubs/<club>/t/<tournament>/money/payouts/): printable,
exportable as CSV and XLSX, in the reader's number format, with its books."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from config.exports import export_response
from money.calcutta import full_payout_sheet
from money.tables import PayoutSheetTable, sheet_table_rows
from money.views.common import context, numbers_of, tournament_organizer
from tournaments.models import Tournament


@tournament_organizer
def payouts(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    numbers = numbers_of(tournament.club)
    sheet = full_payout_sheet(tournament)
    export = export_response(
        request.GET.get("_export"),
        PayoutSheetTable(sheet_table_rows(sheet), numbers=numbers),
        filename=f"{tournament.slug}-payouts",
        title=_("Payouts %(tournament)s") % {"tournament": tournament.name},
    )
    if export is not None:
        return export
    return render(request, "money/payouts.html", context(request, tournament, sheet=sheet))
