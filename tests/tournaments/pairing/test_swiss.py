import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import FORMATS, PairingError, SwissOptions, SwissPlayer, pair_swiss
from tournaments.pairing.matching import min_cost_perfect_matching


def _pairs(pairings: tuple) -> list[tuple[int, int | None]]:  # type: ignore[type-arg]
    return [(p.a, p.b) for p in pairings]


def test_round_one_top_half_meets_bottom_half() -> None:
    players = [SwissPlayer(i, 0) for i in range(1, 9)]
    assert _pairs(pair_swiss(players)) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert _pairs(pair_swiss(players, exact_limit=0)) == [(1, 5), (2, 6), (3, 7), (4, 8)]


@pytest.mark.parametrize("exact_limit", [0, 200])
def test_bye_to_the_lowest_without_one(exact_limit: int) -> None:
    players = [SwissPlayer(i, 0) for i in range(1, 8)]
    assert _pairs(pair_swiss(players, exact_limit=exact_limit)) == [
        (1, 4),
        (2, 5),
        (3, 6),
        (7, None),
    ]
    players[-1] = SwissPlayer(7, 0, had_bye=True)
    assert _pairs(pair_swiss(players, exact_limit=exact_limit))[-1] == (6, None)


@pytest.mark.parametrize("exact_limit", [0, 200])
def test_odd_score_group_floats_its_lowest_player(exact_limit: int) -> None:
    players = [SwissPlayer(i, 1) for i in (1, 2, 3)] + [SwissPlayer(i, 0) for i in (4, 5, 6, 7, 8)]
    assert _pairs(pair_swiss(players, exact_limit=exact_limit)) == [
        (1, 2),
        (3, 4),
        (5, 7),
        (6, 8),
    ]


@pytest.mark.parametrize("exact_limit", [0, 200])
def test_no_rematch(exact_limit: int) -> None:
    players = [
        SwissPlayer(1, 1, frozenset({3})),
        SwissPlayer(2, 1, frozenset({4})),
        SwissPlayer(3, 0, frozenset({1})),
        SwissPlayer(4, 0, frozenset({2})),
    ]
    assert _pairs(pair_swiss(players, exact_limit=exact_limit)) == [(1, 2), (3, 4)]
    players = [SwissPlayer(1, 2, frozenset({2})), SwissPlayer(2, 2, frozenset({1}))] + [
        SwissPlayer(i, 1) for i in (3, 4)
    ]
    assert _pairs(pair_swiss(players, exact_limit=exact_limit)) == [(1, 3), (2, 4)]


@pytest.mark.parametrize("exact_limit", [0, 200])
def test_avoid_same_club_is_soft(exact_limit: int) -> None:
    players = [
        SwissPlayer(1, 0, club=7),
        SwissPlayer(2, 0),
        SwissPlayer(3, 0, club=7),
        SwissPlayer(4, 0),
    ]
    assert _pairs(pair_swiss(players, exact_limit=exact_limit)) == [(1, 3), (2, 4)]
    paired = pair_swiss(players, avoid_same_club=True, exact_limit=exact_limit)
    assert _pairs(paired) == [(1, 4), (2, 3)]
    same = [SwissPlayer(i, 0, club=1) for i in range(4)]
    assert len(pair_swiss(same, avoid_same_club=True, exact_limit=exact_limit)) == 2


def test_withdrawn_and_late_entries() -> None:
    players = [
        SwissPlayer(1, 2, frozenset({2, 3})),
        SwissPlayer(2, 1, frozenset({1, 4})),
        SwissPlayer(3, 1, frozenset({1, 4}), active=False),
        SwissPlayer(4, 0, frozenset({2, 3})),
        SwissPlayer(5, 0),  # late entry
    ]
    pairings = pair_swiss(players)
    assert sorted(p for t in pairings for p in t.players()) == [1, 2, 4, 5]


def test_impossible_pairings_raise_with_a_code() -> None:
    everyone = frozenset(range(4))
    players = [SwissPlayer(i, 0, everyone - {i}) for i in range(4)]
    with pytest.raises(PairingError) as info:
        pair_swiss(players)
    assert info.value.code == "no_valid_pairing"
    with pytest.raises(PairingError) as info:
        pair_swiss(players, exact_limit=0)
    assert info.value.code == "no_valid_pairing"
    with pytest.raises(PairingError) as info:
        pair_swiss([SwissPlayer(i, 0, had_bye=True) for i in range(3)])
    assert info.value.code == "no_bye_candidate"
    with pytest.raises(PairingError) as info:
        pair_swiss([SwissPlayer(1, 0), SwissPlayer(1, 0)])
    assert info.value.code == "duplicate_entrant"
    assert pair_swiss([]) == ()
    assert _pairs(pair_swiss([SwissPlayer(9, 0)])) == [(9, None)]


