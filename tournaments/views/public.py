"""Public tournament pages: overview, draw, bracket, score sheets; a player's withdrawal once
the tournament runs (the sign-up is the entries app's)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import permissions
from clubs.shortcuts import deny
from config.errors import UserError
from draw import selectors as draw_selectors
from draw import services as draw_services
from entries import selectors as entry_selectors
from entries import services as entry_services
from ladders import selectors as ladder_selectors
from matches import selectors as match_selectors
from play.live_matches import live_matches
from recording import forms as recording_forms
from standings import selectors as standings_selectors
from tournaments import pagecache, presentation, selectors
from tournaments.models import (
    Round,
    RoundStatus,
    Stage,
    StageKind,
    Tournament,
    TournamentFormat,
    TournamentKind,
    TournamentStatus,
)
from tournaments.shortcuts import ROWS_PER_PAGE, get_visible_tournament, tournament_context
from tournaments.views import results as results_views
from tournaments.views import round_table

KNOCKOUT_STAGES = {
    StageKind.MAIN,
    StageKind.CONSOLATION,
    StageKind.LAST_CHANCE,
    StageKind.LOSERS,
    StageKind.FINAL,
}


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
            lambda: selectors.tournament_entry_page(obj, request.GET.get("page"), ROWS_PER_PAGE)
        ),
        waiting=SimpleLazyObject(lambda: entry_selectors.waiting_names(obj)),
        rules=SimpleLazyObject(lambda: presentation.rules_summary(obj)),
        rounds=rounds,
        my_entry=selectors.my_entry(obj, request.user),
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


def _round(tournament: Tournament, stage: str, number: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("stage__tournament"),
        stage__tournament=tournament,
        stage__kind=stage,
        number=number,
    )


@pagecache.anonymous_cached
def round_detail(
    request: HttpRequest, club: str, tournament: str, stage: str, number: int
) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    round_ = _round(obj, stage, number)
    heading = presentation.round_heading(
        round_, rounds_in_stage=Round.objects.filter(stage=round_.stage).count()
    )
    # Exports hold matches only: a draft (no matches yet) is not in them until published.
    export = results_views.results_export(request, obj, round_, heading)
    if export is not None:
        return export
    # A round of 1,024 matches is shown 200 at a time, as plain rows; the page is built only
    # when its cached part is missing.
    page = SimpleLazyObject(
        lambda: round_table.round_rows_page(round_, request.GET.get("page"), ROWS_PER_PAGE)
    )
    matches = SimpleLazyObject(lambda: page.object_list)
    show_notes = SimpleLazyObject(lambda: any(row.notes for row in matches))
    context = tournament_context(
        request,
        obj,
        round=round_,
        heading=heading,
        page=page,
        matches=matches,
        rows_html=SimpleLazyObject(
            lambda: round_table.round_rows_html(matches, obj, show_notes=bool(show_notes))
        ),
        show_notes=show_notes,
        requested_byes=SimpleLazyObject(
            lambda: selectors.requested_byes(obj, round_.number) if matches else []
        ),
        ended_early=presentation.ended_early(round_.pairing_notes, round_.number),
        format_label=presentation.match_format_label(round_.match_format, round_.length),
    )
    if round_.is_draft and context["can_manage"]:
        context["draft"] = selectors.draft_rows(round_)
        context["draft_byes"] = selectors.requested_byes(obj, round_.number)
        # Pairing a league's draft again draws every round anew: the question names them.
        context["pair_again_asks"] = draw_selectors.redraws_whole_draw(obj)
        context["status_label"] = _("Draft, not published")
    else:
        context["status_label"] = round_.get_status_display()
        if context["can_manage"] and round_.status != RoundStatus.FINISHED:
            context["recorded_form"] = recording_forms.round_form(round_.pk)
    return render(request, "tournaments/round_detail.html", context)


@pagecache.anonymous_cached
def bracket(request: HttpRequest, club: str, tournament: str, stage: str) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    unchanged = pagecache.not_modified(request, obj)
    if unchanged is not None:
        return unchanged
    stage_obj = get_object_or_404(Stage, tournament=obj, kind=stage)

    def build_columns() -> list[presentation.BracketRound]:
        found = presentation.bracket_columns(
            match_selectors.stage_matches(stage_obj),
            knockout=stage_obj.kind in KNOCKOUT_STAGES,
            kind=stage_obj.kind,
            double_elimination=obj.format == TournamentFormat.DOUBLE_ELIMINATION,
        )
        presentation.bracket_sections(found)  # each column's parts, by section
        return found

    columns = SimpleLazyObject(build_columns)
    # A big bracket comes in sections (its quarters, its final rounds); a phone shows the one
    # asked for (``?section=``), with links to the others; a wide screen shows them all.
    sections = SimpleLazyObject(lambda: presentation.bracket_sections(columns))
    try:
        section = int(request.GET.get("section", 1))
    except ValueError:
        section = 1
    if not 1 <= section <= presentation.FINAL_ROUNDS:
        section = 1
    stages = Stage.objects.filter(tournament=obj).order_by("order")
    context = tournament_context(
        request,
        obj,
        stage=stage_obj,
        columns=columns,
        sections=sections,
        section=section,
        stages=stages,
    )
    if request.headers.get("HX-Request"):
        response = render(request, "tournaments/_bracket.html", context)
        return pagecache.tag_response(request, obj, response)
    return render(request, "tournaments/bracket.html", context)


#: The sections a venue display cycles through, and the part a poll of each asks for.
DISPLAY_PARTS = ("bracket", "tables", "standings")
#: Seconds each section of the venue display stays on screen, unless ``?seconds=`` says.
DISPLAY_SECONDS = 15


def _display_seconds(request: HttpRequest) -> int:
    try:
        seconds = int(request.GET.get("seconds", DISPLAY_SECONDS))
    except ValueError:
        return DISPLAY_SECONDS
    return min(max(seconds, 2), 600)


def _current_rounds(tournament: Tournament) -> list[dict[str, object]]:
    """The rounds in play (published, drawn, not finished), else the last finished one,
    each with its heading and its tables."""
    rounds = list(
        Round.objects.filter(stage__tournament=tournament, draft__isnull=True)
        .exclude(status=RoundStatus.PENDING)
        .select_related("stage__tournament")
        .order_by("stage__order", "number")
    )
    current = [r for r in rounds if r.status == RoundStatus.PAIRED] or rounds[-1:]
    counts: dict[int, int] = {}
    for round_ in rounds:
        counts[round_.stage_id] = counts.get(round_.stage_id, 0) + 1
    return [
        {
            "round": round_,
            "heading": presentation.round_heading(round_, rounds_in_stage=counts[round_.stage_id]),
            "matches": list(match_selectors.round_matches(round_)),
        }
        for round_ in current
    ]


def _display_brackets(tournament: Tournament) -> list[dict[str, object]]:
    """Each knockout stage with its bracket columns (none for a Swiss or round robin)."""
    return [
        {
            "stage": stage,
            "columns": presentation.bracket_columns(
                match_selectors.stage_matches(stage),
                knockout=True,
                kind=stage.kind,
                double_elimination=tournament.format == TournamentFormat.DOUBLE_ELIMINATION,
            ),
        }
        for stage in Stage.objects.filter(tournament=tournament).order_by("order")
        if stage.kind in KNOCKOUT_STAGES
    ]


@pagecache.anonymous_cached
def display(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    """The venue display: a full-screen page for a TV or projector that cycles through the
    bracket, the current round's tables and the standings (static/js/display.js), each
    section polling its own part (``?part=``), answered 304 while nothing changed."""
    obj = get_visible_tournament(request, club, tournament)
    unchanged = pagecache.not_modified(request, obj)
    if unchanged is not None:
        return unchanged
    part = request.GET.get("part", "")
    brackets = SimpleLazyObject(lambda: _display_brackets(obj))
    standings_rows = SimpleLazyObject(lambda: standings_selectors.tournament_standings(obj).rows)
    context = tournament_context(
        request,
        obj,
        brackets=brackets,
        current=SimpleLazyObject(lambda: _current_rounds(obj)),
        standings_rows=standings_rows,
        seconds=_display_seconds(request),
        has_bracket=Stage.objects.filter(tournament=obj, kind__in=KNOCKOUT_STAGES).exists(),
        # Before the start: a QR code for the players to check in with their phones.
        check_in=obj.require_check_in and obj.status == TournamentStatus.REGISTRATION,
    )
    if request.headers.get("HX-Request") and part in DISPLAY_PARTS:
        response = render(request, f"tournaments/display/_{part}.html", context)
        return pagecache.tag_response(request, obj, response)
    return render(request, "tournaments/display/display.html", context)


def score_sheets(
    request: HttpRequest, club: str, tournament: str, stage: str, number: int
) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    if not permissions.can_referee_tournament(request.user, obj):
        return deny(request)
    round_ = _round(obj, stage, number)
    matches = [m for m in match_selectors.round_matches(round_) if m.entry_a_id and m.entry_b_id]
    context = tournament_context(
        request,
        obj,
        round=round_,
        round_name=presentation.round_name(round_),
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
def withdraw(request: HttpRequest, club: str, tournament: str) -> HttpResponse:
    obj = get_visible_tournament(request, club, tournament)
    entry = selectors.my_entry(obj, request.user)
    if entry is None:
        return deny(request)
    # Before the start a player takes back his sign-up: until the sign-up closes, and his
    # place goes to the first on the waiting list.
    before_the_start = obj.status in (TournamentStatus.DRAFT, TournamentStatus.REGISTRATION)
    withdraw = entry_services.entry_take_back if before_the_start else draw_services.entry_withdraw
    try:
        withdraw(entry=entry, user=request.user)
    except UserError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("You have withdrawn from the tournament."))
    return redirect(obj)
