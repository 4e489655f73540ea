"""The position: where every checker stands, seen by the side on roll."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from ._layout import BAR, CHECKERS, MOVER_MASK, STEP_DELTA, decode, swap_key
from ._movegen import Generated, generate
from ._notation import read_notation
from ._position_id import key_from_counts, key_from_position_id, position_id_from_counts
from ._written import can_move, resolve
from .errors import IllegalMoveError
from .kinds import WinKind
from .play import Play
from .rules import STANDARD_RULES, MoveRules

__all__ = ["INITIAL_POSITION_ID", "Position", "WinKind"]

INITIAL_POSITION_ID: Final = "4HPwATDgc/ABMA"
"""The starting position; it reads the same for either side on roll."""


@dataclass(frozen=True, slots=True, init=False)
class Position:
    """Where all thirty checkers stand, from the view of the side on roll. Immutable.

    ``Position(position_id)`` reads a GNU Backgammon Position ID (the start by default), like
    :meth:`from_position_id`; :meth:`initial` and :meth:`from_points` build the others. Points
    are numbered from the side on roll (the *mover*): it moves from its 24-point towards its
    1-point, the bar is 25 and borne-off checkers are at 0. Positions compare equal and hash
    alike exactly when they have the same Position ID.

    >>> pos = Position.initial()
    >>> pos.position_id()
    '4HPwATDgc/ABMA'
    >>> pos.mover[6], pos.mover[8], pos.mover[13], pos.mover[24]
    (5, 3, 5, 2)
    >>> sorted(str(play) for play in pos.legal_plays((6, 5)))
    ['13/2', '13/7 8/3', '13/8 13/7', '24/13', '24/18 13/8', '24/18 8/3', '8/3 8/2']
    """

    _key: int = field(repr=False)

    def __init__(self, position_id: str = INITIAL_POSITION_ID) -> None:
        object.__setattr__(self, "_key", key_from_position_id(position_id))

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def initial(cls) -> Position:
        """The starting position (either side on roll: it is symmetric)."""
        return _INITIAL

    @classmethod
    def from_position_id(cls, position_id: str) -> Position:
        """The position of a GNU Backgammon Position ID (14 base64 characters).

        >>> Position.from_position_id("4HPwATDgc/ABMA") == Position.initial()
        True
        >>> Position.from_position_id("not an id")
        Traceback (most recent call last):
        ...
        ValueError: invalid Position ID 'not an id': expected 14 base64 characters

        Raises:
            ValueError: the text is not a Position ID, or describes an impossible position
                (more than fifteen checkers on a side, both sides on one point, both sides
                with every checker borne off).
        """
        return _new(key_from_position_id(position_id))

    @classmethod
    def from_points(cls, *, mover: Mapping[int, int], opponent: Mapping[int, int]) -> Position:
        """A position from ``{point: checkers}`` for each side, each in its own numbering.

        Points are 1..24 and 25 for the bar; checkers not listed are borne off.

        >>> pos = Position.from_points(mover={3: 2, 2: 2, 1: 1}, opponent={20: 1})
        >>> pos.mover[0], pos.opponent[0]
        (10, 14)
        >>> Position.from_points(mover={6: 16}, opponent={})
        Traceback (most recent call last):
        ...
        ValueError: impossible position: the side on roll has 16 checkers (at most 15)
        """
        counts = []
        for side, points in (("side on roll", mover), ("side not on roll", opponent)):
            board = [0] * BAR
            for point, number in points.items():
                if not (isinstance(point, int) and 1 <= point <= BAR):
                    raise ValueError(
                        f"invalid position: point {point!r} of the {side} is not 1..25"
                    )
                if not isinstance(number, int) or number < 0:
                    raise ValueError(
                        f"invalid position: {number!r} checkers on point {point} of the {side}"
                    )
                board[point - 1] = number
            counts.append(board)
        return _new(key_from_counts(counts[0], counts[1]))

    # -- reading --------------------------------------------------------------------------

    def position_id(self) -> str:
        """The GNU Backgammon Position ID, e.g. ``'4HPwATDgc/ABMA'`` for the start."""
        return _position_id(self._key)

    @property
    def mover(self) -> tuple[int, ...]:
        """Checkers of the side on roll per point: index 0 = off, 1..24 = points, 25 = bar."""
        return tuple(decode(self._key)[0])

    @property
    def opponent(self) -> tuple[int, ...]:
        """Checkers of the other side per point *in its own numbering* (0 = off, 25 = bar)."""
        return tuple(decode(self._key)[1][::-1])

    def swapped(self) -> Position:
        """The same checkers seen by the opponent, who is now on roll.

        >>> pos = Position.from_points(mover={6: 2}, opponent={25: 1, 3: 1})
        >>> pos.swapped().mover[25], pos.swapped().opponent[6]
        (1, 2)
        >>> pos.swapped().swapped() == pos
        True
        """
        return _new(swap_key(self._key))

    def pip_counts(self) -> tuple[int, int]:
        """Pips still to travel: ``(side on roll, opponent)``; the bar counts 25.

        >>> Position.initial().pip_counts()
        (167, 167)
        """
        mover, opponent = decode(self._key)
        return (
            sum(point * n for point, n in enumerate(mover)),
            sum((BAR - t) * n for t, n in enumerate(opponent)),
        )

    def is_race(self) -> bool:
        """True when the sides have passed each other: no checker can hit or block any more.

        >>> Position.initial().is_race()
        False
        >>> Position.from_points(mover={6: 15}, opponent={6: 15}).is_race()
        True
        """
        mover, opponent = decode(self._key)
        last_mover = max((p for p in range(1, BAR + 1) if mover[p]), default=0)
        # The opponent's checkers by the mover's numbering: its bar is 0, its off is 25.
        first_opponent = min((t for t in range(BAR) if opponent[t]), default=BAR)
        return last_mover < first_opponent

    def winner_kind(self) -> WinKind | None:
        """How the side on roll has won, once it has borne off all its checkers, else None.

        Call it on :attr:`Play.result` (before swapping). Gammon: the loser has borne off
        nothing. Backgammon: and it still has a checker on the bar or in the winner's home
        board.

        >>> Position.from_points(mover={}, opponent={1: 1}).winner_kind()
        <WinKind.SINGLE: 'single'>
        >>> Position.from_points(mover={}, opponent={20: 15}).winner_kind()
        <WinKind.BACKGAMMON: 'backgammon'>
        >>> Position.initial().winner_kind() is None
        True
        """
        if self._key & 0xF != CHECKERS:  # nibble 0: the mover's borne-off checkers
            return None
        _, opponent = decode(self._key)
        if opponent[BAR]:
            return WinKind.SINGLE
        # The opponent's bar is t = 0; the winner's home board is t = 1..6.
        if any(opponent[:7]):
            return WinKind.BACKGAMMON
        return WinKind.GAMMON

    # -- plays ----------------------------------------------------------------------------

    def legal_plays(
        self, dice: Sequence[int], *, rules: MoveRules = STANDARD_RULES
    ) -> tuple[Play, ...]:
        """Every legal play for the roll, one per distinct resulting position.

        ``dice`` are two numbers 1..6 in any order. When nothing can be played, or the game
        is over (a side has borne off every checker), the result is one empty play whose
        result is this position. The plays come in no particular (but a repeatable) order.
        ``rules`` switches on the optional Regeln 15 and 16 (see :class:`MoveRules`).

        >>> pos = Position.initial()
        >>> len(pos.legal_plays((3, 1))), len(pos.legal_plays((6, 6)))
        (16, 11)
        >>> pos.legal_plays((6, 6))[0]
        <Play 24/18(2) 13/7(2) -> 4HPwATDg28HBAA>
        """
        hi, lo = _check_dice(dice)
        return _build_plays(generate(self._key, hi, lo, rules))

    def parse_play(
        self, text: str, dice: Sequence[int], *, rules: MoveRules = STANDARD_RULES
    ) -> Play:
        """The legal play that ``text`` describes, checked against the rules.

        Accepts both styles of :meth:`Play.notation` (``8/5 6/5``, ``bar/22*``, ``6/off``,
        ``13/7(2)``, ``25/22*``, ``6/0``) and chains like ``24/18/13``, moves in any order.
        Every written landing point, final or intermediate, that holds a single opposing
        checker is a hit, with or without ``*`` (Backgammon Galaxy and FIBS do not mark
        hits): ``14/10 10/5`` with a blot on 10 hits it. A point passed but not written is not
        a hit when the play can avoid it. Each ``*`` must mark a hit the play makes.

        >>> Position.initial().parse_play("13/7(2)", (3, 3)).steps
        ((13, 10), (13, 10), (10, 7), (10, 7))

        Raises:
            InvalidMoveError: the text cannot be read as a play.
            IllegalMoveError: it can be read but is not a legal play here with these dice.
        """
        hi, lo = _check_dice(dice)
        written = read_notation(text)
        roll = f"{hi}-{lo}"
        mover, _ = decode(self._key)
        leaving = [0] * (BAR + 1)
        arriving = [0] * (BAR + 1)
        target = self._key & MOVER_MASK
        claimed_hits: set[int] = set()
        for move in written:
            start, end = move.path[0], move.path[-1]
            leaving[start] += move.count
            arriving[end] += move.count
            target += move.count * STEP_DELTA[start][end]
            claimed_hits |= move.hit_points
        for point in range(BAR, 0, -1):
            if leaving[point] > mover[point] + arriving[point]:
                where = "the bar" if point == BAR else f"point {point}"
                raise IllegalMoveError(
                    f"{text!r} moves {leaving[point]} checker(s) from {where}, "
                    f"which has {mover[point]}",
                    notation=text,
                )
        plays = self.legal_plays((hi, lo), rules=rules)
        moving = [play for play in plays if play._key & MOVER_MASK == target]
        if not moving:
            enters = any(move.path[0] == BAR for move in written)
            raise IllegalMoveError(_why_illegal(text, roll, mover, enters, plays), notation=text)
        # A '*' must be right where it is written. A written landing point on a blot hits
        # it, marked or not; unwritten points are passed without hitting where possible.
        _, opponent = decode(self._key)
        landed = {point for move in written for point in move.path[1:] if 0 < point < BAR}
        implied = claimed_hits | {point for point in landed if opponent[point] == 1}
        for wanted in (implied, claimed_hits):
            matching = [play for play in moving if wanted <= _hit_points(play)]
            if not matching:
                continue
            fewest = min(len(_hit_points(play)) for play in matching)
            matching = [play for play in matching if len(_hit_points(play)) == fewest]
            if len(matching) != 1:
                raise IllegalMoveError(
                    f"{text!r} is ambiguous for {roll}: mark the hits with '*'", notation=text
                )
            return matching[0]
        marked = ", ".join(map(str, sorted(claimed_hits)))
        raise IllegalMoveError(
            f"{text!r} marks a hit on {marked} that no legal play makes with {roll}",
            notation=text,
        )

    def _can_move(self, dice: tuple[int, int]) -> bool:
        """Whether any checker can move with ``dice`` (standard rules; no plays built).
        For the game, whose dice are checked already."""
        first, second = dice
        if first < second:
            first, second = second, first
        return can_move(self._key, first, second)

    def _play_from_text(self, text: str, dice: tuple[int, int], rules: MoveRules) -> Play:
        """:meth:`parse_play` for replaying many written plays: a play that uses every die
        is checked step by step instead of against every legal play. The result is the
        same; the steps follow the text (``24/13`` with 6-5 goes by 18, the higher die
        first, where :meth:`parse_play` may say 19)."""
        if rules.is_standard:
            hi, lo = dice if dice[0] >= dice[1] else (dice[1], dice[0])
            written = read_notation(text)
            done = resolve(self._key, written, hi, lo)
            if done is not None:
                _, steps, hits = done
                marked = [move.hit_points for move in written if move.hit_points]
                made = {to for (_, to), hit in zip(steps, hits, strict=True) if hit}
                if all(points <= made for points in marked):
                    return _build_plays([done])[0]
        return self.parse_play(text, dice, rules=rules)

    def apply_notation(
        self, text: str, dice: Sequence[int], *, rules: MoveRules = STANDARD_RULES
    ) -> Position:
        """The position after the play ``text`` (see :meth:`parse_play`), mover unchanged.

        >>> after = Position.initial().apply_notation("8/5 6/5", dice=(3, 1))
        >>> after.mover[5], after.mover[6], after.mover[8]
        (2, 4, 2)
        """
        return self.parse_play(text, dice, rules=rules).result

    # -- dunder ---------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"Position({self.position_id()!r})"

    def __str__(self) -> str:
        return self.position_id()


def _check_dice(dice: Sequence[int]) -> tuple[int, int]:
    """The roll as ``(higher, lower)``; ``ValueError`` unless it is two numbers 1..6."""
    try:
        first, second = dice
    except (TypeError, ValueError):
        raise ValueError(f"dice must be two numbers 1..6, not {dice!r}") from None
    for die in (first, second):
        if not isinstance(die, int) or isinstance(die, bool) or not 1 <= die <= 6:
            raise ValueError(f"dice must be two numbers 1..6, not {dice!r}")
    return (first, second) if first >= second else (second, first)


def _hit_points(play: Play) -> set[int]:
    return {to for (_, to), hit in zip(play.steps, play.hits, strict=True) if hit}


def _why_illegal(text: str, roll: str, mover: bytes, enters: bool, plays: tuple[Play, ...]) -> str:
    steps = len(plays[0].steps)
    if not steps:
        return f"{text!r} is not legal: nothing can be played with {roll}"
    if mover[BAR] and not enters:
        return f"{text!r} is not legal: checkers on the bar must enter first"
    return f"{text!r} is not a legal play for {roll} (a legal play uses {steps} dice here)"


# Plays are built by the thousand; setting the slots directly skips the frozen
# dataclass __init__ (which goes through object.__setattr__ field by field).
_object_new = object.__new__
_set_key: Any = Position.__dict__["_key"].__set__
_set_steps: Any = Play.__dict__["steps"].__set__
_set_hits: Any = Play.__dict__["hits"].__set__
_set_result_key: Any = Play.__dict__["_key"].__set__


def _build_plays(
    generated: list[Generated],
    new: Any = _object_new,
    set_steps: Any = _set_steps,
    set_hits: Any = _set_hits,
    set_result_key: Any = _set_result_key,
) -> tuple[Play, ...]:
    # The defaults bind the helpers as locals: this loop runs for every play generated.
    plays: list[Play] = []
    append = plays.append
    for key, steps, hits in generated:
        play = new(Play)
        set_steps(play, steps)
        set_hits(play, hits)
        set_result_key(play, key)
        append(play)
    return tuple(plays)


def _new(key: int) -> Position:
    position = _object_new(Position)
    _set_key(position, key)
    return position


Play._position_of = staticmethod(_new)
_INITIAL: Final = Position.from_position_id(INITIAL_POSITION_ID)


@lru_cache(maxsize=4096)
def _position_id(key: int) -> str:
    """The Position ID of a key (asked for several times per move of an online game)."""
    return position_id_from_counts(*decode(key))
