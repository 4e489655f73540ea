"""Property: random ladders with joins, leaves, challenges in and out of range, results,
forfeits, corrected results and weeks without matches. After every step

* the ladder is a permutation of its players (everyone once, nobody else);
* it equals the ladder rebuilt from its history (``replay``);
* it equals the one an independent reference in this test keeps by hand (a plain list);
* a corrected result re-derives every change after it, as the reference rebuilt from its
  own log with the corrected outcome;
* a challenge is refused exactly when the reference says it breaks a rule (out of reach,
  not above, a second open challenge where one is allowed), and a refusal changes nothing.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ladders.core.challenges import check_challenge
from ladders.core.inactivity import idle_due
from ladders.core.ladder import (
    Corrected,
    Idle,
    Joined,
    LadderError,
    LadderRules,
    Left,
    Played,
    apply,
    replay,
)

START = date(2026, 3, 2)

rules_strategy = st.builds(
    LadderRules,
    reach=st.integers(1, 4),
    loser_drops=st.booleans(),
    idle_days=st.sampled_from([0, 5, 10]),
    idle_places=st.integers(1, 3),
    open_challenges=st.integers(1, 2),
)

steps = st.lists(
    st.tuples(
        st.sampled_from(
            ["join", "challenge", "challenge", "result", "forfeit", "days", "leave", "correct"]
        ),
        st.integers(0, 50),
        st.integers(0, 50),
        st.booleans(),
    ),
    min_size=5,
    max_size=40,
)


class Reference:
    """The rules worked by hand on a list, rebuilt from its own log after every step (so that
    a corrected result re-derives what followed); the last match days kept apart."""

    def __init__(self, rules: LadderRules):
        self.rules = rules
        self.log: list[tuple] = []
        self.order: list[int] = []
        self.last: dict[int, date] = {}
        self.drops: dict[int, int] = {}

    def rebuild(self):
        corrected = {entry[1]: entry[2] for entry in self.log if entry[0] == "correct"}
        order: list[int] = []
        for entry in self.log:
            if entry[0] == "join":
                order.append(entry[1])
            elif entry[0] == "leave":
                order.remove(entry[1])
            elif entry[0] == "idle":
                at = order.index(entry[1])
                order.pop(at)
                order.insert(min(at + entry[2], len(order)), entry[1])
            elif entry[0] == "result":
                _kind, challenge, challenger, defender, won = entry
                won = corrected.get(challenge, won)
                c, d = order.index(challenger), order.index(defender)
                if won and d < c:
                    order.pop(c)
                    order.insert(d, challenger)
                elif not won and self.rules.loser_drops and c < len(order) - 1:
                    order[c], order[c + 1] = order[c + 1], order[c]
        self.order = order

    def join(self, player, day):
        self.log.append(("join", player))
        self.last[player], self.drops[player] = day, 0
        self.rebuild()

    def leave(self, player):
        self.log.append(("leave", player))
        del self.last[player]
        self.rebuild()

    def result(self, challenge, challenger, defender, challenger_won, day):
        self.log.append(("result", challenge, challenger, defender, challenger_won))
        for player in (challenger, defender):
            self.last[player], self.drops[player] = day, 0
        self.rebuild()

    def correct(self, challenge, challenger_won):
        self.log.append(("correct", challenge, challenger_won))
        self.rebuild()

    def idle_drops(self, today):
        """Walk the days one by one: the day after T full days without a match, drop."""
        if not self.rules.idle_days:
            return
        due = []
        for player, last in self.last.items():
            day = last + timedelta(days=1)
            count = 0
            while day <= today:
                without = (day - last).days - 1  # days without a match before this one
                if without > 0 and without % self.rules.idle_days == 0:
                    count += 1
                    if count > self.drops[player]:
                        due.append((day, self.order.index(player), player))
                day += timedelta(days=1)
        for _day, _index, player in sorted(due):
            self.log.append(("idle", player, self.rules.idle_places))
            self.drops[player] += 1
        self.rebuild()

    def refuses(self, challenger, defender, open_counts):
        c, d = self.order.index(challenger), self.order.index(defender)
        return (
            challenger == defender
            or d > c
            or c - d > self.rules.reach
            or open_counts.get(challenger, 0) >= self.rules.open_challenges
            or open_counts.get(defender, 0) >= self.rules.open_challenges
        )


def pick(items, n):
    return items[n % len(items)] if items else None


@settings(max_examples=200, deadline=None)
@given(rules_strategy, st.integers(2, 6), steps)
def test_random_ladders_stay_permutations_equal_to_their_history(rules, first, actions):
    reference = Reference(rules)
    history: list = []
    order: tuple[int, ...] = ()
    today = START
    players = list(range(1, first + 1))
    next_player = first + 1
    open_challenges: list[tuple[int, int]] = []
    decided: dict[int, bool] = {}  # challenge id: the outcome it counts with now

    def record(change):
        nonlocal order
        history.append(change)
        order = (
            replay(rules, history) if isinstance(change, Corrected) else apply(rules, order, change)
        )

    for player in players:
        record(Joined(player, today))
        reference.join(player, today)

    for action, a, b, flag in actions:
        counts: dict[int, int] = {}
        for challenger, defender in open_challenges:
            counts[challenger] = counts.get(challenger, 0) + 1
            counts[defender] = counts.get(defender, 0) + 1
        busy = set(counts)
        if action == "join":
            record(Joined(next_player, today))
            reference.join(next_player, today)
            next_player += 1
        elif action == "leave":
            free = [p for p in order if p not in busy]
            if len(order) > 2 and free:
                leaving = pick(free, a)
                record(Left(leaving, today))
                reference.leave(leaving)
        elif action == "challenge" and len(order) >= 2:
            challenger, defender = pick(list(order), a), pick(list(order), b)
            refused = reference.refuses(challenger, defender, counts)
            try:
                check_challenge(
                    rules, order, challenger=challenger, defender=defender, open_counts=counts
                )
            except LadderError:
                assert refused
            else:
                assert not refused
                open_challenges.append((challenger, defender))
        elif action in ("result", "forfeit") and open_challenges:
            challenger, defender = open_challenges.pop(a % len(open_challenges))
            # A forfeit: the defender did not accept in time (the challenger wins), or the
            # referee gave the match to either side.
            won = True if action == "forfeit" and b % 2 else flag
            challenge = len(decided) + 1
            record(Played(challenger, defender, won, today, action == "forfeit", challenge))
            reference.result(challenge, challenger, defender, won, today)
            decided[challenge] = won
        elif action == "correct" and decided:
            # A referee corrects an earlier result: the other player won it.
            challenge = sorted(decided)[a % len(decided)]
            decided[challenge] = not decided[challenge]
            record(Corrected(challenge, decided[challenge], today))
            reference.correct(challenge, decided[challenge])
        elif action == "days":
            today += timedelta(days=a % 12)
            for idle in idle_due(rules, history, today):
                assert isinstance(idle, Idle)
                record(idle)
            reference.idle_drops(today)
            assert idle_due(rules, history, today) == []  # nothing due twice

        assert sorted(order) == sorted(set(order)) == sorted(reference.last)
        assert order == replay(rules, history)
        assert list(order) == reference.order


def test_a_challenge_out_of_reach_or_a_second_open_one_is_refused():
    rules = LadderRules(reach=2, open_challenges=1)
    order = (1, 2, 3, 4, 5)
    with pytest.raises(LadderError, match="out_of_reach"):
        check_challenge(rules, order, challenger=5, defender=2, open_counts={})
    with pytest.raises(LadderError, match="challenger_busy"):
        check_challenge(rules, order, challenger=5, defender=3, open_counts={5: 1})
    with pytest.raises(LadderError, match="defender_busy"):
        check_challenge(rules, order, challenger=5, defender=3, open_counts={3: 1})
    with pytest.raises(LadderError, match="not_above"):
        check_challenge(rules, order, challenger=2, defender=3, open_counts={})


@pytest.mark.parametrize("module", ["ladder", "challenges", "inactivity"])
def test_doctests(module):
    import doctest
    import importlib

    assert doctest.testmod(importlib.import_module(f"ladders.core.{module}")).failed == 0
