"""A turn made one checker at a time must always be a legal play of the engine, and the turn
answers what a search over single steps answers."""

from __future__ import annotations

import doctest
import functools
import itertools
import random

from backgammon import Game, MatchRules, MoveRules, Position
from backgammon import turn as turn_module
from backgammon.turn import BAR, OFF, Turn


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


def test_a_bear_off_uses_the_lower_die_that_lets_the_turn_go_on():
    position = Position.from_points(mover={4: 1, 3: 1}, opponent={1: 15})
    turn = Turn(position, (6, 5))
    assert turn.targets([]) == {4: [0]}  # the 3 is not the highest point yet
    assert turn.board([(4, 0)]).dice == (6,)  # either die bears it off: the 5 counts as used
    assert turn.targets([(4, 0)]) == {3: [0]}
    assert not turn.allows([(3, 0)])


def test_a_checker_comes_home_before_another_is_borne_off():
    position = Position.from_points(mover={8: 1, 4: 1, 2: 1}, opponent={24: 15})
    turn = Turn(position, (4, 2))
    assert not turn.allows([(2, 0)])  # the checker on 8 is not home yet
    assert turn.allows([(8, 4), (2, 0)])
    assert turn.targets([(8, 4)])[2] == [0]


def test_one_checker_by_both_dice_either_way_round():
    turn = Turn(Position.initial(), (5, 4))
    play = turn.complete_play([(13, 8), (8, 4)])
    assert play is not None and turn.complete_play([(13, 9), (9, 4)]) == play
    assert turn.board([(13, 9)]).dice == (5,)


def test_an_empty_roll_allows_nothing():
    position = Position.from_points(mover={25: 2, 6: 13}, opponent={i: 2 for i in range(1, 7)})
    turn = Turn(position, (6, 5))
    assert turn.plays == [] and turn.length == 0
    assert not turn.allows([]) and turn.targets([]) == {} and turn.complete_play([]) is None


def test_docstring_examples():
    assert doctest.testmod(turn_module).failed == 0


# -- a search over single steps, for reference -------------------------------------------------
#
# The turn walks the legal plays and never searches for moves. This search does: it tries every
# single step the rules allow at each moment (a checker where it starts, the bar first, no
# closed point, bear-off only with all fifteen home, a higher die only from the highest point)
# and keeps the sequences that end on a legal play's position. The two must agree on every
# sequence of steps.


class Search:
    def __init__(self, position: Position, dice: tuple[int, int], plays) -> None:
        high, low = max(dice), min(dice)
        self.rolled = (high,) * 4 if high == low else (high, low)
        self.results = {self.board_of(play.result) for play in plays if play.steps}
        self.length = max((len(play.steps) for play in plays), default=0)
        self.start = self.board_of(position)
        # Each answer is asked for again and again (every prefix of every sequence, every walk
        # of the paths): kept for this search only.
        self.good = functools.cache(self.good)
        self.reached = functools.cache(self.reached)
        self.nodes = functools.cache(self.nodes)
        self.targets = functools.cache(self.targets)

    @staticmethod
    def board_of(position: Position):
        """(mover, opponent by the mover's numbering: 0 its bar, 25 its checkers off)."""
        return (position.mover, tuple(reversed(position.opponent)))

    @staticmethod
    def after(board, dice, step):
        """(board, dice left) for each die that can play ``step`` now, lowest die first."""
        mover, opponent = board
        start, end = step
        if not mover[start] or (start != BAR and mover[BAR]):
            return []
        if end == OFF:
            if any(mover[7:]):
                return []
            higher_free = not any(mover[start + 1 : 7])
            usable = sorted({d for d in dice if d == start or (d > start and higher_free)})
        else:
            if start - end not in dice or opponent[end] >= 2:
                return []
            usable = [start - end]
        mover, opponent = list(mover), list(opponent)
        mover[start] -= 1
        mover[end] += 1
        if end != OFF and opponent[end] == 1:
            opponent[end], opponent[0] = 0, opponent[0] + 1
        board = (tuple(mover), tuple(opponent))
        found = []
        for die in usable:
            left = list(dice)
            left.remove(die)
            found.append((board, tuple(left)))
        return found

    def steps_from(self, board):
        mover = board[0]
        starts = [BAR] if mover[BAR] else [p for p in range(24, 0, -1) if mover[p]]
        return {(p, max(p - d, OFF)) for p in starts for d in set(self.rolled)}

    def good(self, board, dice, made: int) -> bool:
        if made == self.length:
            return board in self.results
        return any(
            self.good(nxt, left, made + 1)
            for step in self.steps_from(board)
            for nxt, left in self.after(board, dice, step)
        )

    def nodes(self, steps):
        """(board, dice left) after the steps, by the lower die first, that lead to a play."""
        return [node for node in self.reached(steps) if self.good(*node, len(steps))]

    def reached(self, steps):
        if not steps:
            return [(self.start, self.rolled)]
        before = self.reached(steps[:-1])
        return list(dict.fromkeys(nxt for node in before for nxt in self.after(*node, steps[-1])))

    def targets(self, steps):
        found: dict[int, list[int]] = {}
        if len(steps) < self.length:
            for board, dice in self.nodes(steps):
                for step in self.steps_from(board):
                    if any(
                        self.good(*nxt, len(steps) + 1) for nxt in self.after(board, dice, step)
                    ):
                        found.setdefault(step[0], []).append(step[1])
        return {start: sorted(set(ends), reverse=True) for start, ends in sorted(found.items())}

    def paths(self, steps):
        """Per start and point: the fewest hits, then the fewest steps, then the lower points
        first (the higher die first)."""
        direct = self.targets(steps)
        found = {}
        for start in direct:
            best = {}
            walks = [[(start, end)] for end in direct[start]]
            while walks:
                walk = walks.pop()
                hits = sum(self.hit(steps, walk[:i], step) for i, step in enumerate(walk))
                rank = (hits, len(walk), [end for _, end in walk])
                at = walk[-1][1]
                if (
                    len(walk) > 1
                    and at not in direct[start]
                    and (at not in best or rank < best[at][0])
                ):
                    best[at] = (rank, walk)
                if at != OFF:
                    for end in self.targets((*steps, *walk)).get(at, []):
                        walks.append([*walk, (at, end)])
            if best:
                found[start] = {end: walk for end, (_, walk) in sorted(best.items(), reverse=True)}
        return found

    def hit(self, steps, walked, step) -> bool:
        board = self.nodes((*steps, *walked))[0][0]
        return step[1] != OFF and board[1][step[1]] == 1


