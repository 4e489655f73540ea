import random

import pytest

from standings.metrics import DEFAULT_METRICS, METRICS
from standings.rank import rank
from standings.totals import MatchResult


def result(
    a: int, b: int, winner: int, a_points: int = 0, b_points: int = 0, **kw: int
) -> MatchResult:
    return MatchResult(a, b, winner, a_points, b_points, **kw)  # type: ignore[arg-type]


def test_metric_classes_declare_themselves() -> None:
    assert set(METRICS) == {
        "match_points",
        "match_wins",
        "points_difference",
        "buchholz",
        "median_buchholz",
        "opponents_match_wins",
        "head_to_head",
        "lot",
    }
    for key, cls in METRICS.items():
        assert cls.key == key and cls.label and cls.abbreviation
        assert cls.higher_is_better


def test_totals_and_byes() -> None:
    results = [
        MatchResult(1, 2, 1, 7, 3, 0, 0, 2, 0, round_number=1),
        MatchResult(3, None, 3, bye=True, round_number=1),
        MatchResult(1, 3, 3, 5, 7, round_number=2),
    ]
    rows = {r.player: r for r in rank([1, 2, 3], results, ["match_points"], bye_points=1)}
    assert rows[3].match_points == 2 and rows[3].byes == 1 and rows[3].played == 1
    assert rows[1].played == 2 and rows[1].won == 1 and rows[1].lost == 1
    assert rows[1].points_for == 12 and rows[1].points_against == 10 and rows[1].points_diff == 2
    assert rows[1].gammons_won == 2
    rows2 = {r.player: r for r in rank([1, 2, 3], results, ["match_points"], bye_points=0)}
    assert rows2[3].match_points == 1


def test_buchholz_family() -> None:
    # 1 beat 2, 3, 4; 2 beat 3, 4; 3 beat 4.
    results = [result(a, b, a) for a in range(1, 5) for b in range(a + 1, 5)]
    results.append(result(5, 1, 1))  # 5 played only the leader
    rows = {
        r.player: r
        for r in rank(range(1, 6), results, ["buchholz", "median_buchholz", "opponents_match_wins"])
    }
    assert rows[5].metrics == (4, 4, 4)
    # Player 4's opponents: 1 (4 pts), 2 (2), 3 (1): Buchholz 7, median drops 4 and 1.
    assert rows[4].metrics == (7, 2, 7)


def test_ordering_and_shared_ranks() -> None:
    results = [result(1, 2, 1, 5, 1), result(3, 4, 3, 5, 4)]
    rows = rank([1, 2, 3, 4], results, ["match_points"])
    assert [(r.rank, r.player) for r in rows] == [(1, 1), (1, 3), (3, 2), (3, 4)]
    rows = rank([1, 2, 3, 4], results, ["match_points", "points_difference"])
    assert [(r.rank, r.player) for r in rows] == [(1, 1), (2, 3), (3, 4), (4, 2)]


def test_head_to_head_only_inside_exact_ties() -> None:
    # Points: 1 and 2 have 2 each (2 beat 1), 3 has 1 (it beat 2), 4 and 5 have none.
    results = [
        result(2, 1, 2),
        result(1, 4, 1),
        result(3, 2, 3),
        result(1, 5, 1),
        result(2, 5, 2),
    ]
    rows = rank([1, 2, 3, 4, 5], results, ["match_points", "head_to_head"])
    assert [r.player for r in rows[:3]] == [2, 1, 3]
    by = {r.player: r for r in rows}
    assert by[2].metrics == (2, 1) and by[1].metrics == (2, 0)
    assert by[3].metrics == (1, 0)  # its win over 2 is not inside a tie
    assert by[4].rank == by[5].rank == 4  # tied, never met


def test_lot_is_deterministic() -> None:
    first = [r.player for r in rank(range(20), [], ["lot"], lot_seed=5)]
    assert first == [r.player for r in rank(range(20), [], ["lot"], lot_seed=5)]
    assert first != [r.player for r in rank(range(20), [], ["lot"], lot_seed=6)]
    assert len({r.rank for r in rank(range(20), [], ["lot"])}) == 20


def test_errors() -> None:
    with pytest.raises(KeyError):
        rank([1], [], ["nonsense"])
    with pytest.raises(ValueError):
        rank([1, 1], [], ["match_points"])


def test_a_big_swiss_is_ranked_in_order() -> None:
    """The speed of this is measured in benchmarks/standings.py, not here."""
    rng = random.Random(1)
    players = list(range(512))
    results = []
    for round_number in range(1, 10):
        rng.shuffle(players)
        for i in range(0, 512, 2):
            a, b = players[i], players[i + 1]
            results.append(
                MatchResult(
                    a,
                    b,
                    rng.choice((a, b)),
                    rng.randint(0, 7),
                    rng.randint(0, 7),
                    round_number=round_number,
                )
            )
    metrics = [*DEFAULT_METRICS[:-1], "opponents_match_wins", "head_to_head", "lot"]
    rows = rank(range(512), results, metrics)
    assert len(rows) == 512
    keys = [(r.match_points, *r.metrics) for r in rows]
    assert keys == sorted(keys, reverse=True)


def test_awarded_points_count_as_match_points_but_not_as_wins_or_byes() -> None:
    rows = rank(
        [1, 2],
        [MatchResult(a=1, b=2, winner=2), MatchResult(a=1, b=None, winner=1, award=2)],
        ["match_points", "match_wins"],
    )
    by_player = {row.player: row for row in rows}
    assert by_player[1].match_points == 2 and by_player[1].byes == 0 and by_player[1].won == 0
    assert [row.player for row in rows] == [1, 2]


@pytest.mark.parametrize("seed", range(6))
def test_plain_results_rank_as_the_same_results_given_in_full(seed: int) -> None:
    """Plain rows (a, b, winner, a_points, b_points) are the standings' fast path for matches
    scored by final score: the same table as those results given as full rows, with every
    metric (head-to-head too), players outside the list, unwon matches and other results."""
    rng = random.Random(seed)
    players = list(range(1, 21))
    everyone = [*players, 98, 99]  # 98 and 99 are not listed (a withdrawn entry's opponent)
    plain = []
    for _ in range(60):
        a, b = rng.sample(everyone, 2)
        winner = rng.choice([a, b, a, b, None])
        plain.append((a, b, winner, rng.randint(0, 7), rng.randint(0, 7)))
    others = [
        MatchResult(a=3, b=None, winner=3, bye=True),
        MatchResult(a=4, b=5, winner=5, a_points=2, b_points=5, a_games=1, b_games=3, b_gammons=1),
        MatchResult(a=6, b=None, winner=6, award=2),
    ]
    full = [MatchResult(a, b, winner, a_pts, b_pts) for a, b, winner, a_pts, b_pts in plain]
    for metrics in (DEFAULT_METRICS, tuple(METRICS)):
        expected = rank(players, [*full, *others], metrics, lot_seed=seed)
        assert rank(players, others, metrics, lot_seed=seed, plain=plain) == expected
