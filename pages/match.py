"""The match page: players, score sheet, history; result entry for referees, reports for
players, corrections. Forms post here; with HTMX only the result panel is replaced."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import permissions
from clubs.selectors import player_of
from clubs.shortcuts import deny
from config.errors import UserError, add_user_error
from draw import services as draw_services
from matches import selectors, services
from matches.forms import (
    CorrectionForm,
    DisputeForm,
    FinalScoreForm,
    GameForm,
    ReportForm,
    corrected_games,
    game_correction_formset,
)
from matches.models import Match, MatchReport
from matches.rules import rules_for_match
from matches.shortcuts import get_visible_match
from pages.match_panel import after_write, respond
from tournaments import pagecache


@pagecache.anonymous_cached
def match_detail(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    return respond(request, get_visible_match(request, club, tournament, match))


def _referee_write(
    request: HttpRequest,
    match: Match,
    form: Any,
    form_name: str,
    write: Callable[[dict[str, Any]], object],
    success: str,
    **others: Any,
) -> HttpResponse:
    """The referee's forms: validate, write through a service, explain a refusal next to the
    field — or, when someone else changed the match meanwhile, show its new state."""
    if not permissions.can_referee_match(request.user, match):
        return deny(request)
    if form.is_valid():
        try:
            write(form.cleaned_data)
        except UserError as error:
            if error.code == "stale":
                messages.warning(request, " ".join(error.messages))
                return respond(request, match)
            add_user_error(form, error)
        else:
            messages.success(request, success)
            return after_write(request, match)
    return respond(request, match, **{form_name: form}, **others)


@login_required
@require_POST
def game_add(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)
    sheet = selectors.match_sheet(match_obj)
    form = GameForm(
        request.POST,
        match=match_obj,
        rules=rules_for_match(match_obj),
        cube_allowed=sheet.cube_allowed_next,
    )

    def write(data: dict[str, Any]) -> object:
        return services.match_record_game(
            match=match_obj,
            winner=data["winner"],
            kind=data["kind"],
            cube=data.get("cube", 1),
            ended_by=data["ended_by"],
            user=request.user,
            expected_version=data["version"],
        )

    success = _("Game %(number)d entered.") % {"number": len(sheet.lines) + 1}
    return _referee_write(request, match_obj, form, "game_form", write, success)


@login_required
@require_POST
def final_score(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)

    def write(data: dict[str, Any]) -> object:
        return services.match_record_final_score(
            match=match_obj,
            score_a=data["score_a"],
            score_b=data["score_b"],
            user=request.user,
            expected_version=data["version"],
        )

    form = FinalScoreForm(request.POST, match=match_obj)
    return _referee_write(request, match_obj, form, "score_form", write, _("Result entered."))


@login_required
@require_POST
def report(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)
    me = player_of(request.user)
    if me is None or not permissions.is_match_player(request.user, match_obj):
        return deny(request)
    form = ReportForm(request.POST, match=match_obj)
    if form.is_valid():
        try:
            services.report_submit(match=match_obj, player=me, **form.cleaned_data)
        except UserError as error:
            add_user_error(form, error)
        else:
            messages.success(
                request, _("Result reported. It counts once your opponent confirms it.")
            )
            return after_write(request, match_obj)
    return respond(request, match_obj, report_form=form)


@login_required
@require_POST
def report_decide(
    request: HttpRequest, club: str, tournament: str, match: int, report_id: int, action: str
) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)
    report_obj = get_object_or_404(MatchReport, pk=report_id, match=match_obj)
    me = player_of(request.user)
    as_referee = permissions.can_referee_match(request.user, match_obj)
    if me is None or not (as_referee or permissions.is_match_player(request.user, match_obj)):
        return deny(request)
    if action == "dispute":
        form = DisputeForm(request.POST, match=match_obj)
        if not form.is_valid():
            return respond(request, match_obj, dispute_form=form)
        try:
            services.report_dispute(
                report=report_obj,
                by=me,
                note=form.cleaned_data["note"],
                score_a=form.cleaned_data.get("score_a"),
                score_b=form.cleaned_data.get("score_b"),
            )
        except UserError as error:
            add_user_error(form, error)
            return respond(request, match_obj, dispute_form=form)
        messages.warning(request, _("The result is disputed; the referee will decide."))
        return after_write(request, match_obj)
    try:
        if action == "confirm":
            services.report_confirm(
                report=report_obj, by=me, as_referee=as_referee, user=request.user
            )
            messages.success(request, _("The result is confirmed."))
        elif action == "uphold" and as_referee:
            services.report_uphold_dispute(report=report_obj, user=request.user)
            messages.success(
                request,
                _("%(name)s's result is confirmed.")
                % {"name": report_obj.decided_by.name if report_obj.decided_by else ""},
            )
        else:
            return deny(request)
    except UserError as error:
        messages.error(request, " ".join(error.messages))
    return after_write(request, match_obj)


@login_required
@require_POST
def online_toggle(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)
    if not permissions.can_referee_match(request.user, match_obj):
        return deny(request)
    online = request.POST.get("online") == "1"
    try:
        services.match_set_online(match=match_obj, online=online, user=request.user)
    except UserError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("The match is played on the online board.")
            if online
            else _("The match is played at a table."),
        )
    return after_write(request, match_obj)


@login_required
@require_POST
def correct(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    """A referee corrects a finished result: its games (the score follows), or — for a match
    kept without games, or when the referee says so — its final score."""
    match_obj = get_visible_match(request, club, tournament, match)
    tournament_obj = match_obj.round.stage.tournament
    if not permissions.can_referee_match(request.user, match_obj):
        return deny(request)
    has_games = selectors.has_games(match_obj)
    form = CorrectionForm(
        request.POST,
        match=match_obj,
        can_reopen=permissions.can_manage_tournament(request.user, tournament_obj),
        has_games=has_games,
    )
    games = game_correction_formset(match_obj, rules_for_match(match_obj), request.POST)
    by_games = has_games and not request.POST.get("replace_games")
    if by_games and not games.is_valid():
        form.is_valid()
        return respond(request, match_obj, correction_form=form, correction_games=games)

    def write(data: dict[str, Any]) -> object:
        common = {
            "match": match_obj,
            "reason": data["reason"],
            "user": request.user,
            "expected_version": data["version"],
            "reopen_later": data.get("reopen_later", False),
        }
        if by_games:
            return draw_services.tournament_correct_games(games=corrected_games(games), **common)
        if data.get("score_a") is None or data.get("score_b") is None:
            raise UserError(_("Enter the final score."), code="score", field="score_a")
        return draw_services.tournament_correct_final_score(
            score_a=data["score_a"],
            score_b=data["score_b"],
            replace_games=bool(data.get("replace_games")),
            **common,
        )

    return _referee_write(
        request,
        match_obj,
        form,
        "correction_form",
        write,
        _("The result is corrected."),
        correction_games=games if has_games else None,
    )
