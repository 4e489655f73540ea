"""The match page: players, score sheet, history; result entry for referees, reports for
players, corrections. Forms post here; with HTMX only the result panel is replaced."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
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
from matches.models import OPEN_STATUSES, Match, MatchReport, MatchStatus, OnlineGame
from matches.rules import rules_for_match
from matches.services import import_refusal
from matches.shortcuts import get_visible_match
from tournaments import pagecache
from tournaments.forms import ForfeitForm


def _entry_hint(
    request: HttpRequest, match: Match, *, can_referee: bool, is_player: bool, on_board: bool
) -> str:
    """Why the visitor sees no way to enter the result of this match ('' when he has one)."""
    if can_referee and not on_board:
        return ""
    if match.status == MatchStatus.PENDING:
        return _("The result can be entered once both players are known.")
    if match.status not in OPEN_STATUSES:
        return ""
    if on_board:
        return _("This match is played on the online board; its result is recorded there.")
    if is_player:
        return ""
    if not request.user.is_authenticated:
        return _(
            "Only this match's players, the tournament's referees and organizers enter results. "
            "Log in to enter yours."
        )
    tournament = match.round.stage.tournament
    if permissions.club_role(request.user, tournament.club) == "referee":
        return _(
            "Only the tournament's referees and organizers can enter results. This tournament "
            "is refereed only by the referees its organizers chose, and you are not one of them."
        )
    return _("Only this match's players, the tournament's referees and organizers enter results.")


def _dispute_text(report: MatchReport, *, me_id: int | None, can_referee: bool) -> str:
    """What a disputed result means for the one reading it: reporter, opponent, referee."""
    names = {
        "reporter": report.reported_by.name,
        "opponent": report.decided_by.name if report.decided_by else "",
    }
    if me_id is not None and me_id == report.reported_by_id:
        return (
            _(
                "%(opponent)s disputes your report. A referee will decide the result; until then "
                "it does not count."
            )
            % names
        )
    if me_id is not None and me_id == report.decided_by_id:
        return (
            _(
                "You disputed %(reporter)s's report. A referee will decide the result; until then "
                "it does not count."
            )
            % names
        )
    if can_referee:
        return (
            _(
                "%(reporter)s and %(opponent)s disagree about the result. Decide it: confirm one "
                "player's report, or enter the result."
            )
            % names
        )
    return _("%(reporter)s and %(opponent)s disagree about the result; a referee will decide.") % (
        names
    )


def _panel_context(request: HttpRequest, match: Match, **forms: Any) -> dict[str, Any]:
    tournament = match.round.stage.tournament
    can_referee = permissions.can_referee_tournament(request.user, tournament)
    is_player = permissions.is_match_player(request.user, match)
    sheet = selectors.match_sheet(match)
    rules = rules_for_match(match)
    on_board = match.is_online and OnlineGame.objects.filter(match=match).exists()
    open_ = match.status in OPEN_STATUSES and not on_board
    report = selectors.open_report(match)
    me = player_of(request.user)
    context: dict[str, Any] = {
        "match": match,
        "tournament": tournament,
        "club": tournament.club,
        "sheet": sheet,
        "can_referee": can_referee,
        "is_player": is_player,
        "report": report,
        "my_report": report is not None and me is not None and report.reported_by_id == me.pk,
        "dispute_text": _dispute_text(report, me_id=me.pk if me else None, can_referee=can_referee)
        if report is not None and report.status == "disputed"
        else "",
        "history": selectors.match_history(match),
        "is_open": open_,
        "entry_hint": _entry_hint(
            request, match, can_referee=can_referee, is_player=is_player, on_board=on_board
        ),
    }
    if can_referee and open_:
        context["game_form"] = forms.get("game_form") or GameForm(
            match=match, rules=rules, cube_allowed=sheet.cube_allowed_next
        )
        if not sheet.lines:
            context["score_form"] = forms.get("score_form") or FinalScoreForm(match=match)
    if is_player and open_ and not sheet.lines:
        context["report_form"] = forms.get("report_form") or ReportForm(match=match)
    if is_player and open_ and report is not None and report.status == "pending":
        context["dispute_form"] = forms.get("dispute_form") or DisputeForm(match=match)
    if can_referee and match.status == MatchStatus.FINISHED and match.outcome == "played":
        context["correction_form"] = forms.get("correction_form") or CorrectionForm(
            match=match,
            can_reopen=permissions.can_manage_tournament(request.user, tournament),
            has_games=bool(sheet.lines),
        )
        if sheet.lines:
            context["correction_games"] = forms.get("correction_games") or game_correction_formset(
                match, rules
            )
    context["can_upload"] = (
        permissions.can_upload_match_file(request.user, match) and import_refusal(match) is None
    )
    context["files"] = list(match.files.only("pk", "name", "created_at", "source"))
    context["can_watch"] = match.is_online and permissions.can_watch_match(request.user, match)
    context["can_move_online"] = can_referee and open_ and not sheet.lines
    if permissions.can_manage_tournament(request.user, tournament) and match.status in (
        MatchStatus.READY,
        MatchStatus.PLAYING,
    ):
        context["forfeit_form"] = ForfeitForm(match=match)
    return context


def _respond(request: HttpRequest, match: Match, **forms: Any) -> HttpResponse:
    """The whole page, or only the result panel for an HTMX request."""
    match.refresh_from_db()
    context = _panel_context(request, match, **forms)
    if request.headers.get("HX-Request"):
        return render(request, "matches/_result_panel.html", {**context, "partial": True})
    return render(request, "matches/match_detail.html", context)


def _after_write(request: HttpRequest, match: Match) -> HttpResponse:
    if request.headers.get("HX-Request"):
        return _respond(request, match)
    return redirect(
        reverse(
            "matches:detail",
            kwargs={
                "club": match.round.stage.tournament.club.slug,
                "tournament": match.round.stage.tournament.slug,
                "match": match.pk,
            },
        )
    )


@pagecache.anonymous_cached
def match_detail(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    return _respond(request, get_visible_match(request, club, tournament, match))


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
    if not permissions.can_referee_tournament(request.user, match.round.stage.tournament):
        return deny(request)
    if form.is_valid():
        try:
            write(form.cleaned_data)
        except UserError as error:
            if error.code == "stale":
                messages.warning(request, " ".join(error.messages))
                return _respond(request, match)
            add_user_error(form, error)
        else:
            messages.success(request, success)
            return _after_write(request, match)
    return _respond(request, match, **{form_name: form}, **others)


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
            return _after_write(request, match_obj)
    return _respond(request, match_obj, report_form=form)


@login_required
@require_POST
def report_decide(
    request: HttpRequest, club: str, tournament: str, match: int, report_id: int, action: str
) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)
    report_obj = get_object_or_404(MatchReport, pk=report_id, match=match_obj)
    me = player_of(request.user)
    as_referee = permissions.can_referee_tournament(request.user, match_obj.round.stage.tournament)
    if me is None or not (as_referee or permissions.is_match_player(request.user, match_obj)):
        return deny(request)
    if action == "dispute":
        form = DisputeForm(request.POST, match=match_obj)
        if not form.is_valid():
            return _respond(request, match_obj, dispute_form=form)
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
            return _respond(request, match_obj, dispute_form=form)
        messages.warning(request, _("The result is disputed; the referee will decide."))
        return _after_write(request, match_obj)
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
    return _after_write(request, match_obj)


@login_required
@require_POST
def online_toggle(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)
    if not permissions.can_referee_tournament(request.user, match_obj.round.stage.tournament):
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
    return _after_write(request, match_obj)


@login_required
@require_POST
def correct(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    """A referee corrects a finished result: its games (the score follows), or — for a match
    kept without games, or when the referee says so — its final score."""
    match_obj = get_visible_match(request, club, tournament, match)
    tournament_obj = match_obj.round.stage.tournament
    if not permissions.can_referee_tournament(request.user, tournament_obj):
        return deny(request)
    has_games = match_obj.games.exists()
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
        return _respond(request, match_obj, correction_form=form, correction_games=games)

    def write(data: dict[str, Any]) -> object:
        common = {
            "match": match_obj,
            "reason": data["reason"],
            "user": request.user,
            "expected_version": data["version"],
            "reopen_later": data.get("reopen_later", False),
        }
        if by_games:
            return draw_services.match_correct_games(games=corrected_games(games), **common)
        if data.get("score_a") is None or data.get("score_b") is None:
            raise UserError(_("Enter the final score."), code="score", field="score_a")
        return draw_services.match_correct_final_score(
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
