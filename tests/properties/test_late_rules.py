"""Property: the late rule (``tournaments.lateness``) says what a plain reading of it says —
N minutes of grace, then P points for every begun M minutes, a forfeit once more than K
minutes late — and a penalty never ends the match (a match of games loses games the same
way); a penalty a director types beyond the match is refused."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.lateness import (
    LateRule,
    LateRuleError,
    check_penalty,
    late_penalty,
    penalty_room,
)


@st.composite
def rules(draw):
    grace = draw(st.integers(0, 60))
    return LateRule(
        grace=grace,
        points=draw(st.integers(1, 5)),
        every=draw(st.integers(1, 30)),
        forfeit_after=draw(st.integers(grace + 1, grace + 120)),
    )


def reference(grace, points, every, forfeit_after, seconds_late, wins_needed, opponent):
    """The rule read plainly, second by second: (points, forfeit)."""
    if seconds_late > forfeit_after * 60:
        return 0, True
    penalty = 0
    second = grace * 60
    while second < seconds_late:  # every begun period after the grace costs its points
        penalty += points
        second += every * 60
    return min(penalty, max(0, wins_needed - 1 - opponent)), False


#: A match of points (N-point) or of games (best of N: wins_needed games).
matches = st.one_of(
    st.integers(1, 25).map(lambda length: length),
    st.sampled_from([1, 3, 5, 7, 9]).map(lambda games: (games + 1) // 2),
)


@given(
    rule=rules(),
    seconds=st.integers(-600, 4 * 3600),
    wins_needed=matches,
    data=st.data(),
)
def test_the_rule_is_its_plain_reading_and_never_ends_the_match(rule, seconds, wins_needed, data):
    opponent = data.draw(st.integers(0, wins_needed - 1), label="opponent's score")
    room = penalty_room(wins_needed, opponent)
    found = late_penalty(rule, timedelta(seconds=seconds), room=room)
    expected = reference(
        rule.grace, rule.points, rule.every, rule.forfeit_after, seconds, wins_needed, opponent
    )
    assert (found.points, found.forfeit) == expected
    assert found.minutes_late == max(seconds, 0) // 60
    # A penalty never reaches the target: the opponent still has a game to win.
    assert opponent + found.points < wins_needed
    assert found.points >= 0
    if found.capped:
        assert found.points == room and not found.forfeit
    # What the rule proposes, a director may confirm.
    if found.points:
        check_penalty(found.points, room)


@given(
    wins_needed=matches,
    data=st.data(),
)
def test_a_penalty_beyond_the_match_is_refused(wins_needed, data):
    opponent = data.draw(st.integers(0, wins_needed - 1), label="opponent's score")
    room = penalty_room(wins_needed, opponent)
    too_much = data.draw(st.integers(room + 1, room + 50), label="penalty typed")
    with pytest.raises(LateRuleError) as refused:
        check_penalty(too_much, room)
    assert refused.value.code == "penalty_too_large"
    with pytest.raises(LateRuleError):
        check_penalty(0, room)


@given(grace=st.integers(0, 60), forfeit_after=st.integers(0, 60))
def test_a_forfeit_within_the_grace_is_no_rule(grace, forfeit_after):
    if forfeit_after > grace:
        assert LateRule(grace, 1, 5, forfeit_after).forfeit_after == forfeit_after
    else:
        with pytest.raises(LateRuleError):
            LateRule(grace, 1, 5, forfeit_after)


@given(rule=rules(), seconds=st.integers(0, 4 * 3600))
def test_later_never_costs_less(rule, seconds):
    earlier = late_penalty(rule, timedelta(seconds=seconds), room=1000)
    later = late_penalty(rule, timedelta(seconds=seconds + 1), room=1000)
    assert later.forfeit or (not earlier.forfeit and later.points >= earlier.points)
