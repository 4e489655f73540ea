"""The late rule's decisions on a match, as its history holds them (one query)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from matches import reasons
from matches.models import Match, Side
from matches.reasons import reason_code, reason_label


@dataclass(frozen=True)
class LateDecision:
    """A director's decision on one late player: a penalty, a waiver or a forfeit."""

    entry_id: int
    code: str
    points: int
    minutes: int
    name: str
    when: datetime
    label: str

    @property
    def is_penalty(self) -> bool:
        return self.code == reasons.LATE_PENALTY


def late_decisions(match: Match) -> dict[int, LateDecision]:
    """The decision on each late player of the match, by entry id."""
    found: dict[int, LateDecision] = {}
    rows = (
        match.history.filter(history_change_reason__startswith="late.")
        .order_by("history_date", "history_id")
        .values_list("history_change_reason", "history_date")
    )
    for stored, when in rows:
        code, params = reason_code(stored)
        entry_id = params.get("entry")
        if code not in reasons.LATE_DECISIONS or not isinstance(entry_id, int):
            continue
        points = params.get("points", 0)
        minutes = params.get("minutes", 0)
        found.setdefault(
            entry_id,
            LateDecision(
                entry_id=entry_id,
                code=code,
                points=points if isinstance(points, int) else 0,
                minutes=minutes if isinstance(minutes, int) else 0,
                name=str(params.get("name", "")),
                when=when,
                label=reason_label(stored),
            ),
        )
    return found


def late_penalties(match: Match) -> tuple[int, int]:
    """The points (games) each side of the match starts with for the opponent's lateness."""
    given = [0, 0]
    for decision in late_decisions(match).values():
        if decision.is_penalty:
            # The penalty goes to the late player's opponent.
            side = Side.B if decision.entry_id == match.entry_a_id else Side.A
            given[side] += decision.points
    return (given[0], given[1])
