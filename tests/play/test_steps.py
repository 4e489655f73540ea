"""A turn made one checker at a time must always be a legal play of the engine."""

from __future__ import annotations

import itertools
import random

import pytest

from backgammon import Game, MatchRules, Position
from play.steps import Turn, as_steps


def test_steps_in_any_order_make_the_same_play():
    turn = Turn(Position.initial(), (3, 1))
    assert turn.complete_play([(6, 5), (8, 5)]) == turn.complete_play([(8, 5), (6, 5)])
    assert str(turn.complete_play([(6, 5), (8, 5)])) == "8/5 6/5"
    assert turn.complete_play([(8, 5)]) is None  # one die still to play
    assert not turn.allows([(8, 5), (8, 5)])  # the 3 twice
    assert not turn.allows([(6, 2)])  # no 4 rolled


def test_a_checker_on_the_bar_enters_first():
    position = Position.from_points(
        mover={25: 1, 6: 5, 8: 2, 13: 5, 24: 2}, opponent={6: 5, 8: 3, 13: 5, 24: 2}
    )
    turn = Turn(position, (5, 3))
    assert turn.targets([]) == {25: [22, 20]}
    assert not turn.allows([(13, 8)])
    assert set(turn.targets([(25, 22)])) == {13, 8}  # 6/1 and 24/19 are blocked


def test_bearing_off_with_a_higher_die_only_from_the_highest_point():
    position = Position.from_points(mover={5: 1, 3: 1}, opponent={1: 15})
    turn = Turn(position, (6, 4))
    assert turn.targets([]) == {5: [1, 0]}
    assert turn.targets([(5, 0)]) == {3: [0]}
    assert turn.complete_play([(5, 0), (3, 0)]).result.winner_kind() is not None


def test_doubles_are_four_steps():
    turn = Turn(Position.initial(), (6, 6))
    steps = [(24, 18), (24, 18), (13, 7), (13, 7)]
    for n in range(4):
        assert turn.allows(steps[:n]) and turn.complete_play(steps[:n]) is None
    assert str(turn.complete_play(steps)) == "24/18(2) 13/7(2)"
    assert not turn.allows([*steps, (8, 2)])


@pytest.mark.parametrize(
    "value",
    [None, "13/10", [[13]], [[13, 10, 7]], [["13", "10"]], [[26, 1]], [[True, 1]], [[1, 0]] * 5],
)
def test_unreadable_steps(value):
    with pytest.raises(ValueError):
        as_steps(value)


def random_turns(seed: int, games: int):
    """(game, its dice source) whenever a roll of random games is to be played; a random
    legal play is made after each (the caller may draw from the source first)."""
    rng = random.Random(seed)
    for _ in range(games):
        game = Game(MatchRules(), rng=rng)
        game.roll()
        while not game.is_over:
            if game.phase == "roll":
                game.roll()
                continue
            yield game, rng
            game.play(rng.choice(game.legal_plays()))


def test_random_games_agree_with_the_engine():
    """Every legal play is allowed step by step in its own order (and in every order that can
    be made), and following the targets always ends in a legal play."""
    for game, rng in random_turns(7, 5):
        plays = game.legal_plays()
        turn = Turn(game.position, game.dice, plays=plays)
        for play in plays:
            steps = list(play.steps)
            assert all(turn.allows(steps[:n]) for n in range(len(steps) + 1))
            for order in set(itertools.permutations(steps)):
                if turn.allows(order):
                    assert turn.complete_play(order) == play
        steps = []
        while targets := turn.targets(steps):
            start = rng.choice(list(targets))
            steps.append((start, rng.choice(targets[start])))
        assert turn.complete_play(steps) in plays


def test_paths_are_one_checker_moved_the_whole_roll():
    turn = Turn(Position.initial(), (5, 4))
    # 24/19 would land on the opponent's 6-point: the 4 first.
    assert turn.paths([]) == {13: {4: [(13, 8), (8, 4)]}, 24: {15: [(24, 20), (20, 15)]}}
    assert turn.allows([(13, 8), (8, 4)])


def test_paths_of_a_double_go_two_to_four_steps_never_through_a_blocked_point():
    turn = Turn(Position.initial(), (2, 2))
    assert turn.paths([])[13] == {
        9: [(13, 11), (11, 9)],
        7: [(13, 11), (11, 9), (9, 7)],
        5: [(13, 11), (11, 9), (9, 7), (7, 5)],
    }
    six = Turn(Position.initial(), (6, 6))
    assert six.paths([]) == {}  # 13/7/1 and 24/18/12 land on blocked points
    assert not six.allows([(13, 7), (7, 1)])


def test_a_path_prefers_the_way_without_a_hit():
    position = Position.from_points(mover={13: 15}, opponent={16: 1})  # a blot on our 9
    turn = Turn(position, (5, 4))
    assert turn.paths([])[13][4] == [(13, 8), (8, 4)]


def test_the_open_field_gives_what_the_search_gives():
    """With no checker on the bar and no bear-off possible, a roll's targets and paths are
    worked out from the counts: on every position of fifty random games, and another roll on
    each, they are what the search over single steps finds."""
    open_field = 0
    for game, rng in random_turns(11, 50):
        position = game.position
        for dice in (game.dice, (rng.randint(1, 6), rng.randint(1, 6))):
            turn = Turn(position, dice)
            searched = Turn(position, dice)
            searched._open = False
            assert turn.targets([]) == searched.targets([]), (position.position_id(), dice)
            assert turn.paths([]) == searched.paths([]), (position.position_id(), dice)
            open_field += turn._open
    assert open_field > 2000  # most positions, doubles and non-doubles
