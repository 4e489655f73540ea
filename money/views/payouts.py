"""A tournament's payout sheet (/clubs/<club>/t/<tournament>/money/payouts/): printable,
exportable as CSV and XLSX, in the reader's number format, with its books."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import run_service
from config.exports import export_response
from money import services
from money.calcutta import full_payout_sheet
from money.tables import PayoutSheetTable, sheet_table_rows
from money.views.common import context, numbers_of
from tournaments.models import Tournament
from tournaments.shortcuts import organizer_only


@organizer_only
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
    return render(
        request,
        "money/payouts.html",
        context(request, tournament, sheet=sheet, booked=services.payouts_booked(tournament)),
    )


@organizer_only
@require_POST
def book(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    run_service(
        request,
        lambda: services.payouts_book(tournament=tournament, recorded_by=request.user),
        _("The payouts are booked in the club's ledger."),
    )
    return redirect("money:payouts", tournament.club.slug, tournament.slug)
