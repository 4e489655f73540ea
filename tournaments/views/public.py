"""Public tournament pages: overview, draw, bracket, score sheets; a player's own sign-up."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from clubs import permissions
from clubs.services import player_for_user
from clubs.views.common import deny
from config.errors import UserError
from config.exports import export_response
from draw import services as draw_services
from matches import selectors as match_selectors
from matches.online.live import live_matches
from standings import selectors as standings_selectors
from standings.tables import StandingsTable
from tournaments import presentation, selectors, services
from tournaments.models import Round, Stage, StageKind, Tournament, TournamentStatus

KNOCKOUT_STAGES = {
    StageKind.MAIN,
    StageKind.CONSOLATION,
    StageKind.LAST_CHANCE,
    StageKind.LOSERS,
    StageKind.FINAL,
}


def get_visible_tournament(request: HttpRequest, club: str, tournament: str) -> Tournament:
    obj = get_object_or_404(
        Tournament.objects.select_related("club"), club__slug=club, slug=tournament
    )
    if not permissions.can_view_tournament(request.user, obj):
        raise Http404
    return obj


def _context(request: HttpRequest, tournament: Tournament, **extra: object) -> dict[str, object]:
    return {
        "tournament": tournament,
        "club": tournament.club,
        "can_manage": permissions.can_manage_tournament(request.user, tournament),
        "can_referee": permissions.can_referee_tournament(request.user, tournament),
        **extra,
    }


def tournament_detail(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    rounds = list(selectors.tournament_rounds(obj))
    stages = []
    for round_ in rounds:
        if round_.stage not in stages:
            stages.append(round_.stage)
    context = _context(
        request,
        obj,
        entries=selectors.tournament_entries(obj),
        rules=presentation.rules_summary(obj),
        rounds=rounds,
        stages=stages,
        my_entry=selectors.my_entry(obj, request.user),
        can_register=permissions.can_register(request.user, obj),
        live=live_matches(obj) if obj.status == TournamentStatus.RUNNING else [],
        # Club members may watch every board (the players their own: listed on the match).
        can_watch=permissions.is_club_member(request.user, obj.club),
    )
    return render(request, "tournaments/tournament_detail.html", context)


def _round(tournament: Tournament, stage: str, number: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("stage"),
        stage__tournament=tournament,
        stage__kind=stage,
        number=number,
    )


def round_detail(
    request: HttpRequest, club: str, tournament: str, stage: str, number: int
) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    round_ = _round(obj, stage, number)
    context = _context(
        request,
        obj,
        round=round_,
        matches=match_selectors.round_matches(round_),
        format_label=presentation.match_format_label(round_.match_format, round_.length),
    )
    return render(request, "tournaments/round_detail.html", context)


def bracket(request: HttpRequest, club: str, tournament: str, stage: str) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    stage_obj = get_object_or_404(Stage, tournament=obj, kind=stage)
    matches = match_selectors.stage_matches(stage_obj)
    columns = presentation.bracket_columns(matches, knockout=stage_obj.kind in KNOCKOUT_STAGES)
    stages = Stage.objects.filter(tournament=obj).order_by("order")
    context = _context(request, obj, stage=stage_obj, columns=columns, stages=stages)
    if request.headers.get("HX-Request"):
        return render(request, "tournaments/_bracket.html", context)
    return render(request, "tournaments/bracket.html", context)


def standings(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    """The live standings: the table refreshes itself (HTMX polling) and exports."""
    obj = get_visible_tournament(request, club, tournament)
    data = standings_selectors.tournament_standings(obj)
    table = StandingsTable(data.rows, metrics=data.metrics, match_format=obj.match_format)
    RequestConfig(request, paginate=False).configure(table)
    export = export_response(
        request.GET.get("_export"),
        table,
        filename=f"{obj.slug}-standings",
        title=_("Standings %(tournament)s") % {"tournament": obj.name},
    )
    if export is not None:
        return export
    context = _context(request, obj, table=table, placings=data.placings)
    if request.headers.get("HX-Request"):
        return render(request, "tournaments/_standings.html", context)
    return render(request, "tournaments/standings.html", context)


def score_sheets(
    request: HttpRequest, club: str, tournament: str, stage: str, number: int
) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    if not permissions.can_referee_tournament(request.user, obj):
        return deny(request)
    round_ = _round(obj, stage, number)
    matches = [m for m in match_selectors.round_matches(round_) if m.entry_a_id and m.entry_b_id]
    context = _context(
        request,
        obj,
        round=round_,
        matches=matches,
        format_label=presentation.match_format_label(round_.match_format, round_.length),
        game_rows=range(1, _most_games(round_) + 1),
    )
    return render(request, "tournaments/score_sheets.html", context)


def _most_games(round_: Round) -> int:
    """Rows a score sheet needs: every game of the longest possible match."""
    if round_.match_format == "games":
        return round_.length
    return 2 * round_.length - 1


@login_required
@require_POST
def register(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    if not permissions.can_register(request.user, obj):
        return deny(request)
    try:
        services.entry_register(tournament=obj, player=player_for_user(user=request.user))
    except UserError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("You are registered. The organizer will approve your entry."))
    return redirect(obj)


@login_required
@require_POST
def withdraw(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    entry = selectors.my_entry(obj, request.user)
    if entry is None:
        return deny(request)
    try:
        draw_services.entry_withdraw(entry=entry, user=request.user)
    except UserError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("You have withdrawn from the tournament."))
    return redirect(obj)
