"""The organizer's controls of a tournament's rounds and their matches: a round's settings, a
stage's clock, drawing a round again, swapping players, a forfeit, publishing a draft."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import UserError, add_user_error, run_service
from draw import selectors as draw_selectors
from draw import services as draw_services
from entries.forms import ForfeitForm
from matches import selectors as match_selectors
from matches.models import Match
from matches.services import match_award_forfeit
from pages.manage import back_to_manage
from tournaments import selectors, services
from tournaments.forms import RoundForm, StageClockForm, SwapForm
from tournaments.models import Round, Stage, Tournament
from tournaments.shortcuts import organizer_only


def _round_of(tournament: Tournament, round_id: int) -> Round:
    return get_object_or_404(
        selectors.rounds_with_stage(), pk=round_id, stage__tournament=tournament
    )


@organizer_only
def round_edit(request: HttpRequest, tournament: Tournament, round_id: int) -> HttpResponse:
    round_ = _round_of(tournament, round_id)
    form = RoundForm(request.POST or None, instance=selectors.round_row(round_))
    if request.method == "POST" and form.is_valid():
        try:
            draw_services.round_update(round_=round_, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("Round saved."))
            return back_to_manage(tournament)
    context = {"form": form, "round": round_, "tournament": tournament, "club": tournament.club}
    return render(request, "tournaments/manage/round_form.html", context)


@organizer_only
def stage_clock(request: HttpRequest, tournament: Tournament, stage_id: int) -> HttpResponse:
    stage = get_object_or_404(Stage, pk=stage_id, tournament=tournament)
    form = StageClockForm(request.POST or None, instance=selectors.stage_row(stage))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.stage_set_clock(
                stage=stage,
                clock=data["clock"],
                minutes=data["clock_minutes"],
                delay=data["clock_delay"],
                bronstein=data["clock_bronstein"],
            )
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("Clock saved; online games that start now use it."))
            return back_to_manage(tournament)
    context = {"form": form, "stage": stage, "tournament": tournament, "club": tournament.club}
    return render(request, "tournaments/manage/clock_form.html", context)


@organizer_only
def round_repair(request: HttpRequest, tournament: Tournament, round_id: int) -> HttpResponse:
    """Draw a round (a bracket, a league schedule: the whole draw) again. It asks first: the
    page names every round that is drawn anew, and only a POST with ``confirm`` draws."""
    round_ = _round_of(tournament, round_id)
    if request.method == "POST" and request.POST.get("confirm"):
        run_service(
            request,
            lambda: draw_services.round_repair(round_=round_),
            _("The round is drawn again."),
        )
        if round_.is_draft:  # a draft is paired again from its own page
            return _round_page(tournament, round_)
        return back_to_manage(tournament)
    rounds = list(draw_selectors.redraw_rounds(round_))
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "round": round_,
        "rounds": rounds,
        "possible": draw_selectors.can_redraw(round_),
    }
    return render(request, "tournaments/manage/round_redraw.html", context)


@require_POST
@organizer_only
def swap(request: HttpRequest, tournament: Tournament, round_id: int) -> HttpResponse:
    round_ = _round_of(tournament, round_id)
    form = SwapForm(request.POST)
    try:
        if not form.is_valid():
            raise ValueError
        (first_id, first_slot), (second_id, second_slot) = (
            SwapForm.parse(form.cleaned_data["first"]),
            SwapForm.parse(form.cleaned_data["second"]),
        )
        first = match_selectors.round_match(round_, first_id)
        second = match_selectors.round_match(round_, second_id)
        if first_slot not in (1, 2) or second_slot not in (1, 2):
            raise ValueError
    except (ValueError, Match.DoesNotExist):
        messages.error(request, _("Choose two players of this round to swap."))
        return back_to_manage(tournament)
    run_service(
        request,
        lambda: draw_services.match_swap_players(
            first=first, first_slot=first_slot, second=second, second_slot=second_slot
        ),
        _("The two players are swapped."),
    )
    return _round_page(tournament, round_)


@require_POST
@organizer_only
def forfeit(request: HttpRequest, tournament: Tournament, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id, round__stage__tournament=tournament)
    form = ForfeitForm(request.POST, match=match)
    if form.is_valid():
        run_service(
            request,
            lambda: match_award_forfeit(
                match=match,
                winner=form.cleaned_data["winner"],
                user=request.user,
                reason=form.cleaned_data["reason"],
            ),
            _("The match is awarded to %(name)s.") % {"name": form.cleaned_data["winner"]},
        )
    else:
        messages.error(request, _("Choose the winner of the forfeit."))
    return redirect(
        "matches:detail", club=tournament.club.slug, tournament=tournament.slug, match=match.pk
    )


def _round_page(tournament: Tournament, round_: Round) -> HttpResponse:
    return redirect(
        "tournaments:round",
        club=tournament.club.slug,
        tournament=tournament.slug,
        stage=round_.stage.kind,
        number=round_.number,
    )


@require_POST
@organizer_only
def round_publish(request: HttpRequest, tournament: Tournament, round_id: int) -> HttpResponse:
    round_ = _round_of(tournament, round_id)
    run_service(
        request,
        lambda: draw_services.round_publish(round_=round_),
        _("The round is published; the players are told."),
    )
    return _round_page(tournament, round_)


def _draft_place(value: str) -> tuple[int, int]:
    table, _sep, slot = value.partition(":")
    return int(table), int(slot)


@require_POST
@organizer_only
def draft_swap(request: HttpRequest, tournament: Tournament, round_id: int) -> HttpResponse:
    round_ = _round_of(tournament, round_id)
    try:
        first = _draft_place(request.POST.get("first", ""))
        second = _draft_place(request.POST.get("second", ""))
    except ValueError:
        messages.error(request, _("Choose two players of this round to swap."))
        return _round_page(tournament, round_)
    run_service(
        request,
        lambda: draw_services.round_draft_swap(round_=round_, first=first, second=second),
        _("The two players are swapped."),
    )
    return _round_page(tournament, round_)
