"""Organizer pages and controls. Every action is a POST to one service."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import permissions
from clubs.shortcuts import deny, get_visible_club
from config.errors import UserError, add_user_error
from draw import services as draw_services
from matches.models import Match
from matches.services import match_award_forfeit
from standings.tiebreaks import METRIC_LABELS
from tournaments import selectors, services
from tournaments.forms import (
    ByeRequestForm,
    ForfeitForm,
    GuestEntryForm,
    LateEntryForm,
    MemberEntryForm,
    PairingRuleForm,
    RoundForm,
    StageClockForm,
    SwapForm,
    TournamentForm,
    seeds_from_post,
)
from tournaments.models import Entry, PairingRule, Round, Stage, Tournament
from tournaments.shortcuts import get_visible_tournament


def organizer_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Load the tournament and let only organizers of its club through."""

    @wraps(view)
    def wrapper(request: HttpRequest, club: str, tournament: str, **kwargs: Any) -> HttpResponse:
        obj = get_visible_tournament(request, club, tournament)
        if not permissions.can_manage_tournament(request.user, obj):
            return deny(request)
        return view(request, obj, **kwargs)

    return wrapper


def run(request: HttpRequest, action: Callable[[], object], success: str) -> bool:
    """Call a service; show its user error or the success message."""
    try:
        action()
    except UserError as error:
        messages.error(request, " ".join(error.messages))
        return False
    messages.success(request, success)
    return True


