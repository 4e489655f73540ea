"""``{% match_analysis_panel %}``: the analysis panel of the match page, from its context."""

from __future__ import annotations

from typing import Any

from django import template
from django.http import QueryDict
from django.utils.formats import date_format, number_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from analysis.models import AnalysisLevel
from analysis.panel import panel_context
from analysis.selectors import player_error_history, player_levels
from analysis.templatetags.performance import player_pr_context
from clubs.models import Club, Player
from ratings.chart import ChartPoint, rating_chart

register = template.Library()


@register.inclusion_tag("analysis/_panel.html", takes_context=True)
def match_analysis_panel(context: Any) -> dict[str, Any]:
    return {**panel_context(context["request"], context["match"]), "request": context["request"]}


@register.filter
def memg(value: float | None) -> str:
    """An error in EMG or an error rate already in mEMG, printed with one decimal."""
    return "–" if value is None else number_format(round(value, 1), 1)


#: gnubg's rating words (``analysis.report.RATINGS``, stored as gnubg says them) in the
#: reader's language.
RATING_WORDS = {
    "Awful!": pgettext_lazy("gnubg rating", "Awful!"),
    "Beginner": pgettext_lazy("gnubg rating", "Beginner"),
    "Casual player": pgettext_lazy("gnubg rating", "Casual player"),
    "Intermediate": pgettext_lazy("gnubg rating", "Intermediate"),
    "Advanced": pgettext_lazy("gnubg rating", "Advanced"),
    "Expert": pgettext_lazy("gnubg rating", "Expert"),
    "World class": pgettext_lazy("gnubg rating", "World class"),
    "Supernatural": pgettext_lazy("gnubg rating", "Supernatural"),
}


@register.filter
def gnubg_rating(words: str) -> str:
    """gnubg's rating of a player (``World class``) in the reader's language."""
    return str(RATING_WORDS.get(words, words))


@register.filter
def per_mille(value: float | None) -> float | None:
    """EMG as mEMG."""
    return None if value is None else 1000 * value


#: The profile page's query parameter that chooses the level of the error-rate chart.
LEVEL_PARAMETER = "error_level"


def _level_links(request: Any, levels: list[int], plies: int) -> list[dict[str, Any]]:
    """One link per level the player was analysed at (the page's other parameters kept)."""
    links = []
    for level in sorted(levels):
        query = request.GET.copy() if request is not None else QueryDict(mutable=True)
        query[LEVEL_PARAMETER] = str(level)
        links.append(
            {
                "label": AnalysisLevel(level).label,
                "url": f"?{query.urlencode()}#error-rate-history",
                "current": level == plies,
            }
        )
    return links


@register.inclusion_tag("analysis/_profile_chart.html", takes_context=True)
def player_error_chart(context: Any, club: Club, player: Player) -> dict[str, Any]:
    """The player's error rate over time at one level: the one asked for (``?error_level=``)
    if the player has figures at it, else the level most of his matches were analysed at.
    Figures at different levels are never drawn together."""
    levels = player_levels(player, club)
    if not levels:
        return {"chart": "", "level": None}
    request = context.get("request")
    asked = request.GET.get(LEVEL_PARAMETER, "") if request is not None else ""
    plies = next((level for level in levels if str(level) == asked), levels[0])
    history = player_error_history(player, club, plies=plies)
    label = AnalysisLevel(plies).label
    points = [
        ChartPoint(
            point.error_rate or 0.0,
            _("%(date)s: %(rate)s mEMG over %(n)d decisions (%(match)s)")
            % {
                "date": date_format(point.when, "SHORT_DATE_FORMAT"),
                "rate": number_format(round(point.error_rate or 0.0, 1), 1),
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
    return {
        "chart": chart,
        "level": label,
        "matches": len(history),
        "latest": latest,
        "level_links": _level_links(request, levels, plies) if len(levels) > 1 else [],
        **player_pr_context(player, club, plies=plies),
    }
