"""A turn played one checker at a time, as a person does it on the board.

The engine knows whole plays (:meth:`Position.legal_plays`). On the board a player moves a
checker by one die, then another, in any order, and may take steps back before confirming.
:class:`Turn` checks such a sequence of single-die steps against the legal plays: a sequence is
allowed when the steps can be made in this order (a checker stands where it starts, bar first,
no landing on two or more opposing checkers, bear-off only with all fifteen home, a higher die
only from the highest point) and can still be completed to a legal play. A turn ends only with
a whole legal play. Pure: no Django here.

Steps are ``(from, to)`` in the mover's numbering: 1..24 are points, 25 is the bar, 0 is off.

>>> from backgammon import Position
>>> turn = Turn(Position.initial(), (3, 1))
>>> turn.targets([])[8], turn.targets([])[6]
([7, 5], [5, 3])
>>> turn.complete_play([(6, 5), (8, 5)]).notation()
'8/5 6/5'
>>> turn.allows([(6, 5), (5, 4)])  # the 1 twice
False
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from backgammon import Play, Position
from backgammon.rules import STANDARD_RULES, MoveRules

__all__ = ["Board", "Step", "Turn", "as_steps"]

Step = tuple[int, int]

BAR = 25
OFF = 0


def as_steps(value: object) -> list[Step]:
    """Steps from untrusted JSON (``[[13, 10], [24, 23]]``); ``ValueError`` for anything else."""
    if not isinstance(value, list | tuple) or len(value) > 4:
        raise ValueError("steps are a list of at most four [from, to] pairs")
    steps = []
    for item in value:
        if not isinstance(item, list | tuple) or len(item) != 2:
            raise ValueError("a step is a [from, to] pair")
        steps.append(as_step(item[0], item[1]))
    return steps


def as_step(start: object, end: object) -> Step:
    for number in (start, end):
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= BAR:
            raise ValueError("a point is a whole number from 0 (off) to 25 (the bar)")
    return (start, end)  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Board:
    """The checkers during a turn: ``mover`` by its own numbering (0 off, 25 bar),
    ``opponent`` by the mover's numbering (0 = the opponent's bar, 25 = its borne-off
    checkers), and the dice still to play, highest first."""

    mover: tuple[int, ...]
    opponent: tuple[int, ...]
    dice: tuple[int, ...]

    @classmethod
    def start(cls, position: Position, dice: Sequence[int]) -> Board:
        high, low = max(dice), min(dice)
        rolled = (high,) * 4 if high == low else (high, low)
        return cls(*_sides(position), rolled)

    def pip_counts(self) -> tuple[int, int]:
        """Pips of the mover and of the opponent (the bar counts 25)."""
        return (
            sum(point * n for point, n in enumerate(self.mover)),
            sum((BAR - t) * n for t, n in enumerate(self.opponent)),
        )


# A board during a turn as one integer (a node): four bits per count, the mover's checkers in
# nibbles 0..25 by its own numbering, the opponent's in nibbles 32..57 by the mover's
# numbering, and the dice still to play (their index in the turn's list) above bit 240.
# Moving a checker is one addition, and a node is cheap to hash and compare.
_OPPONENT = 32
_DICE_SHIFT = 240
_KEY_MASK = (1 << _DICE_SHIFT) - 1
_STEP = tuple(tuple((1 << (4 * to)) - (1 << (4 * frm)) for to in range(26)) for frm in range(26))
_HIT = tuple((1 << (4 * _OPPONENT)) - (1 << (4 * (_OPPONENT + t))) for t in range(26))


def _encode(mover: Sequence[int], opponent: Sequence[int]) -> int:
    key = 0
    for i, n in enumerate(mover):
        key |= n << (4 * i)
    for i, n in enumerate(opponent):
        key |= n << (4 * (_OPPONENT + i))
    return key


class Turn:
    """The legal plays of one roll, and which single steps lead towards them."""

    def __init__(
        self,
        position: Position,
        dice: Sequence[int],
        *,
        rules: MoveRules = STANDARD_RULES,
        plays: Iterable[Play] | None = None,
    ) -> None:
        if plays is None:
            plays = position.legal_plays(tuple(dice), rules=rules)
        self.position = position
        self.start = Board.start(position, dice)
        self.plays = [play for play in plays if play.steps]
        self.length = len(self.plays[0].steps) if self.plays else 0
        self._open = _open_field(self.start, rules, self.length)
        self._dice, self._without, index = _dice_table(self.start.dice)
        root_key = _encode(*_sides(position))
        self._root = root_key | (index[self.start.dice] << _DICE_SHIFT)
        self._counts: dict[int, tuple[list[int], list[int]]] = {
            root_key: (list(self.start.mover), list(self.start.opponent))
        }
        self._made_by: dict[int, tuple[int, int, int]] = {}
        # The start leads to a play when there is one: each is a sequence of steps from it.
        self._good: dict[int, bool] = {self._root: bool(self.plays)}
        self._targets_known: dict[tuple[Step, ...], dict[int, list[int]]] = {}
        self._nodes_known: dict[tuple[Step, ...], list[int]] = {(): [self._root]}
        self._ends_known: dict[tuple[tuple[Step, ...], int], list[int]] = {}

    @functools.cached_property
    def _results(self) -> dict[int, Play]:
        """The legal plays by the key of their resulting board. A play is its resulting
        position: a step sequence that reaches one, by whatever path, makes that play. Its
        key: the steps added to the start's (a step hits when it is the first of the play to
        land on an opposing blot)."""
        root_key = self._root & _KEY_MASK
        opponent = self.start.opponent
        results: dict[int, Play] = {}
        for play in self.plays:
            key, hit = root_key, set()
            for start, end in play.steps:
                key += _STEP[start][end]
                if end != OFF and opponent[end] == 1 and end not in hit:
                    key += _HIT[end]
                    hit.add(end)
            results.setdefault(key, play)
        return results

    # -- nodes ------------------------------------------------------------------------------

    def _counts_of(self, key: int) -> tuple[list[int], list[int]]:
        """The checkers of a node's board (mover, opponent), worked out from the board it
        was reached from."""
        counts = self._counts.get(key)
        if counts is None:
            parent, start, end = self._made_by[key]
            mover, opponent = self._counts_of(parent)
            mover, opponent = mover[:], opponent[:]
            mover[start] -= 1
            mover[end] += 1
            if end != OFF and opponent[end] == 1:
                opponent[end] = 0
                opponent[0] += 1
            counts = self._counts[key] = (mover, opponent)
        return counts

    def _after(self, node: int, step: Step) -> list[int]:
        """The nodes after ``step``, one per die it can use, lowest die first (none when it
        is not possible: no checker there, one on the bar first, a blocked point, no such
        die, or a bear-off with a checker outside or a higher die while a higher point holds
        a checker)."""
        start, end = step
        key = node & _KEY_MASK
        mover, opponent = self._counts_of(key)
        if not (OFF <= end < start <= BAR) or not mover[start]:
            return []
        if start != BAR and mover[BAR]:
            return []  # checkers on the bar enter first
        code = node >> _DICE_SHIFT
        dice = self._dice[code]
        if end == OFF:
            if any(mover[7:]):
                return []  # bearing off needs every checker home
            higher_free = not any(mover[start + 1 : 7])
            usable = sorted({d for d in dice if d == start or (d > start and higher_free)})
            if not usable:
                return []
            child = key + _STEP[start][OFF]
        else:
            if start - end not in dice or opponent[end] >= 2:
                return []
            usable = [start - end]
            child = key + _STEP[start][end]
            if opponent[end] == 1:
                child += _HIT[end]
        if child not in self._counts:
            self._made_by.setdefault(child, (key, start, end))
        without = self._without
        return [child | (without[(code, die)] << _DICE_SHIFT) for die in usable]

    def _candidates(self, node: int) -> list[Step]:
        """Single steps worth trying from a node (:meth:`_after` decides)."""
        mover = self._counts_of(node & _KEY_MASK)[0]
        starts = (BAR,) if mover[BAR] else [p for p in range(24, 0, -1) if mover[p]]
        dice = set(self._dice[node >> _DICE_SHIFT])
        return list(
            dict.fromkeys((start, max(start - die, OFF)) for start in starts for die in dice)
        )

    def _made(self, node: int) -> int:
        return len(self.start.dice) - len(self._dice[node >> _DICE_SHIFT])

    def _leads_to_play(self, node: int) -> bool:
        """From the node the remaining steps of the turn can reach a legal play."""
        known = self._good.get(node)
        if known is None:
            if self._made(node) >= self.length:
                known = node & _KEY_MASK in self._results
            else:
                known = any(
                    self._leads_to_play(nxt)
                    for step in self._candidates(node)
                    for nxt in self._after(node, step)
                )
            self._good[node] = known
        return known

    def _nodes(self, steps: tuple[Step, ...]) -> list[int]:
        """Every node the steps can lead to in this order, each sequence worked out once per
        turn from the one a step shorter; not to be changed by the caller."""
        known = self._nodes_known.get(steps)
        if known is None:
            step = steps[-1]
            known = list(
                dict.fromkeys(
                    nxt for node in self._nodes(steps[:-1]) for nxt in self._after(node, step)
                )
            )
            if len(steps) <= self.length:  # longer ones are refused: not worth keeping
                self._nodes_known[steps] = known
        return known

    def _board(self, node: int) -> Board:
        mover, opponent = self._counts_of(node & _KEY_MASK)
        return Board(tuple(mover), tuple(opponent), self._dice[node >> _DICE_SHIFT])

    # -- what the board asks ----------------------------------------------------------------

    def boards(self, steps: Sequence[Step]) -> list[Board]:
        """Every board the steps can lead to in this order (empty when they cannot be made)."""
        return [self._board(node) for node in self._nodes(tuple(steps))]

    def board(self, steps: Sequence[Step]) -> Board:
        """The board after steps that :meth:`allows` (the first die choice when it matters)."""
        return self._board(self._node(tuple(steps)))

    def _node(self, steps: tuple[Step, ...]) -> int:
        for node in self._nodes(steps):
            if self._leads_to_play(node):
                return node
        raise ValueError(f"the steps {list(steps)} do not lead to a legal play")

    def allows(self, steps: Sequence[Step]) -> bool:
        """The steps can be made in this order and completed to a legal play."""
        if len(steps) > self.length:
            return False
        return any(self._leads_to_play(node) for node in self._nodes(tuple(steps)))

    def targets(self, steps: Sequence[Step]) -> dict[int, list[int]]:
        """After ``steps``: for each start point, the points the next step may go to."""
        return {start: list(ends) for start, ends in self._targets(tuple(steps)).items()}

    def _targets(self, steps: tuple[Step, ...]) -> dict[int, list[int]]:
        """:meth:`targets`, worked out once per turn and steps (:meth:`paths` asks for the
        same ones again and again); not to be changed by the caller."""
        known = self._targets_known.get(steps)
        if known is None:
            open_field = not steps and self._open
            known = self._open_targets() if open_field else self._find_targets(steps)
            self._targets_known[steps] = known
        return known

    def _find_targets(self, steps: tuple[Step, ...]) -> dict[int, list[int]]:
        found: dict[int, set[int]] = {}
        if len(steps) >= self.length:
            return {}
        for node in self._nodes(steps):
            if not self._leads_to_play(node):
                continue
            for step in self._candidates(node):
                if step[1] in found.get(step[0], ()):
                    continue
                if any(self._leads_to_play(nxt) for nxt in self._after(node, step)):
                    found.setdefault(step[0], set()).add(step[1])
        return {start: sorted(ends, reverse=True) for start, ends in sorted(found.items())}

    def paths(self, steps: Sequence[Step]) -> dict[int, dict[int, list[Step]]]:
        """After ``steps``: for each start point, the points one checker can reach in two or
        more steps in a row (the sum of the dice, or 2-4 steps of a double), each with its
        steps. A point one step reaches is left out; of two ways to the same point the one
        hitting fewer checkers on the way is kept (then the higher die first).

        >>> from backgammon import Position
        >>> Turn(Position.initial(), (3, 1)).paths([])[24]
        {20: [(24, 21), (21, 20)]}
        """
        if not steps and self._open:
            return self._open_paths()
        found: dict[int, dict[int, list[Step]]] = {}
        direct = self._targets(tuple(steps))
        for start in direct:
            best: dict[int, tuple[int, list[Step]]] = {}
            self._walk(tuple(steps), start, [], 0, best)
            reach = {
                end: path
                for end, (_hits, path) in best.items()
                if len(path) >= 2 and end not in direct[start]
            }
            if reach:
                found[start] = dict(sorted(reach.items(), reverse=True))
        return found

    # -- the open field ------------------------------------------------------------------------
    #
    # Most rolls are played with no checker on the bar and no bear-off possible during the
    # play (two checkers or more outside the home board for a non-double, four for a double;
    # the engine's own fast paths rest on the same fact). There, under the standard rules,
    # whether a step can be made depends only on the points the opponent holds (a hit removes
    # a blot, never a block), and every sequence of as many steps as the turn has is a legal
    # play. The start's targets and paths then follow from the counts directly, without the
    # search: the same answers (a test compares them on thousands of positions).

    def _open_targets(self) -> dict[int, list[int]]:
        mover, opponent = self.start.mover, self.start.opponent
        hi, lo = self.start.dice[0], self.start.dice[-1]
        found: dict[int, list[int]] = {}
        if hi == lo:
            for p in range(24, hi, -1):
                if mover[p] and opponent[p - hi] < 2 and self._double_goes_on([p, p - hi]):
                    found[p] = [p - hi]
            return dict(sorted(found.items()))
        for die, other in ((lo, hi), (hi, lo)):
            sources = {q for q in range(other + 1, 25) if mover[q] and opponent[q - other] < 2}
            for p in range(24, die, -1):
                end = p - die
                if not mover[p] or opponent[end] >= 2:
                    continue
                left = len(sources) - (p in sources and mover[p] == 1)
                if left or (end > other and opponent[end - other] < 2):
                    found.setdefault(p, []).append(end)
        return dict(sorted(found.items()))

    def _open_paths(self) -> dict[int, dict[int, list[Step]]]:
        opponent = self.start.opponent
        hi, lo = self.start.dice[0], self.start.dice[-1]
        found: dict[int, dict[int, list[Step]]] = {}
        for start, ends in self._targets(()).items():
            reach: dict[int, list[Step]] = {}
            if hi == lo:  # one way to each point: step on while the turn can go on
                walked = [start]
                while len(walked) <= self.length:
                    end = walked[-1] - hi
                    if end < 1 or opponent[end] >= 2 or not self._double_goes_on([*walked, end]):
                        break
                    walked.append(end)
                    if len(walked) > 2:
                        reach[end] = list(itertools.pairwise(walked))
            else:
                end = start - hi - lo
                best = None
                for die in (hi, lo):  # the higher die first, as the board prefers
                    mid = start - die
                    if mid in ends and end >= 1 and opponent[end] < 2:
                        hits = (opponent[mid] == 1) + (opponent[end] == 1)
                        if best is None or hits < best[0]:
                            best = (hits, [(start, mid), (mid, end)])
                if best is not None:
                    reach[end] = best[1]
            if reach:
                found[start] = dict(sorted(reach.items(), reverse=True))
        return found

    def _double_goes_on(self, walked: list[int]) -> bool:
        """With a double: after one checker stepped from ``walked[0]`` through the rest, the
        turn's remaining steps can still all be played (by any checkers)."""
        die = self.start.dice[0]
        counts = list(self.start.mover)
        counts[walked[0]] -= 1
        counts[walked[-1]] += 1
        needed = self.length - (len(walked) - 1)
        opponent = self.start.opponent
        played = 0
        for p in range(24, die, -1):  # as many steps off each point as can be, highest first
            if played == needed:
                break
            if counts[p] and opponent[p - die] < 2:
                steps = min(counts[p], needed - played)
                counts[p - die] += steps
                played += steps
        return played >= needed

    def _walk(
        self,
        made: tuple[Step, ...],
        at: int,
        path: list[Step],
        hits: int,
        best: dict[int, tuple[int, list[Step]]],
    ) -> None:
        if path:
            known = best.get(at)
            if known is None or (hits, len(path)) < (known[0], len(known[1])):
                best[at] = (hits, list(path))
        if at == OFF:
            return
        sequence = (*made, *path)
        ends = self._ends_from(sequence, at)
        if not ends:
            return
        opponent = self._counts_of(self._node(sequence) & _KEY_MASK)[1]
        for end in reversed(ends):  # the lowest point first: the higher die
            hit = 1 if end != OFF and opponent[end] == 1 else 0
            path.append((at, end))
            self._walk(made, end, path, hits + hit, best)
            path.pop()

    def _ends_from(self, steps: tuple[Step, ...], at: int) -> list[int]:
        """``targets(steps).get(at, [])``, looking at the steps from ``at`` only: a walk of
        one checker asks only where it can go next."""
        known = self._ends_known.get((steps, at))
        if known is not None:
            return known
        if steps in self._targets_known:
            known = self._targets_known[steps].get(at, [])
        elif len(steps) >= self.length:
            known = []
        else:
            found: set[int] = set()
            for node in self._nodes(steps):
                if not self._counts_of(node & _KEY_MASK)[0][at]:
                    continue
                if not self._leads_to_play(node):
                    continue
                for die in set(self._dice[node >> _DICE_SHIFT]):
                    step = (at, max(at - die, OFF))
                    if step[1] not in found and any(
                        self._leads_to_play(nxt) for nxt in self._after(node, step)
                    ):
                        found.add(step[1])
            known = sorted(found, reverse=True)
        self._ends_known[(steps, at)] = known
        return known

    def complete_play(self, steps: Sequence[Step]) -> Play | None:
        """The legal play the steps make when they are a whole turn, else ``None``."""
        if len(steps) != self.length:
            return None
        for node in self._nodes(tuple(steps)):
            play = self._results.get(node & _KEY_MASK)
            if play is not None:
                return play
        return None


