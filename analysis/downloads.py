"""Downloads of a recorded match: its moves as a .mat file (for GNU Backgammon or eXtreme
Gammon) and its analysis at one level as JSON, for both players and whoever may see the
match's page (which shows the same figures)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseNotFound, JsonResponse
from django.utils.translation import gettext as _

from analysis.models import AnalysisLevel, AnalysisStatus, MatchAnalysis
from analysis.moves import moves_text, replayable
from analysis.pr import analysis_performances
from config.text import whole_number
from matches.models import Match
from matches.shortcuts import get_visible_match

__all__ = ["analysis_json", "download_analysis", "download_moves"]


def _filename(match: Match, suffix: str) -> str:
    tournament = match.round.stage.tournament
    return f"crawford-{tournament.slug}-match-{match.pk}{suffix}"


def _attachment(response: HttpResponse, name: str) -> HttpResponse:
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def download_moves(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    match_obj = get_visible_match(request, club, tournament, match)
    if not replayable(match_obj):
        return HttpResponseNotFound(
            _("This match has no recorded moves to download."),
            content_type="text/plain; charset=utf-8",
        )
    response = HttpResponse(moves_text(match_obj), content_type="text/plain; charset=utf-8")
    return _attachment(response, _filename(match_obj, ".mat"))


def analysis_json(analysis: MatchAnalysis, names: tuple[str, str]) -> dict[str, Any]:
    """The analysis as it is stored, with each player's PR and counts."""
    players = []
    for row, figures in analysis_performances(analysis):
        players.append(
            {
                "side": row.side,
                "name": names[row.side],
                "chequer_decisions": row.chequer_decisions,
                "cube_decisions": row.cube_decisions,
                "chequer_error_emg": row.chequer_error,
                "cube_error_emg": row.cube_error,
                "error_rate_memg": row.error_rate,
                "pr": figures.pr,
                "luck_emg": row.luck,
                "rating": row.rating,
                "marks": figures.marks if figures.marks_known else None,
                "cube_errors": figures.cube_errors,
            }
        )
    mistakes = [
        {
            "game": m.game,
            "action": m.index,
            "side": m.side,
            "kind": m.kind,
            "position_id": m.position_id,
            "match_id": m.match_id,
            "dice": m.dice,
            "played": m.played,
            "best": m.best,
            "equity_lost_emg": m.equity_lost,
            "mark": m.mark,
        }
        for m in sorted(analysis.mistakes.all(), key=lambda m: (m.game, m.index, m.kind))
    ]
    return {
        "engine": "GNU Backgammon",
        "plies": analysis.plies,
        "level": str(AnalysisLevel(analysis.plies).label),
        "match": analysis.match_id,
        "pr_formula": "500 * equity lost / decisions",
        "players": players,
        "mistakes": mistakes,
    }


def download_analysis(request: HttpRequest, club: str, tournament: str, match: int) -> HttpResponse:
    """The finished analysis at ``?plies=`` (by default the deepest) as a JSON file."""
    match_obj = get_visible_match(request, club, tournament, match)
    done = MatchAnalysis.objects.filter(match=match_obj, status=AnalysisStatus.DONE)
    wanted = request.GET.get("plies")
    if wanted is not None:
        plies = whole_number(wanted, most=2**31 - 1)
        done = done.none() if plies is None else done.filter(plies=plies)
    analysis = done.prefetch_related("players", "mistakes").order_by("-plies").first()
    if analysis is None:
        return HttpResponseNotFound(
            _("This match has no finished analysis at that level."),
            content_type="text/plain; charset=utf-8",
        )
    names = (
        match_obj.entry_a.player.name if match_obj.entry_a else "?",
        match_obj.entry_b.player.name if match_obj.entry_b else "?",
    )
    response = JsonResponse(analysis_json(analysis, names), json_dumps_params={"indent": 1})
    return _attachment(response, _filename(match_obj, f"-analysis-{analysis.plies}ply.json"))
