"""Players who have not played drop down the ladder.

A player's days without a match are counted from the day after his last match (a forfeit
counts as a match; a player who never played counts from the day he joined). After
``idle_days`` such days he drops ``idle_places`` places, on the next day, and again after
every further ``idle_days`` days, until he plays. Days before the rule's last change
(``idle_from``) do not count.

>>> rules = LadderRules(idle_days=7, idle_places=2)
>>> history = [Joined(1, date(2026, 3, 1)), Joined(2, date(2026, 3, 1)),
...            Joined(3, date(2026, 3, 1)), Played(3, 2, False, date(2026, 3, 5))]
>>> idle_due(rules, history, date(2026, 3, 9))
[Idle(player=1, day=datetime.date(2026, 3, 9), places=2)]
>>> idle_due(rules, history, date(2026, 3, 8))
[]
>>> next_drops(rules, history)
{1: datetime.date(2026, 3, 9), 2: datetime.date(2026, 3, 13), 3: datetime.date(2026, 3, 13)}
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta

from ladders.core.ladder import Change, Idle, Joined, LadderRules, Left, Played, replay

__all__ = ["idle_due", "next_drops"]


def _anchors(
    history: Sequence[Change], idle_from: date | None = None
) -> tuple[dict[int, date], dict[int, int]]:
    """Each player's last match (or joining) day, and the drops he took since; from the eve
    of ``idle_from`` at the earliest, counting only the drops since it."""
    anchor: dict[int, date] = {}
    drops: dict[int, list[date]] = {}
    for change in history:
        if isinstance(change, Joined):
            anchor[change.player], drops[change.player] = change.day, []
        elif isinstance(change, Played):
            for player in (change.challenger, change.defender):
                anchor[player], drops[player] = change.day, []
        elif isinstance(change, Idle):
            drops.setdefault(change.player, []).append(change.day)
        elif isinstance(change, Left):
            anchor.pop(change.player, None)
    if idle_from is not None:
        eve = idle_from - timedelta(days=1)
        anchor = {player: max(last, eve) for player, last in anchor.items()}
    counts = {
        player: sum(1 for day in drops.get(player, []) if day > last)
        for player, last in anchor.items()
    }
    return anchor, counts


def _drop_day(rules: LadderRules, last: date, number: int) -> date:
    """The day of the ``number``-th drop after a match (or the rule's change) on ``last``."""
    return last + timedelta(days=number * rules.idle_days + 1)


def idle_due(rules: LadderRules, history: Sequence[Change], today: date) -> list[Idle]:
    """The drops due by ``today`` that the history does not have yet, in the order they are
    applied (by day, then from the top of the ladder down)."""
    if rules.idle_days <= 0 or rules.idle_places <= 0:
        return []
    anchor, drops = _anchors(history, rules.idle_from)
    due: list[Idle] = []
    for player, last in anchor.items():
        count = ((today - last).days - 1) // rules.idle_days
        for k in range(drops.get(player, 0) + 1, count + 1):
            due.append(Idle(player, _drop_day(rules, last, k), rules.idle_places))
    order = replay(rules, history)
    return sorted(due, key=lambda idle: (idle.day, order.index(idle.player)))


def next_drops(rules: LadderRules, history: Sequence[Change]) -> dict[int, date]:
    """The day each player on the ladder drops next unless he plays a match before it (the
    day :func:`idle_due` gives it; past when the daily round has not run yet); empty when
    nobody drops."""
    if rules.idle_days <= 0 or rules.idle_places <= 0:
        return {}
    anchor, drops = _anchors(history, rules.idle_from)
    return {
        player: _drop_day(rules, last, drops.get(player, 0) + 1) for player, last in anchor.items()
    }