def test_swiss_format_checks_the_round() -> None:
    swiss = FORMATS["swiss"](SwissOptions(rounds=3))
    players = [SwissPlayer(i, 0) for i in range(4)]
    assert len(swiss.pair_round(players, 1)) == 2  # type: ignore[attr-defined]
    with pytest.raises(PairingError) as info:
        swiss.pair_round(players, 4)  # type: ignore[attr-defined]
    assert info.value.code == "round_out_of_range"


def _pairable(players: list[SwissPlayer]) -> bool:
    active = [p for p in players if p.active]
    n = len(active)
    edges = [
        (i, j, 0)
        for i in range(n)
        for j in range(i + 1, n)
        if active[j].id not in active[i].opponents
    ]
    if n % 2:
        edges += [(i, n, 0) for i in range(n) if not active[i].had_bye]
    return min_cost_perfect_matching(n + n % 2, edges) is not None


@settings(max_examples=40, deadline=None)
@given(
    size=st.integers(2, 70),
    rounds=st.integers(1, 9),
    exact_limit=st.sampled_from([0, 6, 200]),
    clubs=st.integers(0, 4),
    withdraw=st.sampled_from([0.0, 0.05]),
    late=st.integers(0, 3),
    seed=st.integers(0, 10**6),
)
def test_simulated_tournaments(
    size: int, rounds: int, exact_limit: int, clubs: int, withdraw: float, late: int, seed: int
) -> None:
    rng = random.Random(seed)
    score: dict[int, int] = {i: 0 for i in range(size)}
    opponents: dict[int, set[int]] = {i: set() for i in range(size)}
    byes: dict[int, int] = {i: 0 for i in range(size)}
    active = {i: True for i in range(size)}
    club = {i: rng.randrange(clubs) if clubs else None for i in range(size)}
    tiebreak = {i: rng.random() for i in range(size)}
    for round_number in range(1, rounds + 1):
        if round_number == 2:
            for extra in range(size, size + late):  # late entries with half a score
                score[extra], opponents[extra], byes[extra] = round_number // 2, set(), 0
                active[extra], club[extra], tiebreak[extra] = True, None, rng.random()
        for p in active:
            if rng.random() < withdraw:
                active[p] = False
        order = sorted(score, key=lambda p: (-score[p], tiebreak[p]))
        players = [
            SwissPlayer(p, score[p], frozenset(opponents[p]), byes[p] > 0, club[p], active[p])
            for p in order
        ]
        try:
            pairings = pair_swiss(players, avoid_same_club=clubs > 0, exact_limit=exact_limit)
        except PairingError as error:
            assert error.code in ("no_valid_pairing", "no_bye_candidate")
            assert not _pairable(players)
            return
        seen = [p for t in pairings for p in t.players()]
        assert sorted(seen) == sorted(p for p in active if active[p])  # everyone once
        assert sum(t.is_bye for t in pairings) == len(seen) % 2
        for t in pairings:
            if t.b is None:
                assert byes[t.a] == 0  # at most one bye each
                byes[t.a] += 1
                score[t.a] += 1
                continue
            assert t.b not in opponents[t.a]  # no rematch
            opponents[t.a].add(t.b)
            opponents[t.b].add(t.a)
            score[rng.choice((t.a, t.b))] += 1


def test_large_field_round_five_is_fast_and_valid() -> None:
    rng = random.Random(3)
    n = 1000
    score = dict.fromkeys(range(n), 0)
    opponents: dict[int, set[int]] = {i: set() for i in range(n)}
    for _ in range(5):
        order = sorted(score, key=lambda p: (-score[p], p))
        players = [SwissPlayer(p, score[p], frozenset(opponents[p])) for p in order]
        pairings = pair_swiss(players)
        assert len(pairings) == n // 2
        for t in pairings:
            assert t.b is not None and t.b not in opponents[t.a]
            opponents[t.a].add(t.b)
            opponents[t.b].add(t.a)
            score[rng.choice((t.a, t.b))] += 1
        # Score groups of a random Swiss are even or float one player each: few floaters.
        floats = sum(
            1 for t in pairings if score_before(players, t.a) != score_before(players, t.b)
        )
        assert floats <= len({p.score for p in players})


def score_before(players: list[SwissPlayer], pid: int | None) -> int:
    return next(p.score for p in players if p.id == pid)
