"""A tournament's page: its players, rounds, sign-up and live matches; a player's withdrawal
once the tournament runs (the sign-up is the entries app's)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import permissions
from clubs.shortcuts import deny
from config.errors import UserError
from entries import selectors as entry_selectors
from entries import services as entry_services
from ladders import selectors as ladder_selectors
from pages import results as results_views
from play.live_matches import live_matches
from tournaments import pagecache, presentation, selectors
from tournaments.models import TournamentKind, TournamentStatus
from tournaments.shortcuts import ROWS_PER_PAGE, get_visible_tournament, tournament_context


@pagecache.anonymous_cached
def tournament_detail(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    if obj.kind == TournamentKind.LADDER:  # a ladder's matches: the ladder is their page
        ladder = ladder_selectors.ladder_slug_of(obj)
        if ladder is not None:
            return redirect("ladders:detail", club=club, ladder=ladder)
    export = results_views.entries_export(request, obj)
    if export is not None:
        return export
    # The rounds and the players are built only when the page's cached part is missing
    # (under the tournament's version: tournaments.pagecache); the rest is per visitor.
    rounds = SimpleLazyObject(lambda: list(selectors.tournament_rounds(obj)))
    signup = entry_selectors.signup_state(obj, request.user)
    pagecache.changes_at(request, signup.changes_at)
    context = tournament_context(
        request,
        obj,
        entries=SimpleLazyObject(
            lambda: entry_selectors.tournament_entry_page(
                obj, request.GET.get("page"), ROWS_PER_PAGE
            )
        ),
        waiting=SimpleLazyObject(lambda: entry_selectors.waiting_names(obj)),
        rules=SimpleLazyObject(lambda: presentation.rules_summary(obj, entry_selectors.field_size)),
        rounds=rounds,
        my_entry=entry_selectors.my_entry(obj, request.user),
        signup=signup,
        can_register=permissions.can_register(request.user, obj),
        live=live_matches(obj) if obj.status == TournamentStatus.RUNNING else [],
        # Why a Swiss ended before its rounds (shown only when it did).
        ended_early=SimpleLazyObject(
            lambda: next(
                (
                    presentation.ended_early(r.pairing_notes, r.number)
                    for r in rounds
                    if r.pairing_notes.get("ended")
                ),
                "",
            )
        ),
        # The players play their own boards (listed on the match).
        can_watch=permissions.can_watch_boards(request.user, obj),
    )
    return render(request, "tournaments/tournament_detail.html", context)


@login_required
@require_POST
def withdraw(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    entry = entry_selectors.my_entry(obj, request.user)
    if entry is None:
        return deny(request)
    # Before the start a player takes back his sign-up: until the sign-up closes, and his
    # place goes to the first on the waiting list.
    before_the_start = obj.status in (TournamentStatus.DRAFT, TournamentStatus.REGISTRATION)
    withdraw = entry_services.entry_take_back if before_the_start else entry_services.entry_withdraw
    try:
        withdraw(entry=entry, user=request.user)
    except UserError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("You have withdrawn from the tournament."))
    return redirect(obj)
