"""A stage's bracket."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.functional import SimpleLazyObject

from matches import selectors as match_selectors
from tournaments import pagecache, presentation, selectors
from tournaments.models import Stage, StageKind, TournamentFormat
from tournaments.shortcuts import get_visible_tournament, tournament_context

KNOCKOUT_STAGES = {
    StageKind.MAIN,
    StageKind.CONSOLATION,
    StageKind.LAST_CHANCE,
    StageKind.LOSERS,
    StageKind.FINAL,
}


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
    stages = selectors.tournament_stages(obj)
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
