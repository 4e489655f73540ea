"""The control room's words: a state's name, a clock's time, a late penalty's unit."""

from __future__ import annotations

from typing import Any

from django import template

from control.filters import STATE_LABELS
from control.states import State
from matches.services.lateness import unit_text
from play.live_matches import clock_text

register = template.Library()


@register.filter
def state_label(state: str) -> str:
    return str(STATE_LABELS[State(state)])


@register.filter
def clock(ms: int) -> str:
    return clock_text(int(ms))


@register.filter
def late_unit(offer: Any) -> str:
    """ "2 points" or "1 game"."""
    return unit_text(offer.points, is_best_of=offer.is_best_of)
