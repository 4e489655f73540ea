"""A round's page (its draw, a draft for the organizer) and its score sheets to print."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _

from clubs import permissions
from clubs.shortcuts import deny
from draw import selectors as draw_selectors
from entries import selectors as entry_selectors
from matches import selectors as match_selectors
from pages import results as results_views
from pages import round_table
from recording import forms as recording_forms
from tournaments import pagecache, presentation, selectors
from tournaments.models import Round, RoundStatus, Tournament
from tournaments.shortcuts import ROWS_PER_PAGE, get_visible_tournament, tournament_context


def _round(tournament: Tournament, stage: str, number: int) -> Round:
    return get_object_or_404(
        selectors.rounds_with_tournament(),
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
        round_, rounds_in_stage=selectors.stage_round_count(round_.stage)
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
            lambda: entry_selectors.requested_byes(obj, round_.number) if matches else []
        ),
        ended_early=presentation.ended_early(round_.pairing_notes, round_.number),
        format_label=presentation.match_format_label(round_.match_format, round_.length),
    )
    if round_.is_draft and context["can_manage"]:
        context["draft"] = entry_selectors.draft_rows(round_)
        context["draft_byes"] = entry_selectors.requested_byes(obj, round_.number)
        # Pairing a league's draft again draws every round anew: the question names them.
        context["pair_again_asks"] = draw_selectors.redraws_whole_draw(obj)
        context["status_label"] = _("Draft, not published")
    else:
        context["status_label"] = round_.get_status_display()
        if context["can_manage"] and round_.status != RoundStatus.FINISHED:
            context["recorded_form"] = recording_forms.round_form(round_.pk)
    return render(request, "tournaments/round_detail.html", context)


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
