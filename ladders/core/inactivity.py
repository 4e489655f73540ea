"""Players who have not played drop down the ladder.

A player's days without a match are counted from the day after his last match (a forfeit
counts as a match; a player who never played counts from the day he joined). After
``idle_days`` such days he drops ``idle_places`` places, on the next day, and again after
every further ``idle_days`` days, until he plays.

>>> rules = LadderRules(idle_days=7, idle_places=2)
>>> history = [Joined(1, date(2026, 3, 1)), Joined(2, date(2026, 3, 1)),
...            Joined(3, date(2026, 3, 1)), Played(3, 2, False, date(2026, 3, 5))]
>>> idle_due(rules, history, date(2026, 3, 9))
[Idle(player=1, day=datetime.date(2026, 3, 9), places=2)]
>>> idle_due(rules, history, date(2026, 3, 8))
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta

from ladders.core.ladder import Change, Idle, Joined, LadderRules, Left, Played, replay

__all__ = ["idle_due"]


def _anchors(history: Sequence[Change]) -> tuple[dict[int, date], dict[int, int]]:
    """Each player's last match (or joining) day, and the drops he took since."""
    anchor: dict[int, date] = {}
    drops: dict[int, int] = {}
    for change in history:
        if isinstance(change, Joined):
            anchor[change.player], drops[change.player] = change.day, 0
        elif isinstance(change, Played):
            for player in (change.challenger, change.defender):
                anchor[player], drops[player] = change.day, 0
        elif isinstance(change, Idle):
            drops[change.player] = drops.get(change.player, 0) + 1
        elif isinstance(change, Left):
            anchor.pop(change.player, None)
    return anchor, drops


def idle_due(rules: LadderRules, history: Sequence[Change], today: date) -> list[Idle]:
    """The drops due by ``today`` that the history does not have yet, in the order they are
    applied (by day, then from the top of the ladder down)."""
    if rules.idle_days <= 0 or rules.idle_places <= 0:
        return []
    anchor, drops = _anchors(history)
    due: list[Idle] = []
    for player, last in anchor.items():
        count = ((today - last).days - 1) // rules.idle_days
        for k in range(drops.get(player, 0) + 1, count + 1):
            day = last + timedelta(days=k * rules.idle_days + 1)
            due.append(Idle(player, day, rules.idle_places))
    order = replay(rules, history)
    return sorted(due, key=lambda idle: (idle.day, order.index(idle.player)))
