"""Property: the control room's state of a match (``control.states``) says what its facts say —
a result is finished whatever else holds, a dispute and a report waiting for confirmation
come before play, a match without a call is never called or late, a called match turns late
exactly when the grace has passed with no decision on the late player, stays late as time
goes on, and the moment a state began is never in the future."""

from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from control.states import NEEDS_DIRECTOR, ORDER, Facts, State, minutes_in, state_of

START = datetime(2026, 12, 4, 19, 0)
moments = st.integers(0, 6 * 60).map(lambda m: START + timedelta(minutes=m))


@st.composite
def facts(draw):
    status = draw(st.sampled_from(["ready", "playing", "finished"]))
    changed = draw(moments)
    report = draw(st.sampled_from([None, "pending", "disputed"]))
    return Facts(
        status=status,
        changed_at=changed,
        started_at=draw(st.none() | moments),
        finished_at=draw(st.none() | moments) if status == "finished" else None,
        called_at=draw(st.none() | moments),
        report=report,
        report_at=draw(moments) if report else None,
        paused_at=draw(st.none() | moments),
        late_grace=draw(st.none() | st.integers(0, 60)),
        late_decided=draw(st.booleans()),
    )


@given(facts(), moments)
def test_every_match_has_one_state_begun_by_now(fact, now):
    placed = state_of(fact, now)
    assert placed.state in ORDER
    assert placed.since <= now
    assert minutes_in(placed, now) >= 0


@given(facts(), moments)
def test_the_state_follows_its_facts(fact, now):
    state = state_of(fact, now).state
    assert (state == State.FINISHED) == (fact.status == "finished")
    if fact.status == "finished":
        return
    assert (state == State.DISPUTED) == (fact.report == "disputed")
    assert (state == State.AWAITING) == (fact.report == "pending")
    if fact.report is None:
        assert (state == State.PAUSED) == (fact.paused_at is not None)
    if state in (State.CALLED, State.LATE):
        assert fact.called_at is not None and fact.status == "ready"
    if state == State.WAITING:
        assert fact.called_at is None and fact.status == "ready"
    if state == State.PLAYING:
        assert fact.status == "playing"


@given(facts(), moments, st.integers(0, 600))
def test_a_call_turns_late_when_the_grace_is_over_and_stays_late(fact, now, later):
    placed = state_of(fact, now)
    plain_call = (
        fact.status == "ready"
        and fact.report is None
        and fact.paused_at is None
        and fact.called_at is not None
    )
    if not plain_call:
        assert placed.state != State.LATE
        return
    assert fact.called_at is not None
    late = (
        fact.late_grace is not None
        and not fact.late_decided
        and now > fact.called_at + timedelta(minutes=fact.late_grace)
    )
    assert (placed.state == State.LATE) == late
    if late:
        assert fact.late_grace is not None
        assert placed.since == fact.called_at + timedelta(minutes=fact.late_grace)
        assert state_of(fact, now + timedelta(seconds=later)).state == State.LATE
    else:
        assert placed.state == State.CALLED


@given(facts(), moments)
def test_what_waits_for_a_director_is_listed_first(fact, now):
    state = state_of(fact, now).state
    first = ORDER[: len(NEEDS_DIRECTOR)]
    assert (state in first) == (state in NEEDS_DIRECTOR)


@given(moments, st.integers(0, 60), st.integers(-3 * 60, 3 * 60), st.booleans())
def test_late_begins_the_moment_the_grace_is_over(called, grace, seconds, decided):
    fact = Facts(
        status="ready", changed_at=called, called_at=called, late_grace=grace, late_decided=decided
    )
    now = called + timedelta(minutes=grace, seconds=seconds)
    state = state_of(fact, now).state
    assert state == (State.LATE if seconds > 0 and not decided else State.CALLED)
