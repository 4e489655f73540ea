"""A tournament's sign-up pages: a player signs up, takes it back and checks in himself (the
QR code on the venue display leads to the check-in); the organizer sets the sign-up's rules,
reads and exports the entry list, and enters players in bulk."""

from __future__ import annotations

import io

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubs.selectors import memberships_by_name
from clubs.services import player_for_user
from clubs.shortcuts import deny
from config.errors import UserError, add_user_error, run_service
from config.exports import export_response
from entries import selectors, services
from entries.forms import BulkEntryForm, SignupRulesForm
from entries.models import Entry, EntryStatus
from entries.tables import EXPORT_FORMATS, EntryTable
from tournaments.models import Tournament
from tournaments.selectors import BEFORE_THE_START
from tournaments.shortcuts import get_visible_tournament, organizer_only, tournament_context


@login_required
@require_POST
def sign_up(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    try:
        entry = services.entry_sign_up(tournament=obj, player=player_for_user(user=request.user))
    except UserError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(obj)
    if entry.status == EntryStatus.WAITING:
        messages.success(
            request,
            _("The field is full: you are number %(number)d on the waiting list.")
            % {"number": selectors.waiting_position(entry)},
        )
    elif entry.status == EntryStatus.PENDING:
        messages.success(request, _("You are signed up. An organizer will approve your entry."))
    else:
        messages.success(request, _("You are signed up: you have a place in the field."))
    return redirect(obj)


@login_required
@require_POST
def take_back(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    state = selectors.signup_state(obj, request.user)
    if state.my_entry is None:
        return deny(request)
    run_service(
        request,
        lambda: services.entry_take_back(entry=state.my_entry, user=request.user),
        _("You have taken back your sign-up."),
    )
    return redirect(obj)


@login_required
def check_in(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    """Where the QR code leads: one button (a GET changes nothing)."""
    obj = get_visible_tournament(request, club, tournament)
    if request.method == "POST":
        checked = run_service(
            request,
            lambda: services.entry_self_check_in(
                tournament=obj, player=player_for_user(user=request.user)
            ),
            _("You are checked in. Good luck!"),
        )
        if checked:
            return redirect(obj)
    state = selectors.signup_state(obj, request.user)
    return render(
        request,
        "entries/check_in.html",
        tournament_context(request, obj, state=state),
    )


def check_in_qr(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    """The QR code of the check-in page, as SVG, for the venue display."""
    obj = get_visible_tournament(request, club, tournament)
    url = request.build_absolute_uri(
        reverse("entries:check_in", kwargs={"club": obj.club.slug, "tournament": obj.slug})
    )
    svg = io.BytesIO()
    segno.make(url, error="m").save(svg, kind="svg", scale=8, border=2, light="#fff")
    response = HttpResponse(svg.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=3600"
    return response


@organizer_only
def signup_rules(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    rules = selectors.rules_of(tournament)
    form = SignupRulesForm(request.POST or None, instance=rules if rules.pk else None)
    if not rules.pk and request.method != "POST":
        form = SignupRulesForm(initial={"approval": True, "waiting_list": True})
    if request.method == "POST" and form.is_valid():
        try:
            services.signup_rules_set(tournament=tournament, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("The sign-up rules are saved."))
            return redirect("entries:list", club=tournament.club.slug, tournament=tournament.slug)
    return render(
        request,
        "entries/signup_rules.html",
        tournament_context(request, tournament, form=form),
    )


@organizer_only
def entry_list(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    entries = list(selectors.entry_list(tournament))
    waiting = [e for e in entries if e.status == EntryStatus.WAITING]
    positions = {entry.pk: n for n, entry in enumerate(waiting, start=1)}
    waiting_closed = tournament.status not in BEFORE_THE_START
    table = EntryTable(entries, positions=positions, waiting_closed=waiting_closed)
    export = export_response(
        request.GET.get("_export"),
        table,
        filename=f"{tournament.club.slug}-{tournament.slug}-entries",
        title=_("Entries %(tournament)s") % {"tournament": tournament.name},
    )
    if export is not None:
        return export
    state = selectors.signup_state(tournament, None)
    context = tournament_context(
        request,
        tournament,
        table=table,
        state=state,
        export_formats=EXPORT_FORMATS,
        rules_warnings=selectors.rules_warnings(tournament, state.rules),
    )
    return render(request, "entries/entry_list.html", context)


@organizer_only
def bulk_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Step one: the form, then the plan of what it would do; step two: confirm, saved in one
    transaction."""
    members = memberships_by_name(tournament.club)
    form = BulkEntryForm(request.POST or None, members=members)
    plan = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        arguments = {
            "tournament": tournament,
            "member_ids": [m.pk for m in data["members"]],
            "all_members": data["all_members"],
            "text": data["names"],
        }
        if "confirm" in request.POST:
            try:
                entered = services.entries_bulk_add(
                    **arguments, digest=request.POST.get("digest", "")
                )
            except UserError as error:
                add_user_error(form, error)
            else:
                messages.success(request, _entered_message(tournament, entered))
                return redirect(
                    "entries:list", club=tournament.club.slug, tournament=tournament.slug
                )
        plan = services.entries_bulk_plan(**arguments)
    return render(
        request,
        "entries/bulk_add.html",
        tournament_context(request, tournament, form=form, plan=plan),
    )


def _entered_message(tournament: Tournament, entered: list[Entry]) -> str:
    """What the organizer reads once the list is in, e.g. "10 players entered. 6 are on the
    waiting list as 4–9." """
    text = _("%(count)d players entered.") % {"count": len(entered)}
    positions = selectors.waiting_positions(tournament)
    waiting = sorted(positions[e.pk] for e in entered if e.pk in positions)
    if waiting:
        text += " " + ngettext(
            "%(count)d is on the waiting list as number %(first)d.",
            "%(count)d are on the waiting list as %(first)d–%(last)d.",
            len(waiting),
        ) % {"count": len(waiting), "first": waiting[0], "last": waiting[-1]}
    return text
