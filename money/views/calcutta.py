"""The Calcutta (/clubs/<club>/t/<tournament>/money/calcutta/): the auctioneer's page (works
on a phone, without JavaScript), the venue display of the lot on sale (public, refreshed by
HTMX), and every buyer's statement."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import F
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import UserError, add_user_error, run_service
from entries.models import Entry
from money import selectors, services
from money.calcutta import calcutta_settlement
from money.forms import BidForm, BuybackForm, CalcuttaForm, CalcuttaTeamsForm
from money.models import Calcutta, CalcuttaLot
from money.views.common import context, numbers_of
from ratings.selectors import club_ratings
from tournaments.models import Tournament
from tournaments.shortcuts import get_visible_tournament, organizer_only, tournament_context


def _back(tournament: Tournament) -> HttpResponse:
    return redirect("money:calcutta", tournament.club.slug, tournament.slug)


@organizer_only
def calcutta(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    numbers = numbers_of(tournament.club)
    found = selectors.calcutta_of(tournament)
    initial = (
        {
            "house_share": found.house_share,
            "max_buyback": found.max_buyback,
            "min_bid": found.min_bid,
            "payout_table": found.payout_table,
        }
        if found
        else {"max_buyback": 5000, "min_bid": 500}
    )
    form = CalcuttaForm(request.POST or None, initial=initial, numbers=numbers)
    if request.method == "POST" and form.is_valid():
        try:
            services.calcutta_setup(tournament=tournament, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("The Calcutta's settings are saved."))
            return _back(tournament)
    lots = selectors.calcutta_lots(found)
    current = found.current_lot if found else None
    entries = list(
        selectors.field_entries(tournament).order_by(
            F("seed").asc(nulls_last=True), "player__name", "pk"
        )
    )
    ratings = club_ratings(tournament.club, [entry.player_id for entry in entries])
    in_group = {
        entry.pk: number
        for number, lot in enumerate((lot for lot in lots if len(lot.entries.all()) > 1), 1)
        for entry in lot.entries.all()
    }
    buybacks = {
        lot.pk: BuybackForm(
            numbers=numbers,
            players=[(e.pk, e.player.name) for e in lot.entries.all()],
            prefix=f"b{lot.pk}",
        )
        for lot in lots
        if lot.sold_at
    }
    return render(
        request,
        "money/calcutta.html",
        context(
            request,
            tournament,
            calcutta=found,
            form=form,
            lots=[(lot, buybacks.get(lot.pk)) for lot in lots],
            current=current,
            top=selectors.calcutta_top_bid(current),
            bid_form=BidForm(numbers=numbers),
            players=[
                (entry, round(ratings[entry.player_id]), in_group.get(entry.pk))
                for entry in entries
            ],
            group_numbers=range(1, len(entries) // 2 + 1),
            teams_form=CalcuttaTeamsForm(
                initial={"singles": (len(entries) + 1) // 2, "team_size": 2}
            ),
            field=selectors.field_count(tournament),
            lots_and_field=selectors.calcutta_lots_and_field(tournament),
            before_the_draw=tournament.status in selectors.BEFORE_THE_DRAW,
            bidders=selectors.calcutta_bidders(found) if found else [],
        ),
    )


def _lot(tournament: Tournament, number: int) -> CalcuttaLot:
    return get_object_or_404(
        selectors.lots_with_calcutta(),
        calcutta__tournament=tournament,
        number=number,
    )


def _groups(post: QueryDict) -> list[list[int]]:
    """The groups picked by hand: ``group-<entry>`` = the group's number (empty: alone)."""
    groups: dict[int, list[int]] = {}
    for key, value in post.items():
        name, _dash, entry = key.partition("-")
        if name == "group" and entry.isdigit() and value.isdigit() and int(value):
            groups.setdefault(int(value), []).append(int(entry))
    return [groups[number] for number in sorted(groups)]


