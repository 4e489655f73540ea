"""Side pools (/clubs/<club>/t/<tournament>/money/side-pools/) and a season's pot
(/clubs/<club>/money/seasons/<season>/)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Club
from config.errors import UserError, add_user_error, run_service
from money import selectors, services
from money.forms import SeasonPotForm, SidePoolForm, SidePoolJoinForm
from money.methods import hand_paid_choices
from money.models import SidePool
from money.seasonpot import season_pot_sheet
from money.views.common import club_organizer, context, numbers_of
from tournaments.models import Season, Tournament
from tournaments.shortcuts import organizer_only


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
    states = selectors.side_pool_states(tournament)
    methods = hand_paid_choices(tournament.club)
    joins = [
        (
            state,
            SidePoolJoinForm(
                entries=selectors.side_pool_may_join(tournament, state.pool),
                methods=methods,
                prefix=f"p{state.pool.pk}",
            ),
        )
        for state in states
    ]
    return render(
        request,
        "money/side_pools.html",
        context(
            request,
            tournament,
            form=form,
            joins=joins,
            field=selectors.field_count(tournament),
            methods=methods,
        ),
    )


@organizer_only
@require_POST
def side_pool_join(request: HttpRequest, tournament: Tournament, pool: int) -> HttpResponse:
    """A player enters the side pool: paid, owing the fee or let off it."""
    side_pool = get_object_or_404(SidePool, pk=pool, tournament=tournament)
    form = SidePoolJoinForm(
        request.POST,
        entries=selectors.side_pool_may_join(tournament, side_pool),
        methods=hand_paid_choices(tournament.club),
        prefix=f"p{pool}",
    )
    if not form.is_valid():
        messages.error(request, _("Choose a player in the field and say how the fee stands."))
    else:
        entry = form.cleaned_data["entry"]
        run_service(
            request,
            lambda: services.side_pool_join(
                side_pool=side_pool,
                entry=entry,
                status=form.cleaned_data["status"],
                method=form.cleaned_data["method"],
                reference=form.cleaned_data["reference"],
                recorded_by=request.user,
            ),
            _("%(name)s is in %(pool)s.") % {"name": entry.player.name, "pool": side_pool.name},
        )
    return redirect("money:side_pools", tournament.club.slug, tournament.slug)


@organizer_only
@require_POST
def side_pool_entrant(
    request: HttpRequest, tournament: Tournament, joined: int, action: str
) -> HttpResponse:
    """An entrant of a side pool pays later (``paid``), is let off the fee (``waive``), is
    taken out while nothing was paid (``leave``) or is paid back (``refund``)."""
    found = get_object_or_404(
        selectors.side_pool_entries_with_entry(),
        pk=joined,
        side_pool__tournament=tournament,
    )
    name, pool = found.entry.player.name, found.side_pool.name
    actions = {
        "paid": (
            lambda: services.side_pool_mark_paid(
                joined=found,
                method=request.POST.get("method", ""),
                reference=(request.POST.get("reference") or "").strip()[:120],
                recorded_by=request.user,
            ),
            _("%(name)s has paid.") % {"name": name},
        ),
        "waive": (
            lambda: services.side_pool_waive(joined=found, recorded_by=request.user),
            _("%(name)s's side pool fee is waived.") % {"name": name},
        ),
        "leave": (
            lambda: services.side_pool_leave(joined=found),
            _("%(name)s is out of %(pool)s.") % {"name": name, "pool": pool},
        ),
        "refund": (
            lambda: services.side_pool_refund(joined=found, recorded_by=request.user),
            _("The side pool fee is refunded."),
        ),
    }
    if action not in actions:
        raise Http404
    run_service(request, *actions[action])
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
