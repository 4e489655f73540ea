"""A turn played one checker at a time, as a person does it on the board.

The engine knows whole plays (:meth:`Position.legal_plays`). On the board a player moves a
checker by one die, then another, in any order, and may take steps back before confirming.
:class:`Turn` walks the legal plays of the roll (:mod:`backgammon._ways`): a sequence of
single-die steps is allowed when it begins some legal play, made in an order in which a person
can make it (a checker stands where it starts, the bar first, bear-off only with all fifteen
home, a higher die only from the highest point). The legal plays are the one source of truth;
the turn never searches for moves itself. A turn ends only with a whole legal play.

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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ._layout import BAR, OFF, OPP_BASE, decode
from ._ways import Step, Ways, rolled
from .play import Play
from .position import Position
from .rules import STANDARD_RULES, MoveRules

__all__ = ["BAR", "OFF", "Board", "Step", "Turn"]


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
        mover, opponent = decode(position._key)
        return cls(tuple(mover), tuple(opponent), rolled(dice))

    def pip_counts(self) -> tuple[int, int]:
        """Pips of the mover and of the opponent (the bar counts 25)."""
        return (
            sum(point * n for point, n in enumerate(self.mover)),
            sum((BAR - t) * n for t, n in enumerate(self.opponent)),
        )


class Turn:
    """The legal plays of one roll, and which single steps begin them."""

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
        self._ways = Ways(position._key, self.start.dice, self.plays, self.start.opponent)
        # The open field: nothing on the bar and no play bearing off (see _open_targets).
        self._open = not self.start.mover[BAR] and not any(way[3] for way in self._ways.root.ways)
        self._targets_known: dict[tuple[Step, ...], dict[int, list[int]]] = {}
        self._ends_known: dict[tuple[tuple[Step, ...], int], list[int]] = {}

    # -- what the board asks ----------------------------------------------------------------

    def board(self, steps: Sequence[Step]) -> Board:
        """The board after steps that :meth:`allows` (the dice left by the lower die first
        at each step, when the choice matters)."""
        node = self._ways.node(tuple(steps))
        if not node.ways:
            raise ValueError(f"the steps {list(steps)} do not lead to a legal play")
        mover, opponent = decode(node.key)
        return Board(tuple(mover), tuple(opponent), node.ways[0][0])

    def allows(self, steps: Sequence[Step]) -> bool:
        """The steps can be made in this order and completed to a legal play."""
        if len(steps) > self.length:
            return False
        return bool(self._ways.node(tuple(steps)).ways)

    def complete_play(self, steps: Sequence[Step]) -> Play | None:
        """The legal play the steps make when they are a whole turn, else ``None``."""
        if len(steps) != self.length:
            return None
        ways = self._ways.node(tuple(steps)).ways
        return ways[0][2] if ways else None

    def targets(self, steps: Sequence[Step]) -> dict[int, list[int]]:
        """After ``steps``: for each start point, the points the next step may go to."""
        return {start: list(ends) for start, ends in self._targets(tuple(steps)).items()}

    def _targets(self, steps: tuple[Step, ...]) -> dict[int, list[int]]:
        """:meth:`targets`, worked out once per turn and steps (:meth:`paths` asks for the
        same ones again and again); not to be changed by the caller."""
        known = self._targets_known.get(steps)
        if known is None and not steps and self._open:
            known = self._targets_known[steps] = self._open_targets()
        if known is None:
            found: dict[int, list[int]] = {}
            if len(steps) < self.length:
                for start, end in self._ways.next_steps(self._ways.node(steps)):
                    found.setdefault(start, []).append(end)
            known = {start: sorted(ends, reverse=True) for start, ends in sorted(found.items())}
            self._targets_known[steps] = known
        return known

    def paths(self, steps: Sequence[Step]) -> dict[int, dict[int, list[Step]]]:
        """After ``steps``: for each start point, the points one checker can reach in two or
        more steps in a row (the sum of the dice, or 2-4 steps of a double), each with its
        steps. A point one step reaches is left out; of two ways to the same point the one
        hitting fewer checkers on the way is kept (then the higher die first).

        >>> from backgammon import Position
        >>> Turn(Position.initial(), (3, 1)).paths([])[24]
        {20: [(24, 21), (21, 20)]}
        """
        made = tuple(steps)
        if not made and self._open:
            return self._open_paths()
        found: dict[int, dict[int, list[Step]]] = {}
        direct = self._targets(made)
        for start in direct:
            best: dict[int, tuple[int, list[Step]]] = {}
            self._walk(made, start, [], 0, best)
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
    # Most rolls are played with no checker on the bar and no play bearing off (as the
    # engine's own fast paths, see backgammon._movegen). There every way's steps can be made in
    # any order in which a checker stands where each starts (see Ways.completes), so the start's
    # targets and paths read straight off the plays' steps: the same answers as walking the
    # ways step by step, without building them.

    def _open_targets(self) -> dict[int, list[int]]:
        """Every step of a play from a point that holds a checker."""
        mover = self.start.mover
        found: dict[int, list[int]] = {}
        for start, end in {step for way in self._ways.root.ways for step in way[1]}:
            if mover[start]:
                found.setdefault(start, []).append(end)
        return {start: sorted(ends, reverse=True) for start, ends in sorted(found.items())}

    def _open_paths(self) -> dict[int, dict[int, list[Step]]]:
        """One checker's steps in a row that one play holds, from a point that holds it."""
        mover, opponent = self.start.mover, self.start.opponent
        ways = self._ways.root.ways
        best: dict[tuple[int, int], tuple[int, int, list[Step]]] = {}
        if len(self.start.dice) == 4:  # a double: one way to each point, the die each step
            die = self.start.dice[0]
            reach: dict[int, int] = {}  # how far from each point one play goes
            for _, steps, _, _ in ways:
                held = set(steps)
                for start, _ in held:
                    if not mover[start]:
                        continue
                    at = start - die
                    while (at, at - die) in held:
                        at -= die
                    if at < start - die and start - at > reach.get(start, 0):
                        reach[start] = start - at
            for start, far in reach.items():
                path: list[Step] = []
                for at in range(start, start - far, -die):
                    path.append((at, at - die))
                    if len(path) > 1:
                        best[start, at - die] = (0, 0, list(path))
        else:  # one checker by both dice: a play of two steps, the second from the first's end
            for _, steps, _, _ in ways:
                if len(steps) == 2 and steps[1][0] == steps[0][1]:
                    (start, mid), (_, end) = steps
                    # Of two ways to a point: fewer hits, then the higher die first.
                    rank = ((opponent[mid] == 1) + (opponent[end] == 1), mid)
                    known = best.get((start, end))
                    if known is None or rank < known[:2]:
                        best[start, end] = (*rank, list(steps))
        found: dict[int, dict[int, list[Step]]] = {}
        for (start, end), (_, _, path) in sorted(best.items()):
            found.setdefault(start, {})[end] = path
        return {start: dict(sorted(reach.items(), reverse=True)) for start, reach in found.items()}

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
        key = self._ways.node(sequence).key
        for end in reversed(ends):  # the lowest point first: the higher die
            hit = 1 if end != OFF and (key >> (4 * (OPP_BASE + end))) & 15 == 1 else 0
            path.append((at, end))
            self._walk(made, end, path, hits + hit, best)
            path.pop()

    def _ends_from(self, steps: tuple[Step, ...], at: int) -> list[int]:
        """``targets(steps).get(at, [])``, looking at the steps from ``at`` only: a walk of
        one checker asks only where it can go next."""
        known = self._ends_known.get((steps, at))
        if known is None:
            if steps in self._targets_known:
                known = self._targets_known[steps].get(at, [])
            elif len(steps) >= self.length:
                known = []
            else:
                node = self._ways.node(steps)
                known = sorted((end for _, end in self._ways.next_steps(node, at)), reverse=True)
            self._ends_known[(steps, at)] = known
        return known
