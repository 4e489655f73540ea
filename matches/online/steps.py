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

    def after(self, step: Step) -> list[Board]:
        """The boards after ``step``, one per die it can use (none when it is not possible)."""
        start, end = step
        mover = self.mover
        if not (OFF <= end < start <= BAR) or not mover[start]:
            return []
        if start != BAR and mover[BAR]:
            return []  # checkers on the bar enter first
        if end == OFF:
            if any(mover[7:]):
                return []  # bearing off needs every checker home
            higher_free = not any(mover[start + 1 : 7])
            dice = {d for d in self.dice if d == start or (d > start and higher_free)}
        else:
            dice = {start - end} & set(self.dice)
            if self.opponent[end] >= 2:
                return []
        boards = []
        for die in sorted(dice):
            new_mover = list(mover)
            new_mover[start] -= 1
            new_mover[end] += 1
            new_opponent = list(self.opponent)
            if end != OFF and new_opponent[end] == 1:
                new_opponent[end] = 0
                new_opponent[0] += 1
            left = list(self.dice)
            left.remove(die)
            boards.append(Board(tuple(new_mover), tuple(new_opponent), tuple(left)))
        return boards

    def pip_counts(self) -> tuple[int, int]:
        """Pips of the mover and of the opponent (the bar counts 25)."""
        return (
            sum(point * n for point, n in enumerate(self.mover)),
            sum((BAR - t) * n for t, n in enumerate(self.opponent)),
        )


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
        # A play is its resulting position: a step sequence that reaches one, by whatever
        # path, makes that play.
        self._results = {_sides(play.result): play for play in self.plays}
        self._good: dict[Board, bool] = {}
        self._targets_known: dict[tuple[Step, ...], dict[int, list[int]]] = {}
        self._boards_known: dict[tuple[Step, ...], list[Board]] = {(): [self.start]}
        self._ends_known: dict[tuple[tuple[Step, ...], int], list[int]] = {}

    def _made(self, board: Board) -> int:
        return len(self.start.dice) - len(board.dice)

    def _leads_to_play(self, board: Board) -> bool:
        """From ``board`` the remaining steps of the turn can reach a legal play."""
        known = self._good.get(board)
        if known is None:
            if self._made(board) >= self.length:
                known = _key(board) in self._results
            else:
                known = any(
                    self._leads_to_play(nxt)
                    for step in _candidate_steps(board)
                    for nxt in board.after(step)
                )
            self._good[board] = known
        return known

    def boards(self, steps: Sequence[Step]) -> list[Board]:
        """Every board the steps can lead to in this order (empty when they cannot be made)."""
        return list(self._boards(tuple(steps)))

    def _boards(self, steps: tuple[Step, ...]) -> list[Board]:
        """:meth:`boards`, each sequence worked out once per turn from the one a step shorter
        (the board's walks ask for the same ones again and again); not to be changed."""
        known = self._boards_known.get(steps)
        if known is None:
            before = self._boards(steps[:-1])
            step = steps[-1]
            known = list(dict.fromkeys(nxt for board in before for nxt in board.after(step)))
            if len(steps) <= self.length:  # longer ones are refused: not worth keeping
                self._boards_known[steps] = known
        return known

    def board(self, steps: Sequence[Step]) -> Board:
        """The board after steps that :meth:`allows` (the first die choice when it matters)."""
        boards = [b for b in self._boards(tuple(steps)) if self._leads_to_play(b)]
        if not boards:
            raise ValueError(f"the steps {list(steps)} do not lead to a legal play")
        return boards[0]

    def allows(self, steps: Sequence[Step]) -> bool:
        """The steps can be made in this order and completed to a legal play."""
        if len(steps) > self.length:
            return False
        return any(self._leads_to_play(board) for board in self._boards(tuple(steps)))

    def targets(self, steps: Sequence[Step]) -> dict[int, list[int]]:
        """After ``steps``: for each start point, the points the next step may go to."""
        return {start: list(ends) for start, ends in self._targets(tuple(steps)).items()}

    def _targets(self, steps: tuple[Step, ...]) -> dict[int, list[int]]:
        """:meth:`targets`, worked out once per turn and steps (:meth:`paths` asks for the
        same ones again and again); not to be changed by the caller."""
        known = self._targets_known.get(steps)
        if known is None:
            known = self._targets_known[steps] = self._find_targets(steps)
        return known

    def _find_targets(self, steps: Sequence[Step]) -> dict[int, list[int]]:
        found: dict[int, set[int]] = {}
        if len(steps) >= self.length:
            return {}
        for board in self._boards(tuple(steps)):
            if not self._leads_to_play(board):
                continue
            for step in _candidate_steps(board):
                if step[1] in found.get(step[0], ()):
                    continue
                if any(self._leads_to_play(nxt) for nxt in board.after(step)):
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
        found: dict[int, dict[int, list[Step]]] = {}
        direct = self._targets(tuple(steps))
        for start in direct:
            best: dict[int, tuple[int, list[Step]]] = {}
            self._walk([*steps], start, [], 0, best)
            reach = {
                end: path
                for end, (_hits, path) in best.items()
                if len(path) >= 2 and end not in direct[start]
            }
            if reach:
                found[start] = dict(sorted(reach.items(), reverse=True))
        return found

    def _walk(
        self,
        made: list[Step],
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
        board = self.board(sequence)
        for end in reversed(ends):  # the lowest point first: the higher die
            hit = 1 if end != OFF and board.opponent[end] == 1 else 0
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
            for board in self._boards(steps):
                if not board.mover[at] or not self._leads_to_play(board):
                    continue
                for die in set(board.dice):
                    step = (at, max(at - die, OFF))
                    if step[1] not in found and any(
                        self._leads_to_play(nxt) for nxt in board.after(step)
                    ):
                        found.add(step[1])
            known = sorted(found, reverse=True)
        self._ends_known[(steps, at)] = known
        return known

    def complete_play(self, steps: Sequence[Step]) -> Play | None:
        """The legal play the steps make when they are a whole turn, else ``None``."""
        if len(steps) != self.length:
            return None
        for board in self._boards(tuple(steps)):
            play = self._results.get(_key(board))
            if play is not None:
                return play
        return None


def _key(board: Board) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (board.mover, board.opponent)


def _sides(position: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The mover's checkers and the opponent's in the mover's numbering (a board's key)."""
    return position.mover, position.opponent[::-1]  # the opponent's own: 0 off, 25 bar


def _candidate_steps(board: Board) -> list[Step]:
    """Single steps worth trying from ``board`` (:meth:`Board.after` decides)."""
    mover = board.mover
    starts = (BAR,) if mover[BAR] else [p for p in range(24, 0, -1) if mover[p]]
    dice = set(board.dice)
    return list(dict.fromkeys((start, max(start - die, OFF)) for start in starts for die in dice))
