"""Side pools (/clubs/<club>/t/<tournament>/money/side-pools/) and a season's pot
(/clubs/<club>/money/seasons/<season>/)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Club
from config.errors import UserError, add_user_error, run_service
from money import services
from money.forms import SeasonPotForm, SidePoolForm, SidePoolJoinForm
from money.models import SidePool, SidePoolEntry
from money.seasonpot import season_pot_sheet
from money.views.common import club_organizer, context, numbers_of
from tournaments.models import Entry, EntryStatus, Season, Tournament
from tournaments.shortcuts import organizer_only


def _entries(tournament: Tournament) -> object:
    return (
        Entry.objects.filter(tournament=tournament)
        .exclude(status=EntryStatus.WITHDRAWN)
        .select_related("player")
        .order_by("player__name")
    )


@organizer_only
def side_pools(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    numbers = numbers_of(tournament.club)
    form = SidePoolForm(request.POST or None, numbers=numbers)
    if request.method == "POST" and form.is_valid():
        try:
            services.side_pool_create(tournament=tournament, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("The side pool is open."))
            return redirect("money:side_pools", tournament.club.slug, tournament.slug)
    pools = list(
        SidePool.objects.filter(tournament=tournament)
        .prefetch_related("entrants__entry__player")
        .order_by("created_at", "pk")
    )
    joins = [
        (pool, SidePoolJoinForm(entries=_entries(tournament), prefix=f"p{pool.pk}"))
        for pool in pools
    ]
    return render(
        request, "money/side_pools.html", context(request, tournament, form=form, joins=joins)
    )


@organizer_only
@require_POST
def side_pool_join(request: HttpRequest, tournament: Tournament, pool: int) -> HttpResponse:
    side_pool = get_object_or_404(SidePool, pk=pool, tournament=tournament)
    form = SidePoolJoinForm(request.POST, entries=_entries(tournament), prefix=f"p{pool}")
    if not form.is_valid():
        messages.error(request, _("Choose a player and how the fee was paid."))
    else:
        entry = form.cleaned_data["entry"]
        run_service(
            request,
            lambda: services.side_pool_join(
                side_pool=side_pool,
                entry=entry,
                method=form.cleaned_data["method"],
                reference=form.cleaned_data["reference"],
                recorded_by=request.user,
            ),
            _("%(name)s is in %(pool)s.") % {"name": entry.player.name, "pool": side_pool.name},
        )
    return redirect("money:side_pools", tournament.club.slug, tournament.slug)


@organizer_only
@require_POST
def side_pool_refund(request: HttpRequest, tournament: Tournament, joined: int) -> HttpResponse:
    found = get_object_or_404(SidePoolEntry, pk=joined, side_pool__tournament=tournament)
    run_service(
        request,
        lambda: services.side_pool_refund(joined=found, recorded_by=request.user),
        _("The side pool fee is refunded."),
    )
    return redirect("money:side_pools", tournament.club.slug, tournament.slug)


@club_organizer
def season_pot(request: HttpRequest, club: Club, season: str) -> HttpResponse:
    obj = get_object_or_404(Season, club=club, slug=season)
    numbers = numbers_of(club)
    pot = season_pot_sheet(obj, _("Season pot"))
    form = SeasonPotForm(request.POST or None, initial={"payout_table": pot.table}, numbers=numbers)
    if request.method == "POST" and form.is_valid():
        try:
            services.season_pot_update(season=obj, payout_table=form.cleaned_data["payout_table"])
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("The season pot's payout table is saved."))
            return redirect("money_club:season_pot", club.slug, obj.slug)
    return render(
        request,
        "money/season_pot.html",
        {"club": club, "season": obj, "pot": pot, "form": form, "numbers": numbers},
    )
