"""The state of a match of the night, as the control room shows it, from plain facts (no
Django): waiting for a table, called, late, playing, paused, awaiting a confirmation,
disputed or finished, and since when.

What needs a director comes first: a dispute outranks everything but a result, a report
waiting for its confirmation outranks play (a player may report while the match still shows
as played), a paused clock outranks play, and a call turns late once the late rule's grace
has passed without a decision on the late player.

>>> from datetime import datetime, timedelta
>>> called = datetime(2026, 12, 4, 20, 0)
>>> facts = Facts(status="ready", changed_at=called, called_at=called, late_grace=10)
>>> state_of(facts, called + timedelta(minutes=5))
Placed(state=<State.CALLED: 'called'>, since=datetime.datetime(2026, 12, 4, 20, 0))
>>> state_of(facts, called + timedelta(minutes=11)).state
<State.LATE: 'late'>
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

__all__ = [
    "NEEDS_DIRECTOR",
    "ORDER",
    "Facts",
    "Placed",
    "State",
    "minutes_in",
    "state_of",
]


class State(StrEnum):
    WAITING = "waiting"
    CALLED = "called"
    LATE = "late"
    PLAYING = "playing"
    PAUSED = "paused"
    AWAITING = "awaiting"
    DISPUTED = "disputed"
    FINISHED = "finished"


#: The order the control room lists the states in: what a director must act on first.
ORDER: tuple[State, ...] = (
    State.DISPUTED,
    State.AWAITING,
    State.LATE,
    State.WAITING,
    State.CALLED,
    State.PAUSED,
    State.PLAYING,
    State.FINISHED,
)

#: The states that wait for a director (the dashboards lead with them).
NEEDS_DIRECTOR = frozenset({State.DISPUTED, State.AWAITING, State.LATE, State.WAITING})

#: A match's statuses (``matches.MatchStatus``' values) the control room knows.
READY, PLAYING, FINISHED = "ready", "playing", "finished"


@dataclass(frozen=True, slots=True)
class Facts:
    """What the state is worked out from, for one match."""

    #: The match's status: "ready", "playing" or "finished".
    status: str
    #: The match's last change (what "waiting since" counts from without a better moment).
    changed_at: datetime
    started_at: datetime | None = None
    finished_at: datetime | None = None
    #: When the match's open call was made, if it is called to a table now.
    called_at: datetime | None = None
    #: The open report's status ("pending" or "disputed"), and since when.
    report: str | None = None
    report_at: datetime | None = None
    #: Since when the match's clock is paused, if it is.
    paused_at: datetime | None = None
    #: The tournament's minutes of grace after a call; None: it has no late rule.
    late_grace: int | None = None
    #: A director has decided on a late player of the match (a penalty or a waiver).
    late_decided: bool = False


@dataclass(frozen=True, slots=True)
class Placed:
    state: State
    since: datetime


def state_of(facts: Facts, now: datetime) -> Placed:
    """The match's state at ``now`` and the moment it entered it (never after ``now``)."""
    state, since = _state(facts, now)
    return Placed(state, min(since, now))


def _state(facts: Facts, now: datetime) -> tuple[State, datetime]:
    if facts.status == FINISHED:
        return State.FINISHED, facts.finished_at or facts.changed_at
    if facts.report == "disputed":
        return State.DISPUTED, facts.report_at or facts.changed_at
    if facts.report == "pending":
        return State.AWAITING, facts.report_at or facts.changed_at
    if facts.paused_at is not None:
        return State.PAUSED, facts.paused_at
    if facts.status == PLAYING:
        return State.PLAYING, facts.started_at or facts.changed_at
    if facts.called_at is None:
        return State.WAITING, facts.changed_at
    if facts.late_grace is not None and not facts.late_decided:
        late_from = facts.called_at + timedelta(minutes=facts.late_grace)
        if now > late_from:
            return State.LATE, late_from
    return State.CALLED, facts.called_at


def minutes_in(placed: Placed, now: datetime) -> int:
    """Whole minutes the match has been in its state at ``now``."""
    return max(0, int((now - placed.since).total_seconds() // 60))