@organizer_only
@require_POST
def make_lots(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Make the lots by hand (``how=hand``: groups picked per player), as teams of N by
    rating (``how=rating``), or add lots for players who came into the field since
    (``how=add``)."""
    found = get_object_or_404(Calcutta, tournament=tournament)
    how = request.POST.get("how", "hand")
    if how == "rating":
        form = CalcuttaTeamsForm(request.POST)
        if not form.is_valid():
            for errors in form.errors.values():
                for error in errors:
                    messages.error(request, error)
            return _back(tournament)
        run_service(
            request,
            lambda: services.calcutta_make_lots_by_rating(
                calcutta=found,
                team_size=form.cleaned_data["team_size"],
                singles=form.cleaned_data["singles"],
            ),
            _("The lots are made."),
        )
    elif how == "add":
        run_service(
            request,
            lambda: services.calcutta_add_lots(calcutta=found),
            _("The players who came into the field have lots of their own."),
        )
    else:
        groups = _groups(request.POST)
        run_service(
            request,
            lambda: services.calcutta_make_lots(calcutta=found, groups=groups),
            _("The lots are made."),
        )
    return _back(tournament)


@organizer_only
@require_POST
def lot_action(
    request: HttpRequest, tournament: Tournament, number: int, action: str
) -> HttpResponse:
    lot = _lot(tournament, number)
    numbers = numbers_of(tournament.club)
    if action == "bid":
        form = BidForm(request.POST, numbers=numbers)
        if not form.is_valid():
            for errors in form.errors.values():
                for error in errors:
                    messages.error(request, error)
            return _back(tournament)
        run_service(
            request,
            lambda: services.calcutta_bid(
                lot=lot,
                bidder=form.cleaned_data["bidder"],
                amount=form.cleaned_data["amount"],
                recorded_by=request.user,
            ),
            _("%(bidder)s bids %(amount)s.")
            % {
                "bidder": form.cleaned_data["bidder"],
                "amount": numbers.amount(form.cleaned_data["amount"]),
            },
        )
    elif action == "sell":
        run_service(
            request,
            lambda: services.calcutta_sell(lot=lot, recorded_by=request.user),
            _("Lot %(number)s is sold.") % {"number": lot.number},
        )
    elif action == "open":
        run_service(
            request,
            lambda: services.calcutta_open_lot(lot=lot),
            _("Lot %(number)s is up for sale.") % {"number": lot.number},
        )
    elif action == "buyback":
        players = [(e.pk, e.player.name) for e in selectors.lot_entries(lot)]
        form = BuybackForm(request.POST, numbers=numbers, players=players, prefix=f"b{lot.pk}")
        if not form.is_valid():
            for errors in form.errors.values():
                for error in errors:
                    messages.error(request, error)
            return _back(tournament)
        entry = get_object_or_404(Entry, pk=form.cleaned_data["entry"], tournament=tournament)
        run_service(
            request,
            lambda: services.calcutta_buyback(
                lot=lot, entry=entry, share=form.cleaned_data["share"]
            ),
            _("%(name)s has bought back a share of himself.") % {"name": entry.player.name},
        )
    else:
        messages.error(request, _("Unknown action."))
    return _back(tournament)


def display(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    """The lot on sale and its price, for the venue's screen (refreshes itself)."""
    obj = get_visible_tournament(request, club, tournament)
    found = selectors.calcutta_of(obj)
    current = found.current_lot if found else None
    ctx = tournament_context(
        request,
        obj,
        current=current,
        players=[e.player.name for e in selectors.lot_entries(current)] if current else [],
        top=selectors.calcutta_top_bid(current),
        numbers=numbers_of(obj.club),
    )
    template = (
        "money/_calcutta_lot.html"
        if request.headers.get("HX-Request")
        else "money/calcutta_display.html"
    )
    return render(request, template, ctx)


@organizer_only
def statements(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    settlement = calcutta_settlement(tournament)
    return render(
        request,
        "money/calcutta_statements.html",
        context(request, tournament, settlement=settlement),
    )
