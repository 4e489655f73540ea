"""The ways of a roll during a turn (private to the package), for :mod:`backgammon.turn`.

A *way* is a legal play with the dice still to play and the steps of the play still to make.
The ways after some steps are worked out from the ways one step before: a step can be made
when a way holds it, a die left can play it on the board as it stands, and the way's other
steps can all still be made after it. The legal plays are the one source of truth: nothing
here searches for moves.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from ._layout import BAR, HIT_DELTA, OFF, OPP_BASE, STEP_DELTA, decode
from .play import Play

__all__ = ["NOWHERE", "Node", "Step", "Way", "Ways", "rolled"]

Step = tuple[int, int]

#: A way: the dice still to play (highest first), the steps of the play still to make, the
#: play, and whether the play bears a checker off (only then can the order of its steps, or
#: the die a step uses, stand in the way: see :meth:`Ways.completes`).
Way = tuple[tuple[int, ...], tuple[Step, ...], Play, bool]

#: The mover's checkers outside its home board (the bar included), in a position's key.
_OUTSIDE: Final = sum(15 << (4 * point) for point in range(7, BAR + 1))
#: ``_ABOVE[p]``: the mover's checkers on the home points above ``p``.
_ABOVE: Final = tuple(sum(15 << (4 * q) for q in range(p + 1, 7)) for p in range(7))
_ON_BAR: Final = 15 << (4 * BAR)


def rolled(dice: Sequence[int]) -> tuple[int, ...]:
    """The dice to play, highest first: four of a double."""
    high, low = max(dice), min(dice)
    return (high,) * 4 if high == low else (high, low)


class Node:
    """The board's key after some steps, and the ways they leave, in the order of the dice
    used (the lower die first at each step); the ways by the steps they hold, when asked."""

    __slots__ = ("_by_step", "key", "ways")

    def __init__(self, key: int, ways: list[Way]) -> None:
        self.key = key
        self.ways = ways
        self._by_step: dict[Step, list[Way]] | None = None

    def by_step(self) -> dict[Step, list[Way]]:
        index = self._by_step
        if index is None:
            index = self._by_step = {}
            for way in self.ways:
                left = way[1]
                for step in set(left) if len(left) > 1 else left:
                    index.setdefault(step, []).append(way)
        return index


NOWHERE: Final = Node(0, [])
#: Up to this many ways, a node's ways are looked through rather than indexed by step.
_SCAN: Final = 8


class Ways:
    """The ways of one roll after the steps made so far, each worked out once."""

    def __init__(
        self, key: int, dice: tuple[int, ...], plays: list[Play], opponent: Sequence[int]
    ) -> None:
        self.length = len(plays[0].steps) if plays else 0
        self._complete: dict[tuple[int, tuple[int, ...], tuple[Step, ...]], bool] = {}
        # A play bears a checker off only when every checker outside comes home with a die
        # to spare: most rolls cannot.
        may_bear_off = sum(decode(key)[0][7:]) < len(dice)
        chains = len(dice) == 2
        ways: list[Way] = []
        for play in plays:
            steps = play.steps
            off = may_bear_off and any(end == OFF for _, end in steps)
            ways.append((dice, steps, play, off))
            if chains and len(steps) == 2 and steps[1][0] == steps[0][1]:
                other = _other_order(steps, dice, opponent)
                if other is not None and (not off or self.completes(key, dice, other)):
                    ways.append((dice, other, play, off))
        self.root = Node(key, ways)
        self._nodes: dict[tuple[Step, ...], Node] = {(): self.root}

    def node(self, steps: tuple[Step, ...]) -> Node:
        """What the steps leave (no way when they do not begin a legal play in this order),
        worked out once per turn from the steps one shorter; not to be changed by the caller."""
        known = self._nodes.get(steps)
        if known is None:
            known = self._after(self.node(steps[:-1]), steps[-1])
            if len(steps) <= self.length:  # longer ones are refused: not worth keeping
                self._nodes[steps] = known
        return known

    def _after(self, node: Node, step: Step) -> Node:
        if len(node.ways) > _SCAN:
            holding = node.by_step().get(step)
        else:
            holding = [way for way in node.ways if step in way[1]]
        key = node.key
        start, end = step
        if not holding or not _movable(key, start):
            return NOWHERE
        child = key + STEP_DELTA[start][end]
        if end and (key >> (4 * (OPP_BASE + end))) & 15 == 1:
            child += HIT_DELTA[end]
        ways: list[Way] = []
        seen: set[tuple[tuple[int, ...], tuple[Step, ...]]] = set()
        for dice, left, play, off in holding:
            rest = _without(left, step)
            if not off:  # its step uses its own die, and the rest can follow
                ways.append((_DICE_WITHOUT[dice, start - end], rest, play, off))
                continue
            for die in _usable(key, step, dice):
                after = _DICE_WITHOUT[dice, die]
                if (after, rest) not in seen and self.completes(child, after, rest):
                    seen.add((after, rest))
                    ways.append((after, rest, play, off))
        return Node(child, ways) if ways else NOWHERE

    def completes(self, key: int, dice: tuple[int, ...], steps: tuple[Step, ...]) -> bool:
        """The steps can all be made, in some order, on the board of ``key`` with ``dice``.

        Without a bear-off in its play a way always can go on, in the order of the start
        points, highest first: its steps complete a legal play, a checker only ever arrives
        on a point from a higher one, the bar comes first, no landing point is closed (a hit
        removes a blot, never makes a block) and each step has its own die. A bear-off
        depends on the order (every checker home, none above a higher die's point) and may
        use more than one die, so its play's steps are tried in every order."""
        if not steps:
            return True
        if all(end for _, end in steps):
            left = list(dice)
            for start, end in steps:
                if start - end not in left:
                    return False
                left.remove(start - end)
            return True
        known = self._complete.get((key, dice, steps))
        if known is None:
            known = self._complete[key, dice, steps] = any(self._tries(key, dice, steps))
        return known

    def _tries(self, key: int, dice: tuple[int, ...], steps: tuple[Step, ...]) -> Iterator[bool]:
        for step in dict.fromkeys(steps):
            start, end = step
            if not _movable(key, start):
                continue
            child = key + STEP_DELTA[start][end]
            if end and (key >> (4 * (OPP_BASE + end))) & 15 == 1:
                child += HIT_DELTA[end]
            rest = _without(steps, step)
            for die in _usable(key, step, dice):
                yield self.completes(child, _DICE_WITHOUT[dice, die], rest)

    def next_steps(self, node: Node, at: int | None = None) -> list[Step]:
        """The steps that can be made next (from ``at`` only, when given)."""
        key = node.key
        if len(node.ways) <= _SCAN:
            found: dict[Step, None] = {}
            for dice, left, _, off in node.ways:
                for step in left:
                    if step in found or (at is not None and step[0] != at):
                        continue
                    if _movable(key, step[0]) and (not off or self._begins(key, dice, left, step)):
                        found[step] = None
            return list(found)
        steps = []
        for step, holding in node.by_step().items():
            start = step[0]
            if (at is not None and start != at) or not _movable(key, start):
                continue
            for dice, left, _, off in holding:
                if not off or self._begins(key, dice, left, step):
                    steps.append(step)
                    break
        return steps

    def _begins(self, key: int, dice: tuple[int, ...], left: tuple[Step, ...], step: Step) -> bool:
        """``step`` can be made now with a die left, and the way's other steps after it."""
        usable = _usable(key, step, dice)
        if not usable:
            return False
        start, end = step
        child = key + STEP_DELTA[start][end]
        if end and (key >> (4 * (OPP_BASE + end))) & 15 == 1:
            child += HIT_DELTA[end]
        rest = _without(left, step)
        return any(self.completes(child, _DICE_WITHOUT[dice, die], rest) for die in usable)


def _movable(key: int, start: int) -> bool:
    """A checker stands on ``start``, and none waits on the bar unless it starts there."""
    return bool((key >> (4 * start)) & 15) and (start == BAR or not key & _ON_BAR)


def _usable(key: int, step: Step, dice: tuple[int, ...]) -> tuple[int, ...]:
    """The dice left that can play ``step`` (a checker being free to move from its start) on
    the board of ``key``, lowest first: a bear-off needs every checker home and uses the die
    of its point, or a higher one from the highest point. (Its landing point is open: the step
    belongs to a legal play, and no step of the turn closes a point.)"""
    start, end = step
    if end:
        die = start - end
        return (die,) if die in dice else ()
    if key & _OUTSIDE:
        return ()
    if key & _ABOVE[start]:
        return (start,) if start in dice else ()
    return tuple(sorted({die for die in dice if die >= start}))


def _without(steps: tuple[Step, ...], step: Step) -> tuple[Step, ...]:
    i = steps.index(step)
    return steps[:i] + steps[i + 1 :]


def _other_order(
    steps: tuple[Step, ...], dice: tuple[int, ...], opponent: Sequence[int]
) -> tuple[Step, ...] | None:
    """The same play made with the dice the other way round, when it is one checker moved by
    both dice of a non-double through an empty point (``24/20/15`` as ``24/19/15``): the only
    other steps that make the same play. (A double's steps are always the same ones; a
    checker that hits on the way, or would, makes another play.) ``steps`` are two, the
    second from where the first ends."""
    (start, mid), (_, end) = steps
    other = dice[0] if start - mid == dice[1] else dice[1]
    turn = start - other
    if turn < 1 or opponent[turn] or opponent[mid]:
        return None
    return ((start, turn), (turn, end))


def _dice_without() -> dict[tuple[tuple[int, ...], int], tuple[int, ...]]:
    """For every dice left during a turn (highest first) and one of them: the dice without it."""
    table: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
    for high in range(1, 7):
        for low in range(1, high + 1):
            dice = rolled((high, low))
            lefts = {dice[:n] for n in range(len(dice) + 1)} | {(low,)}
            for left in lefts:
                for die in set(left):
                    rest = list(left)
                    rest.remove(die)
                    table[left, die] = tuple(rest)
    return table


_DICE_WITHOUT: Final = _dice_without()
