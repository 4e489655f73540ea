"""The venue display of a tournament."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import SimpleLazyObject

from matches import selectors as match_selectors
from pages.bracket import KNOCKOUT_STAGES
from standings import selectors as standings_selectors
from tournaments import pagecache, presentation, selectors
from tournaments.models import (
    RoundStatus,
    Tournament,
    TournamentFormat,
    TournamentStatus,
)
from tournaments.shortcuts import get_visible_tournament, tournament_context

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
    rounds = list(selectors.drawn_rounds(tournament))
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
        for stage in selectors.tournament_stages(tournament)
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
        has_bracket=selectors.has_stage_of_kind(obj, KNOCKOUT_STAGES),
        # Before the start: a QR code for the players to check in with their phones.
        check_in=obj.require_check_in and obj.status == TournamentStatus.REGISTRATION,
    )
    if request.headers.get("HX-Request") and part in DISPLAY_PARTS:
        response = render(request, f"tournaments/display/_{part}.html", context)
        return pagecache.tag_response(request, obj, response)
    return render(request, "tournaments/display/display.html", context)
