"""Organizer pages and controls: the tournament, its entries, pairing rules and byes (a round's
controls are in ``manage_rounds``). Every action is a POST to one service."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import permissions
from clubs.models import Club
from clubs.shortcuts import deny, get_visible_club
from config.errors import UserError, add_user_error, run_service
from draw import selectors as draw_selectors
from draw import services as draw_services
from entries import selectors as entry_selectors
from entries import services as entry_services
from entries.forms import (
    ByeRequestForm,
    GuestEntryForm,
    MemberEntryForm,
    PairingRuleForm,
    seeds_from_post,
)
from entries.models import Entry, PairingRule
from standings.tiebreaks import METRIC_LABELS
from tournaments import selectors, services
from tournaments.formats import ADAPTERS
from tournaments.forms import LateEntryForm, TournamentForm
from tournaments.models import Tournament
from tournaments.shortcuts import organizer_only


def _settings_form(
    request: HttpRequest, club: Club, instance: Tournament | None = None
) -> tuple[TournamentForm, bool]:
    """The settings form with the chosen format's options, and whether the format was just
    changed: then the new format's options are shown for the organizer to check, and nothing
    is saved yet. Without JavaScript that is how the options follow the format (choose it,
    press Save or "Show its options"); with it, the format's options switch in place (HTMX
    fetches this page with ``?format=`` and takes the options from it)."""
    labels = METRIC_LABELS
    if request.method != "POST":
        chosen = request.GET.get("format")
        form = TournamentForm(
            instance=instance,
            club=club,
            tiebreak_labels=labels,
            format_key=chosen,
            initial={"format": chosen} if chosen in ADAPTERS else None,
        )
        switched = False
    else:
        form = TournamentForm(request.POST, instance=instance, club=club, tiebreak_labels=labels)
        # A post without ``options_for`` (a script, an older page) is taken as it is.
        shown_for = request.POST.get("options_for", form.format_key)
        switched = shown_for != form.format_key or "show_options" in request.POST
        if switched:
            form = TournamentForm(
                _with_option_defaults(request.POST, form),
                instance=instance,
                club=club,
                tiebreak_labels=labels,
            )
            form.errors.clear()  # nothing was saved: no complaints yet
    form.fields["format"].widget.attrs.update(
        {
            "hx-get": request.path,
            "hx-trigger": "change",
            "hx-target": "#format-options",
            "hx-select": "#format-options",
            "hx-swap": "outerHTML",
        }
    )
    return form, switched


def _with_option_defaults(data: QueryDict, form: TournamentForm) -> QueryDict:
    """The data sent, with the values the chosen format's options had (saved, or the
    defaults) where the page did not show them."""
    data = data.copy()
    for field in form.option_fields:
        if field.name in data:
            continue
        value = field.initial
        if isinstance(field.field, forms.BooleanField):
            if value:
                data[field.name] = "on"
        elif value is not None:
            data[field.name] = str(value)
    return data


@login_required
def tournament_create(request: HttpRequest, club: str) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_manage_club(request.user, club_obj):
        return deny(request)
    form, switched = _settings_form(request, club_obj)
    if request.method == "POST" and not switched and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            tournament = services.tournament_create(club=club_obj, user=request.user, **data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("Tournament created as a draft."))
            return redirect("tournaments:manage", club=club_obj.slug, tournament=tournament.slug)
    context = {"form": form, "club": club_obj, "switched": switched}
    return render(request, "tournaments/manage/form.html", context)


@organizer_only
def tournament_edit(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form, switched = _settings_form(request, tournament.club, selectors.tournament_row(tournament))
    if request.method == "POST" and not switched and form.is_valid():
        try:
            services.tournament_update(tournament=tournament, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("Tournament saved."))
            return redirect(
                "tournaments:manage", club=tournament.club.slug, tournament=tournament.slug
            )
    context = {"form": form, "club": tournament.club, "tournament": tournament}
    return render(request, "tournaments/manage/form.html", {**context, "switched": switched})


@organizer_only
def manage(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    rounds = list(selectors.tournament_rounds(tournament))
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "entries": entry_selectors.tournament_entries(tournament),
        "guest_form": GuestEntryForm(),
        "member_form": MemberEntryForm(tournament=tournament),
        "rounds": rounds,
        "redrawable": draw_selectors.redrawable_round_ids(tournament, rounds),
        "stages": list(selectors.tournament_stages(tournament)),
        "pairing_rules": entry_selectors.pairing_rules(tournament),
        "rule_form": PairingRuleForm(tournament=tournament),
        "late_form": LateEntryForm(),
        "bye_form": ByeRequestForm(tournament=tournament),
        "requested_byes": entry_selectors.requested_byes(tournament),
        "can_manage": True,
    }
    return render(request, "tournaments/manage/manage.html", context)


def back_to_manage(tournament: Tournament) -> HttpResponse:
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
    run_service(request, lambda: service(tournament=tournament), success)
    return back_to_manage(tournament)


@require_POST
@organizer_only
def entry_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if "guest" in request.POST:
        form: Any = GuestEntryForm(request.POST)
        if form.is_valid():
            run_service(
                request,
                lambda: entry_services.entry_add_guest(tournament=tournament, **form.cleaned_data),
                _("%(name)s is entered.") % {"name": form.cleaned_data["name"]},
            )
    else:
        form = MemberEntryForm(request.POST, tournament=tournament)
        if form.is_valid():
            player = form.cleaned_data["player"]
            run_service(
                request,
                lambda: entry_services.entry_add(tournament=tournament, player=player),
                _("%(name)s is entered.") % {"name": player.name},
            )
    if not form.is_valid():
        messages.error(request, _("Enter a name or choose a member."))
    return back_to_manage(tournament)


@require_POST
@organizer_only
def entry_action(
    request: HttpRequest, tournament: Tournament, entry: int, action: str
) -> HttpResponse:
    entry_obj = get_object_or_404(
        entry_selectors.entries_with_player(), pk=entry, tournament=tournament
    )
    actions = {
        "approve": (entry_services.entry_approve, _("%(name)s is approved.")),
        "check-in": (entry_services.entry_check_in, _("%(name)s is checked in.")),
        "withdraw": (entry_services.entry_withdraw, _("%(name)s has withdrawn.")),
        "reinstate": (entry_services.entry_reinstate, _("%(name)s is back in the tournament.")),
    }
    if action not in actions:
        return deny(request)
    service, success = actions[action]
    run_service(
        request, lambda: service(entry=entry_obj), success % {"name": entry_obj.player.name}
    )
    # The Entries page approves here too, and its form says to come back to it.
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(back)
    return back_to_manage(tournament)


@require_POST
@organizer_only
def seeds(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    entry_ids = entry_selectors.entry_ids(tournament)
    try:
        order = seeds_from_post(request.POST, entry_ids)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        run_service(
            request,
            lambda: entry_services.entries_set_seeds(
                tournament=tournament, ordered_entry_ids=order
            ),
            _("Seeds saved."),
        )
    return back_to_manage(tournament)


@require_POST
@organizer_only
def pairing_rule_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = PairingRuleForm(request.POST, tournament=tournament)
    if not form.is_valid():
        messages.error(request, _("Choose two players, a rule and a reason."))
        return back_to_manage(tournament)
    run_service(
        request,
        lambda: entry_services.pairing_rule_add(tournament=tournament, **form.cleaned_data),
        _("The pairing rule is saved; the next draw follows it."),
    )
    return back_to_manage(tournament)


@require_POST
@organizer_only
def pairing_rule_remove(request: HttpRequest, tournament: Tournament, rule_id: int) -> HttpResponse:
    rule = get_object_or_404(PairingRule, pk=rule_id, tournament=tournament)
    run_service(
        request,
        lambda: entry_services.pairing_rule_remove(rule=rule),
        _("The pairing rule is removed."),
    )
    return back_to_manage(tournament)


@require_POST
@organizer_only
def late_entry(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = LateEntryForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Enter a name, the first round and the starting score."))
        return back_to_manage(tournament)
    data = form.cleaned_data
    run_service(
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
    return back_to_manage(tournament)


@require_POST
@organizer_only
def bye_request(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ByeRequestForm(request.POST, tournament=tournament)
    if not form.is_valid():
        messages.error(request, _("Choose a player, a round and the points for the bye."))
        return back_to_manage(tournament)
    data = form.cleaned_data
    run_service(
        request,
        lambda: draw_services.entry_request_bye(
            entry=data["entry"], round_number=data["round_number"], points=data["points"]
        ),
        _("%(name)s is not paired in round %(number)d.")
        % {"name": data["entry"].player.name, "number": data["round_number"]},
    )
    return back_to_manage(tournament)


@require_POST
@organizer_only
def bye_cancel(
    request: HttpRequest, tournament: Tournament, entry: int, number: int
) -> HttpResponse:
    entry_obj = get_object_or_404(Entry, pk=entry, tournament=tournament)
    run_service(
        request,
        lambda: draw_services.entry_cancel_bye(entry=entry_obj, round_number=number),
        _("The bye is cancelled."),
    )
    return back_to_manage(tournament)
