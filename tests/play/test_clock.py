"""The backgammon clock on its own: reserves, simple and Bronstein delays, pauses, flag falls."""

from __future__ import annotations

import pytest

from play.clock import Clock, reserve_for

MINUTE = 60_000


def test_the_reserve_is_minutes_per_point_or_fixed():
    assert reserve_for(minutes=2, per_point=True, length=7) == 14 * MINUTE
    assert reserve_for(minutes=30, per_point=False, length=7) == 30 * MINUTE


def test_a_turn_within_the_simple_delay_costs_nothing():
    clock = Clock.new(reserve_ms=MINUTE, delay_ms=10_000)
    clock.hand_to(0, now=0, fresh=True)
    clock.hand_to(1, now=9_999, fresh=False)
    assert clock.reserve == [MINUTE, MINUTE]
    clock.hand_to(0, now=9_999 + 25_000, fresh=False)
    assert clock.reserve == [MINUTE, MINUTE - 15_000]


def test_the_same_player_acting_again_keeps_his_turns_delay():
    """Roll, then play: one turn, one delay (a new game gives a new one)."""
    clock = Clock.new(reserve_ms=MINUTE, delay_ms=10_000)
    clock.hand_to(0, now=0, fresh=True)
    clock.hand_to(0, now=6_000, fresh=False)  # rolled after 6 s
    clock.hand_to(1, now=12_000, fresh=False)  # played 6 s later
    assert clock.reserve[0] == MINUTE - 2_000
    clock.hand_to(1, now=20_000, fresh=True)  # a new game: a whole delay again
    assert clock.delay_at(20_000) == 10_000


def test_bronstein_runs_the_reserve_and_gives_the_delay_back():
    clock = Clock.new(reserve_ms=MINUTE, delay_ms=10_000, bronstein=True)
    clock.hand_to(0, now=0, fresh=True)
    assert clock.left(0, now=4_000) == MINUTE - 4_000  # runs at once
    clock.hand_to(1, now=4_000, fresh=False)
    assert clock.reserve[0] == MINUTE  # given back
    clock.hand_to(0, now=4_000 + 25_000, fresh=False)
    assert clock.reserve[1] == MINUTE - 15_000


def test_the_flag_falls_when_reserve_and_delay_are_used_up():
    simple = Clock.new(reserve_ms=MINUTE, delay_ms=10_000)
    simple.hand_to(1, now=0, fresh=True)
    assert simple.deadline() == 70_000
    assert simple.fallen(69_999) is None and simple.fallen(70_000) == 1
    bronstein = Clock.new(reserve_ms=MINUTE, delay_ms=10_000, bronstein=True)
    bronstein.hand_to(1, now=0, fresh=True)
    assert bronstein.fallen(60_000) == 1


def test_a_paused_clock_does_not_run_and_resumes_where_it_stopped():
    clock = Clock.new(reserve_ms=MINUTE, delay_ms=10_000)
    clock.hand_to(0, now=0, fresh=True)
    clock.pause(now=15_000)
    assert clock.deadline() is None and clock.fallen(10**9) is None
    assert clock.left(0, now=500_000) == MINUTE - 5_000
    clock.resume(now=500_000)
    assert clock.left(0, now=510_000) == MINUTE - 15_000
    assert clock.deadline() == 500_000 + MINUTE - 5_000


def test_paused_during_the_delay_keeps_the_rest_of_it():
    clock = Clock.new(reserve_ms=MINUTE, delay_ms=10_000)
    clock.hand_to(0, now=0, fresh=True)
    clock.pause(now=4_000)
    clock.resume(now=100_000)
    assert clock.delay_at(100_000) == 6_000
    assert clock.left(0, now=106_000) == MINUTE


def test_added_time_and_the_saved_clock():
    clock = Clock.new(reserve_ms=MINUTE, delay_ms=0)
    clock.hand_to(0, now=0, fresh=True)
    clock.add(1, 30_000)
    assert Clock.load(clock.dump()) == clock
    assert clock.view(20_000) | {"left": [40_000, 90_000], "running": 0} == clock.view(20_000)
    with pytest.raises(ValueError):
        clock.add(1, 0)
    with pytest.raises(ValueError):
        Clock.new(reserve_ms=0, delay_ms=0)


def test_a_flag_fall_stops_the_clock():
    clock = Clock.new(reserve_ms=MINUTE, delay_ms=0)
    clock.hand_to(0, now=0, fresh=True)
    clock.flag_fall(0)
    assert clock.view(99_000)["left"] == [0, MINUTE]
    assert clock.deadline() is None and clock.view(99_000)["running"] is None
