import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    FORMATS,
    DoubleEliminationOptions,
    MainConsolationOptions,
    MatchStatus,
    resolve,
)

OPTIONS = {
    "single_elimination": None,
    "main_consolation": MainConsolationOptions(last_chance=True),
    "main_consolation_progressive": MainConsolationOptions(
        last_chance=True, progressive_consolation=True
    ),
    "double_elimination": DoubleEliminationOptions(grand_final_reset=True),
}


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(sorted(OPTIONS)),
    entrants=st.integers(2, 130),
    rate=st.sampled_from([0.0, 0.02, 0.1]),
    seed=st.integers(0, 10**6),
)
def test_brackets_finish_around_withdrawals(
    variant: str, entrants: int, rate: float, seed: int
) -> None:
    rng = random.Random(seed)
    key = variant.removesuffix("_progressive")
    plan = FORMATS[key](OPTIONS[variant]).plan(list(range(1, entrants + 1)))  # type: ignore[attr-defined]
    withdrawn: list[int] = []
    results: dict[str, int] = {}
    while True:
        state = resolve(plan, results, withdrawn)
        ready = state.ready()
        if not ready:
            break
        for match in ready:
            assert match.a not in withdrawn and match.b not in withdrawn
            assert match.a is not None and match.b is not None
            results[match.key] = rng.choice((match.a, match.b))
        for player in range(1, entrants + 1):
            if player not in withdrawn and rng.random() < rate:
                withdrawn.append(player)
    assert state.finished
    for m in state.matches.values():
        if m.status is MatchStatus.WALKOVER and m.loser is not None:
            assert m.loser in withdrawn
    assert state.champion() is not None
    # Nobody is placed twice in one flight, everyone is placed in the main flight, and the
    # bands of each flight are contiguous from 1 with one player per place.
    seen = [(p.flight, p.entrant) for p in state.placings]
    assert len(seen) == len(set(seen))
    assert {p.entrant for p in state.placings if p.flight == "main"} == set(range(1, entrants + 1))
    for flight in plan.flights():
        placed = [p for p in state.placings if p.flight == flight]
        bands = sorted({(p.first, p.last) for p in placed})
        expected_first = 1
        for first, last in bands:
            assert first == expected_first
            expected_first = last + 1
        assert expected_first - 1 == len(placed)


@pytest.mark.parametrize("key", ["single_elimination", "main_consolation", "double_elimination"])
@pytest.mark.parametrize("entrants", range(2, 131))
def test_every_size_has_a_consistent_plan(key: str, entrants: int) -> None:
    plan = FORMATS[key]().plan(list(range(1, entrants + 1)))  # type: ignore[attr-defined]
    keys = [m.key for m in plan.matches]
    assert len(keys) == len(set(keys))
    position = {k: i for i, k in enumerate(keys)}
    for m in plan.matches:
        for source in m.sources:
            ref = getattr(source, "key", None)
            if ref is not None:
                assert position[ref] < position[m.key]
    state = resolve(plan, {})
    first_round = [
        m for m in plan.matches if m.round_number == 1 and m.stage in ("main", "winners")
    ]
    assert len(first_round) == plan.size // 2
    walkovers = sum(state.matches[m.key].status is MatchStatus.WALKOVER for m in first_round)
    assert walkovers == plan.size - entrants