def sequences(turn: Turn, plays):
    """Every order of every play's steps, each prefix, and a step that belongs to no play."""
    found = {()}
    for play in plays:
        for order in set(itertools.permutations(play.steps)):
            found.update(order[:n] for n in range(len(order) + 1))
    return sorted(found | {(*steps, (BAR, 20)) for steps in list(found)} | {((6, OFF),)})


def agree(position: Position, dice: tuple[int, int], rules: MoveRules) -> None:
    plays = position.legal_plays((max(dice), min(dice)), rules=rules)
    turn = Turn(position, dice, rules=rules, plays=plays)
    search = Search(position, dice, plays)
    where = (position.position_id(), dice, rules)
    for steps in sequences(turn, plays):
        nodes = search.nodes(steps) if len(steps) <= search.length else []
        assert turn.allows(steps) == bool(nodes), (*where, steps)
        if not nodes:
            continue
        board, left = nodes[0]
        assert (turn.board(steps).mover, turn.board(steps).opponent) == board, (*where, steps)
        assert turn.board(steps).dice == left, (*where, steps)
        complete = turn.complete_play(steps)
        assert (complete is not None) == (len(steps) == search.length), (*where, steps)
        assert complete is None or search.board_of(complete.result) == board, (*where, steps)
        assert turn.targets(steps) == search.targets(steps), (*where, steps)
        assert turn.paths(steps) == search.paths(steps), (*where, steps)


def test_the_turn_answers_as_a_search_over_single_steps():
    """On every position of random games (another roll on each too) and positions with
    checkers on the bar and in the bear-off, under the standard rules and the optional ones."""
    rules = [MoveRules(), MoveRules(last_checker_larger_die=True, no_hit_and_continue_home=True)]
    for game, rng in random_turns(11, 2):
        for dice in (game.dice, (rng.randint(1, 6), rng.randint(1, 6))):
            agree(game.position, dice, rng.choice(rules))
    rng = random.Random(5)
    for _ in range(40):
        bar = rng.randint(0, 2)
        home = {p: 0 for p in range(1, 7)}
        for _ in range(rng.randint(1, 12)):
            home[rng.randint(1, 6)] += 1
        outside = {rng.randint(7, 12): 1} if rng.random() < 0.5 else {}
        mover = {p: n for p, n in home.items() if n} | outside | ({BAR: bar} if bar else {})
        # On the points where the mover enters, and blots in its home board.
        opponent = {q: rng.choice((1, 2, 3)) for q in rng.sample(range(1, 7), 3)}
        opponent |= {25 - p: 1 for p in range(1, 7) if p not in mover and rng.random() < 0.3}
        position = Position.from_points(mover=mover, opponent=opponent)
        for dice in [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(3)]:
            agree(position, dice, rng.choice(rules))
