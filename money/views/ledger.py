"""The club's ledger and money settings (/clubs/<club>/money/): every movement, booked by
whom and when, exportable for the treasurer; a mistake is reversed by a new row, after the
treasurer confirmed it and said why (/clubs/<club>/money/<row>/reverse/)."""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import F, QuerySet, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club
from config.errors import UserError, add_user_error
from config.exports import export_response
from config.text import whole_number
from money import selectors, services
from money.currency import NumberFormat
from money.forms import ClubMoneySettingsForm, LedgerForm
from money.ledgertexts import row_text
from money.methods import method_label
from money.models import LedgerEntry
from money.services.ledger import (
    REASON_LENGTH,
    ledger_offers_reversal,
    ledger_reversal_refused,
    ledger_reversed_with,
)
from money.tables import LedgerTable
from money.views.common import club_organizer, numbers_of
from tournaments.selectors import club_seasons


@dataclass(frozen=True)
class LedgerLine:
    """A row of the ledger as the page shows it."""

    row: LedgerEntry
    text: str
    """What the app says of it, in the reader's language."""
    method: str
    """How it was paid, the club's own method under the club's name for it."""
    reversed_by: int | None
    reversible: bool


def _rows(club: Club) -> QuerySet[LedgerEntry]:
    """The club's ledger, each row with the number of the row that reversed it."""
    return selectors.club_ledger(club).annotate(reversed_by_number=F("reversed_by__pk"))


def _lines(rows: list[LedgerEntry], numbers: NumberFormat, own_method: str) -> list[LedgerLine]:
    lines = []
    for row in rows:
        reversed_by = getattr(row, "reversed_by_number", None)  # annotated by ``_rows``
        lines.append(
            LedgerLine(
                row,
                row_text(row, numbers),
                method_label(row.method, own_method) if row.method else "",
                reversed_by,
                reversed_by is None and ledger_offers_reversal(row),
            )
        )
    return lines


class ReverseForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Why is it reversed?"),
        max_length=REASON_LENGTH,
        help_text=gettext_lazy("Kept with the reversal in the ledger."),
    )


#: Rows a page of the ledger shows; the export holds them all.
ROWS_A_PAGE = 100


@club_organizer
def ledger(request: HttpRequest, club: Club) -> HttpResponse:
    numbers = numbers_of(club)
    own_method = selectors.club_money_settings(club).own_method
    rows = _rows(club)
    table = LedgerTable(rows, numbers=numbers, own_method=own_method)
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
    # A season's ledger is long: a page of it, the newest rows by default (read top down).
    pages = Paginator(rows, ROWS_A_PAGE)
    page = pages.get_page(whole_number(request.GET.get("page", "")) or pages.num_pages)
    balance = rows.aggregate(total=Sum("amount"))["total"] or 0
    return render(
        request,
        "money/ledger.html",
        {
            "club": club,
            "lines": _lines(list(page.object_list), numbers, own_method),
            "page": page,
            "balance": balance,
            "numbers": numbers,
            "settings_form": settings_form,
            "book_form": book_form,
            "seasons": club_seasons(club),
        },
    )


@club_organizer
def reverse(request: HttpRequest, club: Club, row: int) -> HttpResponse:
    """The reversal of a row: the row (and those booked with it, reversed together), the
    reason asked for; the reversal is booked once the treasurer confirms."""
    entry = get_object_or_404(_rows(club), pk=row)
    form = ReverseForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            reversal = services.ledger_reverse(
                entry=entry, recorded_by=request.user, reason=form.cleaned_data["reason"]
            )
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(
                request,
                _("Movement #%(number)s is reversed by #%(reversal)s.")
                % {"number": entry.pk, "reversal": reversal.pk},
            )
            return redirect("money_club:ledger", club.slug)
    numbers = numbers_of(club)
    refused = ledger_reversal_refused(entry)
    together = ledger_reversed_with(entry) if not refused else [entry]
    for_page = list(_rows(club).filter(pk__in=[one.pk for one in together]))
    own_method = selectors.club_money_settings(club).own_method
    return render(
        request,
        "money/ledger_reverse.html",
        {
            "club": club,
            "entry": entry,
            "lines": _lines(for_page, numbers, own_method),
            "refused": refused,
            "form": form,
            "numbers": numbers,
        },
        status=409 if refused and request.method == "POST" else 200,
    )
