"""The result panel of the match page: what it shows to whom (the score sheet, the history, the
forms of referees and players), as the whole page or, for HTMX, the panel alone."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs import permissions
from clubs.selectors import player_of
from entries.forms import ForfeitForm
from matches import selectors
from matches.forms import (
    CorrectionForm,
    DisputeForm,
    FinalScoreForm,
    GameForm,
    ReportForm,
    game_correction_formset,
)
from matches.models import OPEN_STATUSES, Match, MatchReport, MatchStatus
from matches.rules import rules_for_match
from matches.services import import_refusal
from play import selectors as play_selectors
from recording.selectors import recording_of
from tournaments import presentation
from tournaments.models import TournamentKind


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
    can_referee = permissions.can_referee_match(request.user, match)
    is_player = permissions.is_match_player(request.user, match)
    sheet = selectors.match_sheet(match)
    rules = rules_for_match(match)
    # The online game's dice commitment (the SHA-256 of its secret seed), shown from the
    # first roll; read in the query that tells whether the match is played on the board.
    boards = play_selectors.dice_commitments(match) if match.is_online else []
    on_board = bool(boards)
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
        "dice_commitment": boards[0][0] if boards else None,
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
        # The reporter changing his own report starts from what he reported.
        initial = (
            {"score_a": report.score_a, "score_b": report.score_b, "note": report.note}
            if report is not None and context["my_report"]
            else None
        )
        context["report_form"] = forms.get("report_form") or ReportForm(
            match=match, initial=initial
        )
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
    # Over the board: a match entered on a clock beside it (its recorder, players, referees).
    recorded = recording_of(match)
    is_recorder = recorded is not None and recorded.recorder_id == request.user.pk
    context["recorded"] = recorded
    context["can_record"] = (
        match.status in OPEN_STATUSES
        and not match.is_online
        and permissions.can_record_match(
            request.user, match, recorder_id=recorded.recorder_id if recorded else None
        )
    )
    context["can_designate"] = (
        permissions.can_manage_tournament(request.user, tournament)
        and match.status in OPEN_STATUSES
        and not match.is_online
    )
    context["can_pack"] = recorded is not None and (can_referee or is_recorder)
    if permissions.can_manage_tournament(request.user, tournament) and match.status in (
        MatchStatus.READY,
        MatchStatus.PLAYING,
    ):
        context["forfeit_form"] = ForfeitForm(match=match)
    return context


def respond(request: HttpRequest, match: Match, **forms: Any) -> HttpResponse:
    """The whole page, or only the result panel for an HTMX request."""
    match.refresh_from_db()
    context = _panel_context(request, match, **forms)
    if request.headers.get("HX-Request"):
        return render(request, "matches/_result_panel.html", {**context, "partial": True})
    if context["tournament"].kind != TournamentKind.LADDER:  # a ladder's page is its own
        context["round_name"] = presentation.round_name(match.round)
    return render(request, "matches/match_detail.html", context)


def after_write(request: HttpRequest, match: Match) -> HttpResponse:
    if request.headers.get("HX-Request"):
        return respond(request, match)
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
