from collections import Counter

import pytest

from tournaments.pairing import FORMATS, PairingError, RoundRobinOptions, berger_round, round_count


def test_berger_table_for_six() -> None:
    rounds = [[(p.a, p.b) for p in berger_round([1, 2, 3, 4, 5, 6], r)] for r in range(1, 6)]
    assert rounds == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("entrants", [*range(2, 34), 63, 64, 65, 101, 128, 129, 130])
def test_everyone_meets_everyone(entrants: int, double: bool) -> None:
    fmt = FORMATS["round_robin"](RoundRobinOptions(double_round_robin=double))
    players = list(range(100, 100 + entrants))
    schedule = fmt.schedule(players)  # type: ignore[attr-defined]
    assert len(schedule) == fmt.total_rounds(entrants) == round_count(entrants, double)
    meetings: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for number, pairings in enumerate(schedule, start=1):
        assert pairings == fmt.pair_round(players, number)  # type: ignore[attr-defined]
        seen = [p for pairing in pairings for p in pairing.players()]
        assert sorted(seen) == players  # everyone exactly once per round
        assert [t.table for t in pairings] == list(range(1, len(pairings) + 1))
        round_byes = [t.a for t in pairings if t.is_bye]
        assert len(round_byes) == entrants % 2
        byes.update(round_byes)
        meetings.update(frozenset((t.a, t.b)) for t in pairings if t.b is not None)
    times = 2 if double else 1
    assert len(meetings) == entrants * (entrants - 1) // 2
    assert set(meetings.values()) == {times}
    if entrants % 2:
        assert byes == {p: times for p in players}
    if double:
        half = len(schedule) // 2
        for first, second in zip(schedule[:half], schedule[half:], strict=True):
            assert [(t.b, t.a) for t in first if t.b] == [(t.a, t.b) for t in second if t.b]


def test_round_out_of_range() -> None:
    with pytest.raises(PairingError) as info:
        berger_round([1, 2, 3], 4)
    assert info.value.code == "round_out_of_range"
    with pytest.raises(PairingError):
        berger_round([1], 1)
