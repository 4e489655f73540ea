"""The fast ranking equals the first, obvious one on random Swisses: same order, same ranks,
same totals and tie-break values, whatever the metrics, byes, awards and absent players."""

from __future__ import annotations

import random

import pytest

from standings.metrics import METRICS
from standings.rank import rank
from standings.totals import MatchResult
from tests.standings import reference_ranking


def random_swiss(seed: int, players: int, rounds: int) -> tuple[list[int], list[MatchResult]]:
    rng = random.Random(seed)
    ids = rng.sample(range(1, 10 * players), players)
    results: list[MatchResult] = []
    for number in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        if len(order) % 2:
            bye = order.pop()
            results.append(MatchResult(bye, None, bye, bye=True, round_number=number))
        for a, b in zip(order[::2], order[1::2], strict=True):
            # Short matches and few players: many exact ties, so every tie-break matters.
            loser = rng.randrange(0, 3)
            a_wins = rng.random() < 0.5
            results.append(
                MatchResult(
                    a,
                    b,
                    a if a_wins else b,
                    3 if a_wins else loser,
                    loser if a_wins else 3,
                    rng.randrange(3),
                    rng.randrange(3),
                    rng.randrange(2),
                    rng.randrange(2),
                    bye=rng.random() < 0.02,
                    round_number=number,
                )
            )
    for late in rng.sample(ids, max(1, players // 10)):
        results.append(MatchResult(late, None, late, award=rng.randrange(1, 3)))
    return ids, results


@pytest.mark.parametrize("seed", range(12))
def test_fast_ranking_equals_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.choice([7, 16, 33, 128])
    ids, results = random_swiss(seed, players=players, rounds=rng.randrange(1, 8))
    metrics = rng.sample(sorted(METRICS), rng.randrange(0, len(METRICS) + 1))
    # Withdrawn players left out of the table: their opponents still count the games.
    listed = [p for p in ids if rng.random() < 0.9]
    rng.shuffle(listed)
    options = {
        "win_points": rng.choice([1, 2, 3]),
        "loss_points": rng.choice([0, 1]),
        "bye_points": rng.choice([0, 1, 2]),
        "lot_seed": seed,
    }
    expected = reference_ranking.rank(listed, results, metrics, **options)
    found = rank(listed, results, metrics, **options)
    assert [tuple(row) for row in found] == [tuple(row) for row in expected]
    # Plain tuples in the same field order (as the standings query gives them) rank alike.
    assert rank(listed, [tuple(r) for r in results], metrics, **options) == found


def test_the_default_order_on_a_big_swiss() -> None:
    ids, results = random_swiss(2048, players=512, rounds=9)
    assert rank(ids, results, lot_seed=7) == reference_ranking.rank(ids, results, lot_seed=7)
