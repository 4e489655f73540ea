"""Checks a higher app adds to the check-in (the money app: a club may check in only players
who paid), registered in its ``AppConfig.ready``, so the entries app imports none of
them. A guard raises ``UserError`` to refuse; it runs with the entry's row locked."""

from __future__ import annotations

from collections.abc import Callable

from config.hooks import Hooks
from entries.models import Entry

Guard = Callable[[Entry, bool], None]
"""``guard(entry, by_player)``: ``by_player`` when the player checks himself in (a refusal
speaks to him), else an organizer checks him in (it speaks of him)."""

guards: Hooks[Guard] = Hooks()
check_in_guard = guards.add


def check(entry: Entry, *, by_player: bool = False) -> None:
    for guard in guards:
        guard(entry, by_player)
