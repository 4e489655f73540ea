import random
from collections import defaultdict

import pytest

from tournaments.pairing import (
    FORMATS,
    LoserOf,
    MainConsolationOptions,
    main_consolation_plan,
    resolve,
)
from tournaments.pairing.bracket import BracketPlan
from tournaments.pairing.resolve import BracketState

from .helpers import play_out, played_matches


def _history(plan: BracketPlan, state: BracketState) -> dict[int, list[tuple[str, int, bool]]]:
    """Per player: (stage, opponent, won) in plan order."""
    history: dict[int, list[tuple[str, int, bool]]] = defaultdict(list)
    for key, a, b, winner in played_matches(plan, state):
        stage = plan.match(key).stage
        history[a].append((stage, b, winner == a))
        history[b].append((stage, a, winner == b))
    return history


def test_first_round_feeds_the_consolation() -> None:
    plan = main_consolation_plan(list(range(1, 9)))
    assert plan.match("C1.1").sources == (
        LoserOf("M1.1", ("M2.1", 1)),
        LoserOf("M1.2", ("M2.1", 2)),
    )
    assert [r.key for r in plan.loser_routes("M1.1")] == ["C1.1"]
    conditional = plan.loser_routes("M2.1")
    assert {(r.key, r.slot, r.conditional) for r in conditional} == {
        ("C1.1", 1, True),
        ("C1.1", 2, True),
    }


def test_bye_holder_who_loses_first_match_drops_in() -> None:
    # 6 players in an 8 bracket: seeds 1 and 2 have byes.
    plan = main_consolation_plan([1, 2, 3, 4, 5, 6])
    results = {"M1.2": 4, "M1.3": 3, "M2.1": 4, "M2.2": 3}  # seed 1 loses its first match

    state = resolve(plan, results)
    c11 = state.matches["C1.1"]
    assert (c11.a, c11.b) == (1, 5)
    state = resolve(plan, {**results, "M2.1": 1})
    c11 = state.matches["C1.1"]
    assert c11.status.value == "walkover" and c11.winner == 5


@pytest.mark.parametrize("last_chance", [False, True])
@pytest.mark.parametrize("entrants", [*range(2, 40), 63, 64, 65, 96, 127, 128, 130])
def test_consolation_takes_exactly_the_first_match_losers(entrants: int, last_chance: bool) -> None:
    rng = random.Random(entrants * 2 + last_chance)
    fmt = FORMATS["main_consolation"](MainConsolationOptions(last_chance=last_chance))
    plan = fmt.plan(list(range(1, entrants + 1)))  # type: ignore[attr-defined]
    state, _ = play_out(plan, rng)
    assert state.finished
    history = _history(plan, state)
    first_loss_in_main = {
        p for p, games in history.items() if games and games[0][0] == "main" and not games[0][2]
    }
    in_consolation = {
        p for p, games in history.items() if any(g[0] == "consolation" for g in games)
    }
    seen_consolation = {
        p
        for m in state.matches.values()
        if plan.match(m.key).stage == "consolation"
        for p in (m.a, m.b)
        if p is not None
    }
    if entrants > 2:
        assert seen_consolation == first_loss_in_main
        assert in_consolation <= first_loss_in_main
    # Nobody ever meets the same opponent twice in a non-progressive structure.
    for games in history.values():
        opponents = [g[1] for g in games]
        assert len(opponents) == len(set(opponents))
    if last_chance:
        last_chance_players = {
            p for p, games in history.items() if any(g[0] == "last_chance" for g in games)
        }
        for p in last_chance_players:
            consolation = [g for g in history[p] if g[0] == "consolation"]
            assert consolation and not consolation[0][2]  # lost the first consolation match
    champions = {flight: state.champion(flight) for flight in plan.flights()}
    assert champions["main"] is not None
    for flight in plan.flights():
        flight_bands = [p for p in state.placings if p.flight == flight]
        firsts = sorted(p.first for p in flight_bands)
        assert firsts[0] == 1


@pytest.mark.parametrize("entrants", [16, 20, 31, 32, 45, 64, 100, 128])
def test_progressive_drop_ins_avoid_immediate_rematches(entrants: int) -> None:
    options = MainConsolationOptions(progressive_consolation=True, last_chance=True)
    plan = FORMATS["main_consolation"](options).plan(list(range(1, entrants + 1)))  # type: ignore[attr-defined]
    rounds = plan.size.bit_length() - 1
    drop_rounds = [m for m in plan.matches if m.stage == "consolation" and m.round_number == 2]
    assert all(isinstance(m.sources[1], LoserOf) for m in drop_rounds)
    assert {m.sources[1].key for m in drop_rounds} == {  # type: ignore[union-attr]
        m.key for m in plan.matches if m.stage == "main" and m.round_number == 2
    }
    for seed in range(6):
        state, _ = play_out(plan, random.Random(seed))
        history = _history(plan, state)
        for player, games in history.items():
            main = [g for g in games if g[0] == "main"]
            consolation = [g for g in games if g[0] == "consolation"]
            if len(main) >= 2 and not main[-1][2] and consolation:
                # A main round-2 (or later) loser who dropped in: the first consolation
                # opponent is not somebody already met in the main.
                assert consolation[0][1] not in {g[1] for g in main}, (player, games)
    assert rounds >= 4


def test_progressive_until_round() -> None:
    plan = main_consolation_plan(
        list(range(1, 33)), progressive_consolation=True, progressive_until_round=4
    )
    dropped_from = {
        s.key.split(".")[0]
        for m in plan.matches
        if m.stage == "consolation"
        for s in m.sources
        if isinstance(s, LoserOf)
    }
    assert dropped_from == {"M1", "M2", "M3", "M4"}
