import random

import pytest

from tournaments.pairing import (
    PairingError,
    bracket_size,
    seed_by_rating,
    seed_manual,
    seed_random,
    standard_order,
)


def test_sixteen_follows_the_printed_order() -> None:
    order = standard_order(16)
    pairs = [(order[i], order[i + 1]) for i in range(0, 16, 2)]
    assert pairs[:4] == [(1, 16), (8, 9), (5, 12), (4, 13)]
    assert sorted(pairs) == [(s, 17 - s) for s in range(1, 9)]


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64, 128, 256])
def test_best_remaining_seed_always_meets_the_worst(size: int) -> None:
    """If the better seed always wins, round r pairs seed s with seed (size / 2^(r-1) + 1 - s)."""
    alive = list(standard_order(size))
    assert sorted(alive) == list(range(1, size + 1))
    assert all(alive[i] < alive[i + 1] for i in range(0, size, 2))  # better seed on top
    while len(alive) > 1:
        total = len(alive) + 1
        for i in range(0, len(alive), 2):
            assert alive[i] + alive[i + 1] == total
        alive = [min(alive[i], alive[i + 1]) for i in range(0, len(alive), 2)]
    assert alive == [1]


@pytest.mark.parametrize("size", [8, 16, 64])
def test_top_seeds_are_spread_over_the_quarters(size: int) -> None:
    order = standard_order(size)
    quarter = size // 4
    quarters = {order.index(s) // quarter for s in (1, 2, 3, 4)}
    assert quarters == {0, 1, 2, 3}
    assert order.index(1) < size // 2 <= order.index(2)


@pytest.mark.parametrize("entrants", range(2, 131))
def test_byes_go_to_the_top_seeds(entrants: int) -> None:
    size = bracket_size(entrants)
    order = standard_order(size)
    byes = size - entrants
    with_bye = {
        min(order[i], order[i + 1])
        for i in range(0, size, 2)
        if max(order[i], order[i + 1]) > entrants
    }
    assert with_bye == set(range(1, byes + 1))


def test_bracket_size() -> None:
    assert [bracket_size(n) for n in (1, 2, 3, 4, 5, 9, 130)] == [2, 2, 4, 4, 8, 16, 256]
    with pytest.raises(ValueError):
        standard_order(12)


def test_seeding_helpers() -> None:
    assert seed_manual([3, 1, 2]) == (3, 1, 2)
    with pytest.raises(PairingError) as info:
        seed_manual([1, 2, 1])
    assert info.value.code == "duplicate_entrant"
    assert seed_random(range(10), random.Random(4)) == seed_random(range(10), random.Random(4))
    assert sorted(seed_random(range(10), random.Random(4))) == list(range(10))
    ratings = {1: 1500.0, 2: 1700.0, 3: 1600.0}
    assert seed_by_rating([1, 2, 3, 4], ratings) == (2, 3, 1, 4)
    shuffled = seed_by_rating([1, 2, 3, 4, 5], {1: 1500.0, 2: 1500.0}, random.Random(1))
    assert set(shuffled[:2]) == {1, 2} and set(shuffled[2:]) == {3, 4, 5}
