"""A tournament's payout sheet (/clubs/<club>/t/<tournament>/money/payouts/): printable on A4
portrait (a box to sign for each prize paid out), exportable as CSV (in the reader's format)
and XLSX, with its books. While the tournament runs the sheet is provisional: the places not
final are "to be decided" and nothing is paid out."""

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
        PayoutSheetTable(sheet_table_rows(sheet), numbers=numbers, final=sheet.final),
        filename=f"{tournament.slug}-payouts" + ("" if sheet.final else "-provisional"),
        title=(
            _("Payouts %(tournament)s") if sheet.final else _("Provisional payouts %(tournament)s")
        )
        % {"tournament": tournament.name},
    )
    if export is not None:
        return export
    return render(
        request,
        "money/payouts.html",
        context(
            request, tournament, sheet=sheet, booked=services.payouts_booked(tournament, sheet)
        ),
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
