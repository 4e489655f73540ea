import random
from collections import Counter

import pytest

from tournaments.pairing import (
    FORMATS,
    Bye,
    MatchStatus,
    PairingError,
    Seed,
    WinnerOf,
    resolve,
    single_elimination_plan,
)

from .helpers import play_out, played_matches


def test_eight_players_in_standard_order() -> None:
    plan = single_elimination_plan([11, 12, 13, 14, 15, 16, 17, 18])
    first = [m for m in plan.matches if m.round_number == 1]
    assert [m.sources for m in first] == [
        (Seed(11), Seed(18)),
        (Seed(14), Seed(15)),
        (Seed(13), Seed(16)),
        (Seed(12), Seed(17)),
    ]
    assert plan.match("M2.1").sources == (WinnerOf("M1.1"), WinnerOf("M1.2"))
    assert plan.winner_route("M1.2") is not None
    assert plan.winner_route("M1.2").key == "M2.1"  # type: ignore[union-attr]
    assert plan.winner_route("M1.2").slot == 2  # type: ignore[union-attr]
    assert plan.winner_route("M3.1") is None
    assert plan.loser_routes("M1.1") == ()


def test_byes_are_walkovers_for_the_top_seeds() -> None:
    plan = single_elimination_plan([1, 2, 3, 4, 5])
    assert plan.match("M1.1").sources == (Seed(1), Bye())
    state = resolve(plan, {})
    assert state.matches["M1.1"].status is MatchStatus.WALKOVER
    assert state.matches["M1.1"].winner == 1
    # 4 v 5 plays; 3 and 2 both had byes and meet at once.
    assert {(m.key, m.a, m.b) for m in state.ready()} == {("M1.2", 4, 5), ("M2.2", 3, 2)}
    state = resolve(plan, {"M1.2": 5})
    assert {(m.a, m.b) for m in state.ready()} == {(1, 5), (3, 2)}


@pytest.mark.parametrize("entrants", range(2, 131))
def test_random_play_out(entrants: int) -> None:
    rng = random.Random(entrants)
    plan = FORMATS["single_elimination"]().plan(list(range(1, entrants + 1)))  # type: ignore[attr-defined]
    state, _ = play_out(plan, rng)
    played = played_matches(plan, state)
    assert len(played) == entrants - 1
    losses = Counter(a if w == b else b for _, a, b, w in played)
    assert all(count == 1 for count in losses.values())
    champion = state.champion()
    assert champion is not None and champion not in losses
    assert state.finished
    # Placings: 1, 2, 3-4, 5-8, ... with the lowest band cut to the field.
    bands = Counter((p.first, p.last) for p in state.placings)
    assert sum(bands.values()) == entrants
    for (first, last), count in bands.items():
        assert count == last - first + 1
    assert (1, 1) in bands and (2, 2) in bands


def test_placing_bands_for_a_full_bracket() -> None:
    plan = single_elimination_plan(list(range(1, 17)))
    state, _ = play_out(plan, random.Random(0), favour_top=True)
    place = {p.entrant: (p.first, p.last) for p in state.placings}
    assert place[1] == (1, 1)
    assert place[2] == (2, 2)
    assert place[3] == place[4] == (3, 4)
    assert place[5] == place[8] == (5, 8)
    assert place[16] == (9, 16)


def test_too_few_or_duplicate_entrants() -> None:
    with pytest.raises(PairingError) as info:
        single_elimination_plan([1])
    assert info.value.code == "too_few_entrants"
    with pytest.raises(PairingError) as info:
        single_elimination_plan([1, 2, 2])
    assert info.value.code == "duplicate_entrant"


def test_result_errors() -> None:
    plan = single_elimination_plan([1, 2, 3, 4])
    with pytest.raises(PairingError) as info:
        resolve(plan, {"M2.1": 1})
    assert info.value.code == "result_not_ready"
    with pytest.raises(PairingError) as info:
        resolve(plan, {"M1.1": 2})
    assert info.value.code == "not_a_participant"
    with pytest.raises(PairingError) as info:
        resolve(plan, {"X9": 2})
    assert info.value.code == "unknown_match"


def test_withdrawn_player_forfeits_the_next_match() -> None:
    plan = single_elimination_plan([1, 2, 3, 4])
    state = resolve(plan, {"M1.1": 1, "M1.2": 2}, withdrawn=[1])
    final = state.matches["M2.1"]
    assert final.status is MatchStatus.WALKOVER
    assert final.winner == 2 and final.loser == 1
    assert state.champion() == 2
    assert {(p.entrant, p.first) for p in state.placings} >= {(2, 1), (1, 2)}
