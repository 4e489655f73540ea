"""PR on the pages: ``{% analysis_performance analysis match %}`` (the match's analysis
panel), ``{% tournament_pr_table tournament plies %}``, and the profile's PR over time at the
level of its error-rate chart (:func:`player_pr_context`, for that chart's tag)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.formats import date_format, number_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from analysis.models import AnalysisLevel, AnalysisStatus, MatchAnalysis
from analysis.performance import BMAB_BANDS
from analysis.pr import analysis_performances, player_pr_history, tournament_pr
from clubs.models import Club, Player
from matches.models import Match
from ratings.chart import ChartPoint, rating_chart
from tournaments.models import Tournament

register = template.Library()

BAND_NAMES = {
    "super_grand_master": gettext_lazy("Super Grand Master"),
    "grand_master": gettext_lazy("Grand Master"),
    "master": gettext_lazy("Master"),
    "advanced": gettext_lazy("Advanced"),
    "intermediate": gettext_lazy("Intermediate"),
}


@register.filter
def pr(value: float | None) -> str:
    """A PR with two decimals, as players quote it."""
    return "–" if value is None else number_format(round(value, 2), 2)


@register.filter
def band_name(band: str | None) -> str:
    return str(BAND_NAMES[band]) if band in BAND_NAMES else "–"


def _bands() -> list[tuple[str, float]]:
    return [(str(BAND_NAMES[band]), bound) for band, bound in BMAB_BANDS]


@register.inclusion_tag("analysis/_performance.html")
def analysis_performance(analysis: MatchAnalysis | None, match: Match) -> dict[str, Any]:
    if analysis is None or analysis.status != AnalysisStatus.DONE:
        return {"players": []}
    names = (
        match.entry_a.player.name if match.entry_a else "?",
        match.entry_b.player.name if match.entry_b else "?",
    )
    mistakes = sorted(analysis.mistakes.all(), key=lambda m: (m.game, m.index))
    players = []
    for row, figures in analysis_performances(analysis):
        marked = [m for m in mistakes if m.side == row.side and m.mark in _MARKED]
        cube = [m for m in mistakes if m.side == row.side and m.is_cube]
        players.append(
            {
                "name": names[row.side],
                "figures": figures,
                "marked": marked,
                "cube": cube,
                "summary": _errors_summary(names[row.side], marked, len(cube)),
            }
        )
    return {
        "players": players,
        "level": analysis.get_plies_display(),
        "plies": analysis.plies,
        "bands": _bands(),
        "match": match,
    }


_MARKED = ("doubtful", "bad", "very bad")


def _errors_summary(name: str, marked: list[Any], cube: int) -> str:
    """What a player's list of errors holds, counted as the figures beside it count: the
    chequer plays gnubg marked, by mark, and the cube errors."""
    counts = {mark: sum(1 for m in marked if m.mark == mark) for mark in _MARKED}
    moves = ngettext(
        "%(n)d marked move (%(doubtful)d doubtful, %(bad)d bad, %(very_bad)d very bad)",
        "%(n)d marked moves (%(doubtful)d doubtful, %(bad)d bad, %(very_bad)d very bad)",
        len(marked),
    ) % {
        "n": len(marked),
        "doubtful": counts["doubtful"],
        "bad": counts["bad"],
        "very_bad": counts["very bad"],
    }
    cube_errors = ngettext("%(n)d cube error", "%(n)d cube errors", cube) % {"n": cube}
    return _("%(name)s: %(moves)s and %(cube_errors)s") % {
        "name": name,
        "moves": moves,
        "cube_errors": cube_errors,
    }


@register.inclusion_tag("analysis/_tournament_pr.html")
def tournament_pr_table(tournament: Tournament, plies: int) -> dict[str, Any]:
    return {
        "rows": tournament_pr(tournament, plies=plies),
        "level": AnalysisLevel(plies).label,
        "bands": _bands(),
    }


def player_pr_context(player: Player, club: Club, *, plies: int) -> dict[str, Any]:
    """The player's PR over time at ``plies``, the level the error-rate chart of the profile
    shows (its level switch chooses both): for ``analysis/_profile_pr.html``."""
    history = player_pr_history(player, club, plies=plies)
    label = AnalysisLevel(plies).label
    points = [
        ChartPoint(
            point.figures.pr or 0.0,
            _("%(date)s: PR %(pr)s over %(n)d decisions (%(match)s)")
            % {
                "date": date_format(point.when, "SHORT_DATE_FORMAT"),
                "pr": pr(point.figures.pr),
                "n": point.figures.decisions,
                "match": point.match,
            },
        )
        for point in history
    ]
    chart = rating_chart(
        points,
        title=_("PR of %(name)s at %(level)s") % {"name": player.name, "level": label},
        first_label=date_format(history[0].when, "SHORT_DATE_FORMAT") if history else "",
        last_label=date_format(history[-1].when, "SHORT_DATE_FORMAT") if history else "",
    )
    chart = mark_safe(str(chart).replace("rating-chart-title", "pr-chart-title"))
    return {
        "pr_chart": chart,
        "pr_level": label,
        "pr_history": list(reversed(history)),
        "bands": _bands(),
    }
