"""``{% match_analysis_panel %}``: the analysis panel of the match page, from its context."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from analysis.models import AnalysisLevel
from analysis.panel import panel_context
from analysis.selectors import player_error_history, player_levels
from clubs.models import Club, Player
from ratings.chart import ChartPoint, rating_chart

register = template.Library()


@register.inclusion_tag("analysis/_panel.html", takes_context=True)
def match_analysis_panel(context: Any) -> dict[str, Any]:
    return {**panel_context(context["request"], context["match"]), "request": context["request"]}


@register.filter
def memg(value: float | None) -> str:
    """An error in EMG or an error rate already in mEMG, printed with one decimal."""
    return "–" if value is None else f"{value:.1f}"


@register.filter
def per_mille(value: float | None) -> float | None:
    """EMG as mEMG."""
    return None if value is None else 1000 * value


@register.inclusion_tag("analysis/_profile_chart.html", takes_context=True)
def player_error_chart(context: Any, club: Club, player: Player) -> dict[str, Any]:
    """The player's error rate over time at the level most of his matches were analysed at."""
    levels = player_levels(player, club)
    if not levels:
        return {"chart": "", "level": None}
    plies = levels[0]
    history = player_error_history(player, club, plies=plies)
    label = AnalysisLevel(plies).label
    points = [
        ChartPoint(
            point.error_rate or 0.0,
            _("%(date)s: %(rate).1f mEMG over %(n)d decisions (%(match)s)")
            % {
                "date": date_format(point.when, "SHORT_DATE_FORMAT"),
                "rate": point.error_rate or 0.0,
                "n": point.decisions,
                "match": point.match,
            },
        )
        for point in history
    ]
    chart = rating_chart(
        points,
        title=_("Error rate of %(name)s at %(level)s (mEMG per decision)")
        % {"name": player.name, "level": label},
        first_label=date_format(history[0].when, "SHORT_DATE_FORMAT") if history else "",
        last_label=date_format(history[-1].when, "SHORT_DATE_FORMAT") if history else "",
    )
    # The rating chart's title id, made unique for a second chart on the profile page.
    chart = mark_safe(str(chart).replace("rating-chart-title", "error-chart-title"))
    latest = history[-1].error_rate if history else None
    return {"chart": chart, "level": label, "matches": len(history), "latest": latest}
