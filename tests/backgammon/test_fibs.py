import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backgammon.fibs import (
    INITIAL_RATING,
    RatedMatch,
    best_of_length,
    fibs_update,
    k_factor,
    replay,
    underdog_probability,
)


def test_worked_example() -> None:
    # D = 100, n = 7, experienced players (K = 1).
    winner, loser = fibs_update(1600, 1500, 7, 1000, 1000)
    assert winner - 1600 == pytest.approx(4.49, abs=0.005)
    assert 1500 - loser == pytest.approx(4.49, abs=0.005)
    winner, loser = fibs_update(1500, 1600, 7, 1000, 1000)
    assert winner - 1500 == pytest.approx(6.09, abs=0.005)
    assert 1600 - loser == pytest.approx(6.09, abs=0.005)


def test_probability_and_k() -> None:
    assert underdog_probability(0, 5) == 0.5
    assert underdog_probability(100, 7) == pytest.approx(
        1 / (10 ** (100 * math.sqrt(7) / 2000) + 1)
    )
    assert underdog_probability(-100, 7) == underdog_probability(100, 7)
    assert [k_factor(e) for e in (0, 100, 250, 400, 5000)] == [5, 4, 2.5, 1, 1]


def test_each_side_uses_its_own_k() -> None:
    # Newcomer (K = 5) beats a veteran (K = 1) of equal rating in a 1-point match: P = 0.5.
    winner, loser = fibs_update(1500, 1500, 1, 0, 1000)
    assert winner == pytest.approx(1500 + 5 * 4 * 0.5)
    assert loser == pytest.approx(1500 - 1 * 4 * 0.5)


@settings(max_examples=60, deadline=None)
@given(
    st.floats(1000, 2200),
    st.floats(1000, 2200),
    st.integers(1, 25),
    st.floats(0, 2000),
)
def test_symmetry(a: float, b: float, length: int, experience: float) -> None:
    """With equal K the exchange is zero-sum, and winning as the underdog pays more."""
    won, lost = fibs_update(a, b, length, experience, experience)
    assert won - a == pytest.approx(b - lost)
    assert won > a and lost < b
    won2, _ = fibs_update(b, a, length, experience, experience)
    if a > b:
        assert won2 - b >= won - a
    # Gains for both outcomes add up to 4 K sqrt(n).
    assert (won - a) + (won2 - b) == pytest.approx(4 * k_factor(experience) * math.sqrt(length))


def test_best_of_length() -> None:
    assert best_of_length(3) == 3
    assert best_of_length(5, 0.5) == 2.5
    with pytest.raises(ValueError):
        best_of_length(0)
    with pytest.raises(ValueError):
        fibs_update(1500, 1500, 0, 0, 0)


def test_replay() -> None:
    ratings = replay(
        [
            RatedMatch("ann", "bob", 7, match_id=1),
            RatedMatch("bob", "cid", best_of_length(3), match_id=2),
            RatedMatch("ann", "cid", 5, match_id=3),
        ],
        start={"cid": (1700.0, 500.0)},
    )
    assert set(ratings) == {"ann", "bob", "cid"}
    ann = ratings["ann"]
    assert ann.experience == 12
    assert [c.match_id for c in ann.history] == [1, 3]
    assert ann.history[0].rating_before == INITIAL_RATING
    assert ann.history[1].rating_before == ann.history[0].rating_after
    assert ann.rating == ann.history[-1].rating_after
    assert ratings["cid"].experience == 508
    assert ratings["cid"].history[0].delta < 0
    assert replay([]) == {}
    with pytest.raises(ValueError):
        replay([RatedMatch("ann", "ann", 1)])