def _open_field(start: Board, rules: MoveRules, length: int) -> bool:
    """The roll is played in the open field (see :meth:`Turn._open_targets`)."""
    if not rules.is_standard or start.mover[BAR] or not length:
        return False
    outside = sum(start.mover[7:])
    if len(start.dice) == 4:
        return outside >= 4
    return outside >= 2 and length == 2


@functools.cache
def _dice_table(
    rolled: tuple[int, ...],
) -> tuple[list[tuple[int, ...]], dict[tuple[int, int], int], dict[tuple[int, ...], int]]:
    """For a roll (``Board.dice``): the dice that can be left to play at a node, every
    sub-list of the roll, highest first (a node holds the index); for (index, die) the
    index without that die; and the index of each."""
    left = sorted(
        {
            tuple(d for d, keep in zip(rolled, mask, strict=True) if keep)
            for mask in itertools.product((True, False), repeat=len(rolled))
        },
        key=lambda dice: (-len(dice), [-d for d in dice]),
    )
    index = {dice: i for i, dice in enumerate(left)}
    without: dict[tuple[int, int], int] = {}
    for dice in left:
        for die in set(dice):
            rest = list(dice)
            rest.remove(die)
            without[(index[dice], die)] = index[tuple(rest)]
    return left, without, index


def _sides(position: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The mover's checkers and the opponent's in the mover's numbering (a board's key)."""
    return position.mover, position.opponent[::-1]  # the opponent's own: 0 off, 25 bar
