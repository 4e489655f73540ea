"""``{% match_analysis_panel %}``: the analysis panel of the match page, from its context."""

from __future__ import annotations

from typing import Any

from django import template

from analysis.panel import panel_context

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