@login_required
def tournament_create(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_manage_club(request.user, club_obj):
        return deny(request)
    form = TournamentForm(request.POST or None, club=club_obj, tiebreak_labels=METRIC_LABELS)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            tournament = services.tournament_create(club=club_obj, user=request.user, **data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("Tournament created as a draft."))
            return redirect("tournaments:manage", club=club_obj.slug, tournament=tournament.slug)
    return render(request, "tournaments/manage/form.html", {"form": form, "club": club_obj})


@organizer_only
def tournament_edit(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = TournamentForm(
        request.POST or None,
        instance=Tournament.objects.get(pk=tournament.pk),
        club=tournament.club,
        tiebreak_labels=METRIC_LABELS,
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_update(tournament=tournament, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("Tournament saved."))
            return redirect(
                "tournaments:manage", club=tournament.club.slug, tournament=tournament.slug
            )
    return render(
        request,
        "tournaments/manage/form.html",
        {"form": form, "club": tournament.club, "tournament": tournament},
    )


@organizer_only
def manage(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    rounds = list(selectors.tournament_rounds(tournament))
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "entries": selectors.tournament_entries(tournament),
        "guest_form": GuestEntryForm(),
        "member_form": MemberEntryForm(tournament=tournament),
        "rounds": rounds,
        "stages": list(tournament.stages.all()),
        "pairing_rules": selectors.pairing_rules(tournament),
        "rule_form": PairingRuleForm(tournament=tournament),
        "late_form": LateEntryForm(),
        "bye_form": ByeRequestForm(tournament=tournament),
        "requested_byes": selectors.requested_byes(tournament),
        "can_manage": True,
    }
    return render(request, "tournaments/manage/manage.html", context)


def _back(tournament: Tournament) -> HttpResponse:
    return redirect("tournaments:manage", club=tournament.club.slug, tournament=tournament.slug)


@require_POST
@organizer_only
def transition(request: HttpRequest, tournament: Tournament, action: str) -> HttpResponse:
    actions = {
        "open": (services.tournament_open_registration, _("Registration is open.")),
        "start": (
            draw_services.tournament_start,
            _("The tournament has started; the draw is made."),
        ),
        "pair-next": (
            draw_services.tournament_pair_next_round,
            _("The next round is being drawn."),
        ),
    }
    if action not in actions:
        return deny(request)
    service, success = actions[action]
    run(request, lambda: service(tournament=tournament), success)
    return _back(tournament)


@require_POST
@organizer_only
def entry_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if "guest" in request.POST:
        form: Any = GuestEntryForm(request.POST)
        if form.is_valid():
            run(
                request,
                lambda: services.entry_add_guest(tournament=tournament, **form.cleaned_data),
                _("%(name)s is entered.") % {"name": form.cleaned_data["name"]},
            )
    else:
        form = MemberEntryForm(request.POST, tournament=tournament)
        if form.is_valid():
            player = form.cleaned_data["player"]
            run(
                request,
                lambda: services.entry_add(tournament=tournament, player=player),
                _("%(name)s is entered.") % {"name": player.name},
            )
    if not form.is_valid():
        messages.error(request, _("Enter a name or choose a member."))
    return _back(tournament)


@require_POST
@organizer_only
def entry_action(
    request: HttpRequest, tournament: Tournament, entry: int, action: str
) -> HttpResponse:
    entry_obj = get_object_or_404(
        Entry.objects.select_related("player"), pk=entry, tournament=tournament
    )
    actions = {
        "approve": (services.entry_approve, _("%(name)s is approved.")),
        "check-in": (services.entry_check_in, _("%(name)s is checked in.")),
        "withdraw": (draw_services.entry_withdraw, _("%(name)s has withdrawn.")),
        "reinstate": (draw_services.entry_reinstate, _("%(name)s is back in the tournament.")),
    }
    if action not in actions:
        return deny(request)
    service, success = actions[action]
    run(request, lambda: service(entry=entry_obj), success % {"name": entry_obj.player.name})
    return _back(tournament)


@require_POST
@organizer_only
def seeds(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    entry_ids = list(tournament.entries.values_list("pk", flat=True))
    try:
        order = seeds_from_post(request.POST, entry_ids)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        run(
            request,
            lambda: services.entries_set_seeds(tournament=tournament, ordered_entry_ids=order),
            _("Seeds saved."),
        )
    return _back(tournament)


def _round_of(tournament: Tournament, round_id: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("stage"), pk=round_id, stage__tournament=tournament
    )


@organizer_only
def round_edit(request: HttpRequest, tournament: Tournament, round_id: int) -> HttpResponse:
    round_ = _round_of(tournament, round_id)
    form = RoundForm(request.POST or None, instance=Round.objects.get(pk=round_.pk))
    if request.method == "POST" and form.is_valid():
        try:
            draw_services.round_update(round_=round_, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("Round saved."))
            return _back(tournament)
    context = {"form": form, "round": round_, "tournament": tournament, "club": tournament.club}
    return render(request, "tournaments/manage/round_form.html", context)


@organizer_only
def stage_clock(request: HttpRequest, tournament: Tournament, stage_id: int) -> HttpResponse:
    stage = get_object_or_404(Stage, pk=stage_id, tournament=tournament)
    form = StageClockForm(request.POST or None, instance=Stage.objects.get(pk=stage.pk))
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
            return _back(tournament)
    context = {"form": form, "stage": stage, "tournament": tournament, "club": tournament.club}
    return render(request, "tournaments/manage/clock_form.html", context)


@require_POST
@organizer_only
def round_repair(request: HttpRequest, tournament: Tournament, round_id: int) -> HttpResponse:
    round_ = _round_of(tournament, round_id)
    run(request, lambda: draw_services.round_repair(round_=round_), _("The round is drawn again."))
    if round_.is_draft:  # a draft is paired again from its own page
        return _round_page(tournament, round_)
    return _back(tournament)


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
        first = Match.objects.get(pk=first_id, round=round_)
        second = Match.objects.get(pk=second_id, round=round_)
        if first_slot not in (1, 2) or second_slot not in (1, 2):
            raise ValueError
    except (ValueError, Match.DoesNotExist):
        messages.error(request, _("Choose two players of this round to swap."))
        return _back(tournament)
    run(
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
        run(
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
    run(
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
    run(
        request,
        lambda: draw_services.round_draft_swap(round_=round_, first=first, second=second),
        _("The two players are swapped."),
    )
    return _round_page(tournament, round_)


@require_POST
@organizer_only
def pairing_rule_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = PairingRuleForm(request.POST, tournament=tournament)
    if not form.is_valid():
        messages.error(request, _("Choose two players, a rule and a reason."))
        return _back(tournament)
    run(
        request,
        lambda: services.pairing_rule_add(tournament=tournament, **form.cleaned_data),
        _("The pairing rule is saved; the next draw follows it."),
    )
    return _back(tournament)


@require_POST
@organizer_only
def pairing_rule_remove(request: HttpRequest, tournament: Tournament, rule_id: int) -> HttpResponse:
    rule = get_object_or_404(PairingRule, pk=rule_id, tournament=tournament)
    run(request, lambda: services.pairing_rule_remove(rule=rule), _("The pairing rule is removed."))
    return _back(tournament)


@require_POST
@organizer_only
def late_entry(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = LateEntryForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Enter a name, the first round and the starting score."))
        return _back(tournament)
    data = form.cleaned_data
    run(
        request,
        lambda: draw_services.entry_add_late(
            tournament=tournament,
            name=data["name"],
            from_round=data["from_round"],
            start=data["start"],
            points=data["points"] or 0,
        ),
        _("%(name)s is entered from round %(number)d.")
        % {"name": data["name"], "number": data["from_round"]},
    )
    return _back(tournament)


@require_POST
@organizer_only
def bye_request(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ByeRequestForm(request.POST, tournament=tournament)
    if not form.is_valid():
        messages.error(request, _("Choose a player, a round and the points for the bye."))
        return _back(tournament)
    data = form.cleaned_data
    run(
        request,
        lambda: draw_services.entry_request_bye(
            entry=data["entry"], round_number=data["round_number"], points=data["points"]
        ),
        _("%(name)s is not paired in round %(number)d.")
        % {"name": data["entry"].player.name, "number": data["round_number"]},
    )
    return _back(tournament)


@require_POST
@organizer_only
def bye_cancel(
    request: HttpRequest, tournament: Tournament, entry: int, number: int
) -> HttpResponse:
    entry_obj = get_object_or_404(Entry, pk=entry, tournament=tournament)
    run(
        request,
        lambda: draw_services.entry_cancel_bye(entry=entry_obj, round_number=number),
        _("The bye is cancelled."),
    )
    return _back(tournament)
