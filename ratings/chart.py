"""The rating-history chart as inline SVG, drawn on the server (no JavaScript, no CDN).

x is the match number (every rated match one step, so a busy tournament evening does not
squeeze into a single point), y the rating. Every point carries a tooltip (``<title>``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.formats import get_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

NICE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)


@dataclass(frozen=True)
class ChartPoint:
    value: float
    tooltip: str
    won: bool | None = None
    """None for the starting point."""


def tick_step(low: float, high: float, most: int = 6) -> int:
    """The smallest nice step that draws at most ``most`` grid lines between low and high."""
    for step in NICE_STEPS:
        if (high - low) / step <= most:
            return step
    return NICE_STEPS[-1]


def _fmt(value: float) -> str:
    """An axis label: one decimal at most, with the reader's decimal separator."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return text.replace(".", str(get_format("DECIMAL_SEPARATOR")))


def rating_chart(
    points: Sequence[ChartPoint],
    *,
    title: str,
    first_label: str = "",
    last_label: str = "",
    width: int = 720,
    height: int = 240,
) -> SafeString:
    """An SVG line chart of ``points`` (oldest first); empty markup for fewer than two."""
    if len(points) < 2:
        return mark_safe("")
    left, right, top, bottom = 52, 12, 12, 28
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [p.value for p in points]
    step = tick_step(min(values), max(values))
    low = math.floor(min(values) / step) * step
    high = math.ceil(max(values) / step) * step
    if high == low:
        low, high = low - step, high + step
    step = tick_step(low, high)

    def x(i: int) -> float:
        return left + plot_w * i / (len(points) - 1)

    def y(value: float) -> float:
        return top + plot_h * (high - value) / (high - low)

    parts = [
        f'<svg class="rating-chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="rating-chart-title" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="rating-chart-title">{escape(title)}</title>',
    ]
    tick = low
    while tick <= high + 1e-9:
        ty = y(tick)
        parts.append(
            f'<line class="grid" x1="{left}" x2="{width - right}" y1="{ty:.1f}" y2="{ty:.1f}"/>'
            f'<text class="axis" x="{left - 6}" y="{ty + 4:.1f}" text-anchor="end">'
            f"{_fmt(tick)}</text>"
        )
        tick += step
    line = " ".join(f"{x(i):.1f},{y(p.value):.1f}" for i, p in enumerate(points))
    parts.append(f'<polyline class="line" points="{line}"/>')
    if len(points) <= 150:
        for i, p in enumerate(points):
            kind = "start" if p.won is None else ("won" if p.won else "lost")
            parts.append(
                f'<circle class="dot {kind}" cx="{x(i):.1f}" cy="{y(p.value):.1f}" r="3.5">'
                f"<title>{escape(p.tooltip)}</title></circle>"
            )
    base = height - 8
    parts.append(
        f'<text class="axis" x="{left}" y="{base}">{escape(first_label)}</text>'
        f'<text class="axis" x="{width - right}" y="{base}" text-anchor="end">'
        f"{escape(last_label)}</text>"
    )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every interpolated text is escaped above
