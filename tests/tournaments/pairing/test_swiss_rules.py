"""Forbidden and pinned pairs in the Swiss, and the notes that explain every pairing."""

import pytest

from tournaments.pairing import SwissPlayer, pair_swiss
from tournaments.pairing.seeding import bracket_size, honour_first_round, standard_order


def _pairs(pairings: tuple) -> list[tuple[int, int | None]]:  # type: ignore[type-arg]
    return [(p.a, p.b) for p in pairings]


def _notes(pairings: tuple, a: int) -> tuple[str, ...]:  # type: ignore[type-arg]
    return next(p.notes for p in pairings if p.a == a)


@pytest.mark.parametrize("exact_limit", [0, 200])
def test_a_forbidden_pair_is_not_paired_when_another_pairing_exists(exact_limit: int) -> None:
    players = [SwissPlayer(i, 0) for i in range(1, 9)]
    pairings = pair_swiss(players, forbidden={frozenset((1, 5))}, exact_limit=exact_limit)
    assert (1, 5) not in _pairs(pairings)
    assert sorted(p for pairing in pairings for p in pairing.players()) == list(range(1, 9))
    assert "forbidden_honoured" in _notes(pairings, 1)


def test_a_forbidden_pair_is_paired_when_nothing_else_is_possible() -> None:
    players = [
        SwissPlayer(1, 1, opponents=frozenset({3, 4})),
        SwissPlayer(2, 1, opponents=frozenset({3, 4})),
        SwissPlayer(3, 0, opponents=frozenset({1, 2})),
        SwissPlayer(4, 0, opponents=frozenset({1, 2})),
    ]
    pairings = pair_swiss(players, forbidden={frozenset((1, 2))})
    assert _pairs(pairings) == [(1, 2), (3, 4)]
    assert "forbidden_broken" in _notes(pairings, 1)
    assert "forbidden_broken" not in _notes(pairings, 3)


@pytest.mark.parametrize("exact_limit", [0, 200])
def test_a_pinned_pair_plays_and_the_rest_is_paired_around_it(exact_limit: int) -> None:
    players = [SwissPlayer(i, 0) for i in range(1, 8)]
    pairings = pair_swiss(players, pinned={frozenset((1, 2))}, exact_limit=exact_limit)
    assert (1, 2) in _pairs(pairings)
    assert _notes(pairings, 1) == ("pinned",)
    assert _pairs(pairings)[-1] == (7, None)  # the bye still goes to the lowest
    assert sorted(p for pairing in pairings for p in pairing.players()) == list(range(1, 8))


def test_a_pinned_pair_with_a_withdrawn_player_is_ignored() -> None:
    players = [SwissPlayer(1, 0), SwissPlayer(2, 0, active=False), SwissPlayer(3, 0)]
    players.append(SwissPlayer(4, 0))
    assert _pairs(pair_swiss(players, pinned={frozenset((1, 2))})) == [(1, 3), (4, None)]


def test_notes_say_score_group_float_rematch_and_club() -> None:
    players = [
        SwissPlayer(1, 2, opponents=frozenset({2})),
        SwissPlayer(2, 2, opponents=frozenset({1})),
        SwissPlayer(3, 2),
        SwissPlayer(4, 1, club=7),
        SwissPlayer(5, 0, club=7),
        SwissPlayer(6, 0, club=8),
    ]
    pairings = pair_swiss(players, avoid_same_club=True)
    assert _pairs(pairings) == [(1, 3), (2, 4), (5, 6)]
    assert _notes(pairings, 1) == ("score_group", "rematch_avoided")
    assert _notes(pairings, 2) == ("floated", "rematch_avoided")
    assert _notes(pairings, 5) == ("score_group",)
    byes = [SwissPlayer(i, 0) for i in range(1, 4)]
    assert pair_swiss(byes)[-1].notes == ("bye",)


def test_notes_say_club_mates_were_avoided() -> None:
    players = [SwissPlayer(1, 0, club=1), SwissPlayer(2, 0, club=2)]
    players += [SwissPlayer(3, 0, club=1), SwissPlayer(4, 0, club=3)]
    pairings = pair_swiss(players, avoid_same_club=True)
    assert (1, 3) not in _pairs(pairings)
    assert "club_avoided" in _notes(pairings, 1)


def _standard_pairs(order):  # type: ignore[no-untyped-def]
    seeds = standard_order(bracket_size(len(order)))
    pairs = []
    for i in range(0, len(seeds), 2):
        a, b = seeds[i], seeds[i + 1]
        if a <= len(order) and b <= len(order):
            pairs.append(frozenset((order[a - 1], order[b - 1])))
    return pairs


def test_the_bracket_seeds_move_to_keep_a_forbidden_pair_apart() -> None:
    order = honour_first_round([1, 2, 3, 4], _standard_pairs, forbidden={frozenset((1, 4))})
    assert frozenset((1, 4)) not in _standard_pairs(order)
    assert order[0] == 1  # the top seed stays; the lower one moves


def test_the_bracket_seeds_move_to_pair_a_pinned_pair() -> None:
    order = honour_first_round(list(range(1, 9)), _standard_pairs, pinned={frozenset((1, 2))})
    assert frozenset((1, 2)) in _standard_pairs(order)


def test_a_forbidden_pair_of_two_stays_when_nothing_else_is_possible() -> None:
    assert honour_first_round([1, 2], _standard_pairs, forbidden={frozenset((1, 2))}) == (1, 2)
