import random
from collections import Counter

import pytest

from tournaments.pairing import (
    FORMATS,
    DoubleEliminationOptions,
    LoserOf,
    MatchStatus,
    WinnerOf,
    double_elimination_plan,
    resolve,
)

from .helpers import play_out, played_matches


def test_structure_for_eight() -> None:
    plan = double_elimination_plan(list(range(1, 9)), grand_final_reset=True)
    stages = Counter(m.stage for m in plan.matches)
    assert stages == {"winners": 7, "losers": 6, "final": 2}
    assert plan.match("L1.1").sources == (LoserOf("W1.1"), LoserOf("W1.2"))
    # Round-two losers cross over to the other half of the losers' bracket.
    assert plan.match("L2.1").sources == (WinnerOf("L1.1"), LoserOf("W2.2"))
    assert plan.match("L4.1").sources == (WinnerOf("L3.1"), LoserOf("W3.1"))
    assert plan.match("F1").sources == (WinnerOf("W3.1"), WinnerOf("L4.1"))
    assert plan.match("F2").reset_of == "F1"


@pytest.mark.parametrize("reset", [False, True])
@pytest.mark.parametrize("entrants", range(2, 131))
def test_everyone_but_the_champion_goes_out_after_two_losses(entrants: int, reset: bool) -> None:
    rng = random.Random(entrants * 3 + reset)
    fmt = FORMATS["double_elimination"](DoubleEliminationOptions(grand_final_reset=reset))
    plan = fmt.plan(list(range(1, entrants + 1)))  # type: ignore[attr-defined]
    state, _ = play_out(plan, rng)
    assert state.finished
    played = played_matches(plan, state)
    losses: Counter[int] = Counter()
    last_match: dict[int, int] = {}
    for n, (_, a, b, winner) in enumerate(played):
        losses[b if winner == a else a] += 1
        last_match[a] = last_match[b] = n
    champion = state.champion()
    assert champion is not None
    assert losses[champion] <= 1
    final = state.matches["F1"]
    runner_up_with_one_loss = not reset and final.winner == final.b
    for player in range(1, entrants + 1):
        if player == champion:
            continue
        if runner_up_with_one_loss and player == final.loser:
            assert losses[player] == 1
        else:
            assert losses[player] == 2, (player, losses[player])
        # A player's second loss is their last match.
        _, a, b, winner = played[last_match[player]]
        assert winner != player
    places = sorted((p.first, p.last) for p in state.placings)
    assert len(places) == entrants
    assert places[0] == (1, 1)
    if entrants >= 2:
        assert places[1] == (2, 2)
    if entrants >= 4:
        assert places[2] == (3, 3) and places[3] == (4, 4)


def test_grand_final_reset() -> None:
    plan = double_elimination_plan([1, 2], grand_final_reset=True)
    state = resolve(plan, {"W1.1": 1, "F1": 1})
    assert state.matches["F2"].status is MatchStatus.VOID
    assert state.champion() == 1
    state = resolve(plan, {"W1.1": 1, "F1": 2})
    assert state.matches["F2"].status is MatchStatus.READY
    assert state.champion() is None
    state = resolve(plan, {"W1.1": 1, "F1": 2, "F2": 2})
    assert state.champion() == 2
    assert [(p.entrant, p.first) for p in state.placings] == [(2, 1), (1, 2)]


@pytest.mark.parametrize("entrants", [8, 16, 32, 64, 128])
def test_first_drop_in_never_rematches(entrants: int) -> None:
    plan = double_elimination_plan(list(range(1, entrants + 1)))
    for seed in range(5):
        state, _ = play_out(plan, random.Random(seed))
        for slot in plan.matches:
            if slot.stage != "losers" or slot.round_number != 2:
                continue
            m = state.matches[slot.key]
            dropped = m.b
            winners_games = [
                (a, b)
                for key, a, b, _ in played_matches(plan, state)
                if plan.match(key).stage == "winners"
            ]
            met = {b if a == dropped else a for a, b in winners_games if dropped in (a, b)}
            assert m.a not in met
