"""A tournament's fees (/clubs/<club>/t/<tournament>/money/): who paid, how, recorded by
whom; the tournament's money settings."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import UserError, add_user_error, run_service
from entries.selectors import entries_with_player
from money import selectors, services
from money.forms import PaymentForm, TournamentMoneyForm
from money.methods import hand_paid_choices
from money.views.common import context, numbers_of
from tournaments.models import Tournament
from tournaments.shortcuts import organizer_only


@organizer_only
def fees(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    money = selectors.tournament_money(tournament)
    rows = selectors.fee_rows(tournament)
    return render(
        request,
        "money/fees.html",
        context(
            request,
            tournament,
            money=money,
            rows=rows,
            field=selectors.field_count(tournament),
            methods=hand_paid_choices(tournament.club),
            collected=selectors.collected(tournament),
        ),
    )


@organizer_only
@require_POST
def fee_action(
    request: HttpRequest, tournament: Tournament, entry: int, number: int, action: str
) -> HttpResponse:
    obj = get_object_or_404(entries_with_player(), pk=entry, tournament=tournament)
    name = obj.player.name
    by = request.user
    form = PaymentForm(request.POST)
    method = form.data.get("method", "")
    reference = (form.data.get("reference") or "").strip()[:120]
    actions = {
        "paid": (
            lambda: services.fee_mark_paid(
                entry=obj, number=number, method=method, reference=reference, recorded_by=by
            ),
            _("%(name)s has paid.") % {"name": name},
        ),
        "waive": (
            lambda: services.fee_waive(
                entry=obj, number=number, reference=reference, recorded_by=by
            ),
            _("%(name)s's fee is waived.") % {"name": name},
        ),
        "refund": (
            lambda: services.fee_refund(
                entry=obj, number=number, method=method, reference=reference, recorded_by=by
            ),
            _("%(name)s's fee is refunded.") % {"name": name},
        ),
        "unpaid": (
            lambda: services.fee_mark_unpaid(entry=obj, number=number, recorded_by=by),
            _("%(name)s's fee is unpaid again.") % {"name": name},
        ),
        "reentry": (
            lambda: services.reentry_add(entry=obj, recorded_by=by),
            _("A re-entry for %(name)s.") % {"name": name},
        ),
    }
    if action not in actions:
        messages.error(request, _("Unknown action."))
    else:
        run_service(request, *actions[action])
    return redirect("money:fees", tournament.club.slug, tournament.slug)


@organizer_only
def settings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    numbers = numbers_of(tournament.club)
    flights = selectors.flights_of(tournament)
    money = selectors.tournament_money(tournament)
    initial = {
        "entry_fee": money.entry_fee,
        "reentry_fee": money.reentry_fee,
        "house_share": money.house_share,
        "pot_share": money.pot_share,
        "fixed_costs": money.fixed_costs,
        "added_money": money.added_money,
        "payout_table": money.payout_table,
        **{f"split_{flight}": share for flight, share in (money.flight_split or {}).items()},
    }
    form = TournamentMoneyForm(
        request.POST or None, initial=initial, numbers=numbers, flights=flights
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_money_update(tournament=tournament, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("The money settings are saved."))
            return redirect("money:fees", tournament.club.slug, tournament.slug)
    return render(request, "money/settings.html", context(request, tournament, form=form))
