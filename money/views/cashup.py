"""The cash-up at the end of the night (/clubs/<club>/money/cash-up/, organizers only): what
the books say is in the till per payment method, what the treasurer counted, the difference
booked with its reason; each cash-up's sheet prints and exports."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club
from config.errors import UserError, add_user_error
from config.exports import export_response
from money import services
from money.cashup import (
    MethodBooks,
    Till,
    cash_up_sheet,
    cash_ups_with_recorder,
    club_cash_ups,
    till,
)
from money.currency import NumberFormat
from money.forms import AmountField
from money.services.cashup import REASON_LENGTH
from money.views.common import club_organizer, numbers_of

MINUS = ("-", "\u2212")
NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class SignedAmountField(AmountField):
    """An amount that may be below nothing (a bank account that paid out more than came in):
    ``-12,50``."""

    def clean(self, value: Any) -> int | None:  # type: ignore[override]
        text = str(value or "").strip()
        negative = text.startswith(MINUS)
        amount = super().clean(text[1:] if negative else text)
        if amount is None:
            return None
        return -amount if negative else amount


class CashUpForm(forms.Form):
    """What was counted per method (required where the books expect something) and the
    reason for a difference."""

    def __init__(self, *args: Any, books: Till, numbers: NumberFormat, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.books = books
        for line in books.methods:
            self.fields[f"counted_{line.method}"] = SignedAmountField(
                label=line.label, numbers=numbers, required=bool(line.expected)
            )
        self.fields["reason"] = forms.CharField(
            label=gettext_lazy("Reason for a difference"),
            max_length=REASON_LENGTH,
            required=False,
            help_text=gettext_lazy("Booked in the ledger with the difference."),
        )

    def rows(self) -> list[tuple[MethodBooks, forms.BoundField]]:
        return [(line, self[f"counted_{line.method}"]) for line in self.books.methods]

    def counted(self) -> dict[str, int | None]:
        return {
            line.method: self.cleaned_data.get(f"counted_{line.method}")
            for line in self.books.methods
        }


class CashUpTable(tables.Table):
    """A cash-up sheet's lines and their total (the exports)."""

    method = tables.Column(verbose_name=gettext_lazy("Method"))
    opening = tables.Column(verbose_name=gettext_lazy("Previous count"), attrs=NUM)
    money_in = tables.Column(verbose_name=gettext_lazy("In"), attrs=NUM)
    money_out = tables.Column(verbose_name=gettext_lazy("Out"), attrs=NUM)
    expected = tables.Column(verbose_name=gettext_lazy("The books say"), attrs=NUM)
    counted = tables.Column(verbose_name=gettext_lazy("Counted"), attrs=NUM)
    difference = tables.Column(verbose_name=gettext_lazy("Difference"), attrs=NUM)
    reason = tables.Column(verbose_name=gettext_lazy("Reason"), default="")

    class Meta:
        orderable = False
        attrs = {"class": "table cash-up"}

    def __init__(self, data: Any, *, numbers: NumberFormat, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        self.numbers = numbers

    def _amount(self, value: Any) -> str:
        return self.numbers.plain(value) if isinstance(value, int) else str(value or "")

    render_opening = render_money_in = render_money_out = _amount
    render_expected = render_counted = render_difference = _amount
    value_opening = value_money_in = value_money_out = _amount
    value_expected = value_counted = value_difference = _amount


def table_rows(
    methods: tuple[MethodBooks, ...], total: MethodBooks, reason: str
) -> list[dict[str, Any]]:
    def row(books: MethodBooks, label: str) -> dict[str, Any]:
        return {
            "method": label,
            "opening": books.opening,
            "money_in": books.money_in,
            "money_out": books.money_out,
            "expected": books.expected,
            "counted": books.counted,
            "difference": books.difference,
            "reason": reason if books.difference and books.method else "",
        }

    return [*(row(books, books.label) for books in methods), row(total, _("Total"))]


@club_organizer
def cash_up(request: HttpRequest, club: Club) -> HttpResponse:
    numbers = numbers_of(club)
    books = till(club)
    form = CashUpForm(request.POST or None, books=books, numbers=numbers)
    if request.method == "POST" and form.is_valid():
        try:
            taken = services.cash_up_take(
                club=club,
                counted=form.counted(),
                reason=form.cleaned_data["reason"],
                recorded_by=request.user,
                seen=request.POST.get("seen", ""),
            )
        except UserError as error:
            if error.code == "stale":
                # Show the books as they are now, with what was typed kept.
                books = till(club)
                form = CashUpForm(request.POST, books=books, numbers=numbers)
                form.is_valid()
            add_user_error(form, error)
        else:
            messages.success(request, _("Cash-up #%(number)s is saved.") % {"number": taken.number})
            return redirect("money_club:cash_up_sheet", club.slug, taken.number)
    return render(
        request,
        "money/cash_up.html",
        {
            "club": club,
            "numbers": numbers,
            "till": books,
            "form": form,
            "past": club_cash_ups(club),
        },
    )


@club_organizer
def sheet(request: HttpRequest, club: Club, number: int) -> HttpResponse:
    numbers = numbers_of(club)
    taken = get_object_or_404(cash_ups_with_recorder(), club=club, number=number)
    found = cash_up_sheet(taken)
    table = CashUpTable(table_rows(found.methods, found.total, taken.reason), numbers=numbers)
    day = localtime(taken.taken_at).strftime("%Y-%m-%d")
    export = export_response(
        request.GET.get("_export"),
        table,
        filename=f"{club.slug}-cash-up-{taken.number}-{day}",
        title=_("Cash-up #%(number)s %(club)s") % {"number": taken.number, "club": club.name},
    )
    if export is not None:
        return export
    return render(
        request,
        "money/cash_up_sheet.html",
        {
            "club": club,
            "numbers": numbers,
            "cash_up": taken,
            "sheet": found,
        },
    )
