"""The venue on other apps' pages: a round's tables on its pairing list and score sheets, a
tournament's calls on its venue display (one query each)."""

from __future__ import annotations

from typing import Any

from django import template

from venue import selectors
from venue.models import Call

register = template.Library()


@register.simple_tag
def round_calls(round_: Any) -> dict[int, Call]:
    """``{% round_calls round as calls %}``: the open calls of the round's matches."""
    return selectors.round_calls(round_.pk) if round_ is not None else {}


@register.simple_tag
def tournament_calls(tournament: Any) -> list[Call]:
    """``{% tournament_calls tournament as calls %}``: its open calls, newest first."""
    calls = selectors.open_calls(tournament.club_id).filter(tournament=tournament)
    return sorted(calls, key=lambda c: c.called_at, reverse=True)


@register.filter
def call_of(calls: dict[int, Call], match_id: int) -> Call | None:
    """``{{ calls|call_of:match.pk }}``: the match's open call, if it has one."""
    return calls.get(match_id)
