"""Property: the "drops on …" day the ladder shows each player (``next_drops``) is the day the
daily round drops him (``idle_due``), not a day sooner; and a changed inactivity rule drops
nobody for the days before it (``idle_from``), as a ladder whose rule was changed by its
organizer expects."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from ladders.core.inactivity import idle_due, next_drops
from ladders.core.ladder import Idle, Joined, LadderRules, Played, apply

START = date(2026, 3, 2)

steps = st.lists(
    st.tuples(
        st.sampled_from(["play", "wait", "wait", "rule"]),
        st.integers(0, 30),
        st.integers(0, 30),
        st.booleans(),
    ),
    max_size=30,
)


def drops_of(player, rules, history, today):
    return [idle for idle in idle_due(rules, history, today) if idle.player == player]


@given(st.integers(2, 6), st.integers(1, 10), st.integers(1, 3), steps)
def test_the_shown_day_is_the_day_of_the_drop(players, idle_days, idle_places, actions):
    rules = LadderRules(idle_days=idle_days, idle_places=idle_places)
    today = START
    history: list = []
    order: tuple[int, ...] = ()

    def record(change):
        nonlocal order
        history.append(change)
        order = apply(rules, order, change)

    for player in range(1, players + 1):
        record(Joined(player, today))
    for action, a, b, flag in actions:
        if action == "play":
            challenger, defender = order[a % len(order)], order[b % len(order)]
            if challenger != defender:
                record(Played(challenger, defender, flag, today))
        elif action == "wait":
            today += timedelta(days=a % 15)
            for idle in idle_due(rules, history, today):
                record(idle)
        else:  # the organizer changes the rule today: nobody drops for the days before
            rules = replace(rules, idle_days=1 + a % 10, idle_from=today)
            assert idle_due(rules, history, today) == []
            for player, day in next_drops(rules, history).items():
                assert day >= today + timedelta(days=rules.idle_days), player

    shown = next_drops(rules, history)
    assert sorted(shown) == sorted(order)
    for player, day in shown.items():
        assert day > today  # the daily round is up to date: every drop is still to come
        assert drops_of(player, rules, history, day - timedelta(days=1)) == []
        assert drops_of(player, rules, history, day)[0] == Idle(player, day, rules.idle_places)


def test_nobody_drops_when_the_ladder_has_no_inactivity_rule():
    history = [Joined(1, START), Joined(2, START)]
    assert next_drops(LadderRules(idle_days=0), history) == {}


def test_a_rule_changed_later_counts_from_its_day():
    """Anna joined on 2 March and never played; a rule of 7 days made on 1 April drops her on
    8 April, not at once for the four weeks before (it would have dropped her four times)."""
    history = [Joined(1, START), Joined(2, START)]
    rules = LadderRules(idle_days=7, idle_places=1, idle_from=date(2026, 4, 1))
    assert idle_due(rules, history, date(2026, 4, 7)) == []
    assert idle_due(rules, history, date(2026, 4, 8)) == [
        Idle(1, date(2026, 4, 8), 1),
        Idle(2, date(2026, 4, 8), 1),
    ]
    assert next_drops(rules, history) == {1: date(2026, 4, 8), 2: date(2026, 4, 8)}
