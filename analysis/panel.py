"""What the match page's analysis panel shows (read by the template tag and the views)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from analysis.models import AnalysisLevel, AnalysisStatus
from analysis.moves import match_has_moves, replayable
from analysis.runner import INSTALL_COMMAND, gnubg_available
from analysis.selectors import match_analyses, shown_analysis
from clubs import permissions
from matches.models import Match

#: Worst errors listed on the match page.
WORST = 8


def can_request_analysis(user: Any, match: Match) -> bool:
    tournament = match.round.stage.tournament
    return permissions.can_referee_tournament(user, tournament) or permissions.is_match_player(
        user, match
    )


def replay_link(match: Match, mistake: Any) -> str:
    """The replay board at the decision of ``mistake`` (the game and position it was made
    in, and the cube action for a cube decision): the replay page opens there."""
    tournament = match.round.stage.tournament
    query = {"game": mistake.game, "position": mistake.position_id}
    if mistake.is_cube:
        query["decision"] = mistake.played
    url = reverse("analysis:replay", args=[tournament.club.slug, tournament.slug, match.pk])
    return f"{url}?{urlencode(query)}#online"


def panel_context(request: Any, match: Match) -> dict[str, Any]:
    analyses = match_analyses(match)
    shown = shown_analysis(analyses)
    if shown is not None and "plies" in request.GET:
        wanted = request.GET.get("plies", "")
        shown = next((a for a in analyses if str(a.plies) == wanted), shown)
    players = list(shown.players.all()) if shown else []
    names = (
        match.entry_a.player.name if match.entry_a else "?",
        match.entry_b.player.name if match.entry_b else "?",
    )
    under_way = any(a.status in (AnalysisStatus.QUEUED, AnalysisStatus.RUNNING) for a in analyses)
    has_moves = match_has_moves(match)
    tournament = match.round.stage.tournament
    return {
        "match": match,
        "club": tournament.club,
        "tournament": tournament,
        "analyses": analyses,
        "analysis": shown,
        "analysis_players": [(p, names[p.side]) for p in players],
        "worst": [
            (m, names[m.side], replay_link(match, m)) for m in list(shown.mistakes.all())[:WORST]
        ]
        if shown and shown.status == AnalysisStatus.DONE
        else [],
        "under_way": under_way,
        "has_moves": has_moves,
        "replayable": replayable(match),
        "gnubg_available": gnubg_available(),
        "install_command": INSTALL_COMMAND,
        "levels": AnalysisLevel.choices,
        "default_level": tournament.analysis_plies
        if tournament.analysis_plies is not None
        else AnalysisLevel.PLY0,
        "can_analyse": has_moves and can_request_analysis(request.user, match),
    }
