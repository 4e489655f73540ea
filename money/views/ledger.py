"""The club's ledger and money settings (/clubs/<club>/money/): every movement, booked by
whom and when, exportable for the treasurer; a mistake is reversed by a new row."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Club
from config.errors import UserError, add_user_error, run_service
from config.exports import export_response
from money import selectors, services
from money.forms import ClubMoneySettingsForm, LedgerForm
from money.models import LedgerEntry
from money.tables import LedgerTable
from money.views.common import club_organizer, numbers_of
from tournaments.models import Season


@club_organizer
def ledger(request: HttpRequest, club: Club) -> HttpResponse:
    numbers = numbers_of(club)
    rows = selectors.club_ledger(club)
    table = LedgerTable(rows, numbers=numbers)
    export = export_response(
        request.GET.get("_export"),
        table,
        filename=f"{club.slug}-ledger",
        title=_("Ledger %(club)s") % {"club": club.name},
    )
    if export is not None:
        return export
    settings_form = ClubMoneySettingsForm(
        request.POST if "settings" in request.POST else None,
        instance=selectors.club_money_settings(club),
        prefix="settings",
        numbers=numbers,
    )
    book_form = LedgerForm(
        request.POST if "book" in request.POST else None, numbers=numbers, prefix="book"
    )
    if request.method == "POST" and "settings" in request.POST and settings_form.is_valid():
        try:
            services.club_money_settings_update(club=club, **settings_form.cleaned_data)
        except UserError as error:
            add_user_error(settings_form, error)
        else:
            messages.success(request, _("The club's money settings are saved."))
            return redirect("money_club:ledger", club.slug)
    if request.method == "POST" and "book" in request.POST and book_form.is_valid():
        data = book_form.cleaned_data
        sign = 1 if data["direction"] == "in" else -1
        try:
            services.ledger_record(
                club=club,
                kind=data["kind"],
                amount=sign * data["amount"],
                method=data["method"],
                reference=data["reference"],
                memo=data["memo"],
                recorded_by=request.user,
            )
        except UserError as error:
            add_user_error(book_form, error)
        else:
            messages.success(request, _("Booked."))
            return redirect("money_club:ledger", club.slug)
    balance = sum(row.amount for row in rows)
    return render(
        request,
        "money/ledger.html",
        {
            "club": club,
            "table": table,
            "rows": rows,
            "balance": balance,
            "numbers": numbers,
            "settings_form": settings_form,
            "book_form": book_form,
            "seasons": Season.objects.filter(club=club).order_by("-created_at"),
        },
    )


@club_organizer
@require_POST
def reverse(request: HttpRequest, club: Club, row: int) -> HttpResponse:
    entry = get_object_or_404(LedgerEntry, pk=row, club=club)
    run_service(
        request,
        lambda: services.ledger_reverse(entry=entry, recorded_by=request.user),
        _("Movement #%(number)s is reversed.") % {"number": entry.pk},
    )
    return redirect("money_club:ledger", club.slug)
