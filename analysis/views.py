"""Analysis pages: the match panel (HTMX), asking for analyses, the tournament's error rates,
the replay board."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from analysis import selectors, services
from analysis.models import CUBE_ACTIONS, AnalysisLevel
from analysis.moves import replayable
from analysis.panel import can_request_analysis, panel_context
from analysis.replay import DecisionKey, replay_board
from analysis.runner import INSTALL_COMMAND, gnubg_available
from clubs import permissions
from config.errors import UserError
from config.text import whole_number
from matches.models import Match
from matches.selectors import tournament_matches
from matches.shortcuts import get_visible_match
from play.texts import board_texts
from tournaments import pagecache
from tournaments.models import Round
from tournaments.selectors import rounds_of_tournament
from tournaments.shortcuts import get_visible_tournament


def _plies(request: HttpRequest) -> int | None:
    try:
        value = int(request.POST.get("plies", request.GET.get("plies", "")))
    except ValueError:
        return None
    return value if value in AnalysisLevel.values else None


@pagecache.anonymous_cached
def match_panel(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)
    return render(request, "analysis/_panel.html", panel_context(request, match_obj))


def _match_url(match: Match) -> str:
    tournament = match.round.stage.tournament
    return reverse("matches:detail", args=[tournament.club.slug, tournament.slug, match.pk])


@login_required
@require_POST
def match_analyse(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)
    if not can_request_analysis(request.user, match_obj):
        raise PermissionDenied
    plies = _plies(request)
    try:
        services.analysis_request(match=match_obj, plies=plies if plies is not None else -1)
    except UserError as error:
        messages.error(request, " ".join(error.messages))
    if request.headers.get("HX-Request"):
        return render(request, "analysis/_panel.html", panel_context(request, match_obj))
    return redirect(_match_url(match_obj) + "#analysis-panel")


@pagecache.anonymous_cached
def tournament_analysis(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    """The players' error rates over analysed matches, one level at a time; the organizer
    analyses a round or the whole tournament from here."""
    tournament_obj = get_visible_tournament(request, club, tournament)
    levels = selectors.tournament_levels(tournament_obj)
    plies = _plies(request)
    if plies is None:
        plies = levels[0] if levels else (tournament_obj.analysis_plies or 0)
    can_manage = permissions.can_manage_tournament(request.user, tournament_obj)
    matches = tournament_matches(tournament_obj)
    context = {
        "tournament": tournament_obj,
        "club": tournament_obj.club,
        "can_manage": can_manage,
        "rows": selectors.tournament_error_rates(tournament_obj, plies=plies),
        "plies": plies,
        "level": AnalysisLevel(plies).label,
        "levels": [(value, label) for value, label in AnalysisLevel.choices if value in levels],
        "all_levels": AnalysisLevel.choices,
        "progress": selectors.analysis_progress(matches),
        "rounds": rounds_of_tournament(tournament_obj),
        "gnubg_available": gnubg_available(),
        "install_command": INSTALL_COMMAND,
        "minimum": selectors.minimum_decisions(),
    }
    template = "analysis/tournament.html"
    if request.headers.get("HX-Request"):
        template = "analysis/_progress.html"
    return render(request, template, context)


@login_required
@require_POST
def tournament_analyse(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    tournament_obj = get_visible_tournament(request, club, tournament)
    if not permissions.can_manage_tournament(request.user, tournament_obj):
        raise PermissionDenied
    plies = _plies(request)
    round_id = request.POST.get("round", "")
    try:
        if round_id:
            round_obj = get_object_or_404(Round, pk=round_id, stage__tournament=tournament_obj)
            counts = services.analysis_request_round(round=round_obj, plies=plies or 0)
        else:
            counts = services.analysis_request_tournament(
                tournament=tournament_obj, plies=plies or 0
            )
        messages.success(
            request,
            _(
                "Analyses asked for: %(queued)d queued, %(done)d already done, "
                "%(skipped)d without moves."
            )
            % {
                "queued": counts["queued"] + counts["running"],
                "done": counts["done"],
                "skipped": counts["skipped"],
            },
        )
    except UserError as error:
        messages.error(request, " ".join(error.messages))
    return redirect(reverse("analysis:tournament", args=[club, tournament]))


def _decision(request: HttpRequest) -> DecisionKey | None:
    """The decision a worst error's link asks to open at: ``game``, ``position`` (its
    Position ID) and, for a cube decision, the cube action made (``decision``)."""
    game, position = request.GET.get("game", ""), request.GET.get("position", "")
    number = whole_number(game)
    if number is None or not position or len(position) > 20:
        return None
    decision = request.GET.get("decision", "")
    if decision and decision not in CUBE_ACTIONS:
        return None
    return (number, position, decision) if decision else (number, position)


@pagecache.anonymous_cached
def replay(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)
    frames, start = (
        replay_board(match_obj, _decision(request)) if replayable(match_obj) else ([], 0)
    )
    tournament_obj = match_obj.round.stage.tournament
    names = [
        match_obj.entry_a.player.name if match_obj.entry_a else "?",
        match_obj.entry_b.player.name if match_obj.entry_b else "?",
    ]
    return render(
        request,
        "analysis/replay.html",
        {
            "match": match_obj,
            "tournament": tournament_obj,
            "club": tournament_obj.club,
            "names": names,
            "frames": frames,
            "start": start,
            "board_config": {"replay": True, "you": None, "names": names, "texts": board_texts()},
        },
    )
