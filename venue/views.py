"""The venue's pages: the director's night (tables in play, the matches waiting, call, move
and take back), the club's tables, a tournament's tables, and the venue display."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Club
from clubs.shortcuts import deny, get_visible_club
from config.errors import UserError, add_user_error
from matches.selectors import matches_with_entries
from tournaments.models import Tournament
from tournaments.selectors import unfinished_tournaments
from venue import permissions, selectors, services
from venue.forms import CallForm, TableForm, TablesAddForm, TournamentVenueForm
from venue.models import Call, Table


def _night_url(club: Club) -> str:
    return reverse("venue:night", args=[club.slug])


def _refused(request: HttpRequest, error: UserError) -> None:
    messages.error(request, " ".join(str(m) for m in error.messages))


def night(request: HttpRequest, club: str) -> HttpResponse:
    """The director's page of the night: every table with its call, the waiting matches."""
    club_obj = get_visible_club(request, club)
    if not permissions.can_direct(request.user, club_obj):
        return deny(request)
    tables = selectors.tables_in_play(club_obj)
    context: dict[str, Any] = {
        "club": club_obj,
        "tables": tables,
        "free_tables": [t.table for t in tables if t.call is None and t.table.in_service],
        "waiting": selectors.waiting_matches(club_obj),
        "tournaments": unfinished_tournaments(club_obj),
        "can_keep_tables": permissions.can_keep_tables(request.user, club_obj),
    }
    if request.headers.get("HX-Request"):
        return render(request, "venue/_night_body.html", context)
    return render(request, "venue/night.html", context)


@require_POST
def call_create(request: HttpRequest, club: str, match: int) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_direct(request.user, club_obj):
        return deny(request)
    match_obj = get_object_or_404(
        matches_with_entries(),
        pk=match,
        round__stage__tournament__club=club_obj,
    )
    form = CallForm(request.POST, club=club_obj)
    if not form.is_valid():
        messages.error(request, _("Choose a table."))
        return redirect(_night_url(club_obj))
    try:
        call = services.call_create(
            match=match_obj, table=form.cleaned_data["table"], user=request.user
        )
    except UserError as error:
        _refused(request, error)
    else:
        messages.success(request, _("Called to %(table)s.") % {"table": call.table.label})
    return redirect(_night_url(club_obj))


def _open_call(club: Club, call: int) -> Call:
    return get_object_or_404(selectors.calls_with_match(), pk=call, club=club)


@require_POST
def call_move(request: HttpRequest, club: str, call: int) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_direct(request.user, club_obj):
        return deny(request)
    call_obj = _open_call(club_obj, call)
    form = CallForm(request.POST, club=club_obj)
    if not form.is_valid():
        messages.error(request, _("Choose a table."))
        return redirect(_night_url(club_obj))
    try:
        moved = services.call_move(
            call=call_obj, table=form.cleaned_data["table"], user=request.user
        )
    except UserError as error:
        _refused(request, error)
    else:
        messages.success(request, _("Moved to %(table)s.") % {"table": moved.table.label})
    return redirect(_night_url(club_obj))


@require_POST
def call_take_back(request: HttpRequest, club: str, call: int) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_direct(request.user, club_obj):
        return deny(request)
    try:
        services.call_take_back(call=_open_call(club_obj, call), user=request.user)
    except UserError as error:
        _refused(request, error)
    else:
        messages.success(request, _("The call is taken back; the match waits for a director."))
    return redirect(_night_url(club_obj))


def tables(request: HttpRequest, club: str) -> HttpResponse:
    """The club's tables, and more added in a batch."""
    club_obj = get_visible_club(request, club)
    if not permissions.can_keep_tables(request.user, club_obj):
        return deny(request)
    form = TablesAddForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.tables_add(club=club_obj, user=request.user, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("The tables are added."))
            return redirect("venue:tables", club_obj.slug)
    context = {"club": club_obj, "tables": selectors.club_tables(club_obj), "form": form}
    return render(request, "venue/tables.html", context)


def table_edit(request: HttpRequest, club: str, table: int) -> HttpResponse:
    club_obj = get_visible_club(request, club)
    if not permissions.can_keep_tables(request.user, club_obj):
        return deny(request)
    table_obj = get_object_or_404(Table, pk=table, club=club_obj)
    form = TableForm(request.POST or None, instance=table_obj)
    if request.method == "POST" and form.is_valid():
        try:
            services.table_update(table=table_obj, user=request.user, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("The table is saved."))
            return redirect("venue:tables", club_obj.slug)
    context = {"club": club_obj, "table": table_obj, "form": form}
    return render(request, "venue/table_form.html", context)


def tournament_tables(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    """Which tables a tournament uses, and whether its matches are called automatically."""
    club_obj = get_visible_club(request, club)
    if not permissions.can_keep_tables(request.user, club_obj):
        return deny(request)
    tournament_obj = get_object_or_404(Tournament, club=club_obj, slug=tournament)
    auto_call, chosen = selectors.tournament_venue(tournament_obj)
    initial = {"auto_call": auto_call, "tables": chosen}
    form = TournamentVenueForm(request.POST or None, initial=initial, club=club_obj)
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_venue_update(
                tournament=tournament_obj, user=request.user, **form.cleaned_data
            )
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(request, _("The tournament's tables are saved."))
            return redirect(_night_url(club_obj))
    context = {"club": club_obj, "tournament": tournament_obj, "form": form}
    return render(request, "venue/tournament_tables.html", context)


def display(request: HttpRequest, club: str) -> HttpResponse:
    """For the venue's screen: the calls, newest first, and every table in play; polled."""
    club_obj = get_visible_club(request, club)
    calls = sorted(selectors.open_calls(club_obj), key=lambda c: c.called_at, reverse=True)
    context = {"club": club_obj, "calls": calls, "tables": selectors.tables_in_play(club_obj)}
    if request.headers.get("HX-Request"):
        return render(request, "venue/_display_body.html", context)
    return render(request, "venue/display.html", context)
