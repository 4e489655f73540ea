"""A play: the steps of one turn and the position they lead to."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Literal

if TYPE_CHECKING:
    from .position import Position

__all__ = ["NotationStyle", "Play"]

NotationStyle = Literal["xg", "mat"]


@dataclass(frozen=True, slots=True, init=False)
class Play:
    """One legal play, as returned by :meth:`Position.legal_plays`.

    Attributes:
        steps: the single-die moves in an order in which they can be made, each
            ``(from, to)`` in the mover's numbering: 1..24 are points, 25 is the bar and
            0 is off. Sorted by start point, highest first (the bar first), then by
            landing point: an order in which the play can always be made.
        hits: for each step, whether it sent an opposing blot to the bar.
        result: the position after the play, still seen by the side that played it (call
            :meth:`Position.swapped` to hand the turn over). It is made when asked for:
            most plays of a roll are never played.

    Plays compare equal when steps, hits and result are equal; two plays from one position
    are distinct exactly when their results differ.

    >>> from backgammon import Position
    >>> play = Position.initial().parse_play("8/5 6/5", (3, 1))
    >>> play.steps, play.hits
    (((8, 5), (6, 5)), (False, False))
    >>> str(play)
    '8/5 6/5'
    """

    steps: tuple[tuple[int, int], ...]
    hits: tuple[bool, ...]
    _key: int = field(repr=False)  # the key of the result
    __match_args__ = ("steps", "hits", "result")
    # The Position of a key, set by backgammon.position (which imports this module).
    _position_of: ClassVar[Callable[[int], Position]]

    def __init__(
        self, steps: tuple[tuple[int, int], ...], hits: tuple[bool, ...], result: Position
    ) -> None:
        object.__setattr__(self, "steps", steps)
        object.__setattr__(self, "hits", hits)
        object.__setattr__(self, "_key", result._key)

    @property
    def result(self) -> Position:
        """The position after the play, still seen by the side that played it."""
        return Play._position_of(self._key)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"<Play {self.notation() or '(no move)'} -> {self.result.position_id()}>"

    def notation(self, style: NotationStyle = "xg") -> str:
        """The play as text; :meth:`Position.parse_play` reads both styles back.

        * ``"xg"`` (default), as GNU Backgammon and eXtreme Gammon show plays: a checker's
          steps are joined (``13/7``, with a hit on the way ``13/10*/7``), equal moves are
          counted (``13/7(2)``), ``bar`` and ``off`` name the bar and bearing off.
        * ``"mat"``, as in the Jellyfish ``.mat`` files GNU Backgammon writes: every step on
          its own in playing order, 25 for the bar and 0 for off (``25/22* 6/0``).

        An empty play (no legal move) is the empty string in both styles.
        """
        if style == "mat":
            return _mat(self.steps, self.hits)
        if style != "xg":
            raise ValueError(f"unknown notation style {style!r}; use 'xg' or 'mat'")
        return _xg(self.steps, self.hits)


@lru_cache(maxsize=4096)
def _mat(steps: tuple[tuple[int, int], ...], hits: tuple[bool, ...]) -> str:
    # Cached: every play of a game is written to its record, and plays repeat.
    return " ".join(
        f"{frm}/{to}{'*' if hit else ''}" for (frm, to), hit in zip(steps, hits, strict=True)
    )


def _point(number: int) -> str:
    return "bar" if number == 25 else "off" if number == 0 else str(number)


def _xg(steps: tuple[tuple[int, int], ...], hits: tuple[bool, ...]) -> str:
    # Join each step onto a checker that arrived at its start point earlier in the play.
    chains: list[list[tuple[int, bool]]] = []  # [(point, hit on arrival), ...] per checker
    for (frm, to), hit in zip(steps, hits, strict=True):
        for chain in chains:
            if chain[-1][0] == frm:
                chain.append((to, hit))
                break
        else:
            chains.append([(frm, False), (to, hit)])
    counted: dict[str, list[int]] = {}  # text without a final "*": [count, final hit]
    for chain in chains:
        # Intermediate points are only shown where the checker hit.
        shown = [chain[0]] + [link for link in chain[1:-1] if link[1]]
        body = "/".join(f"{_point(p)}{'*' if hit else ''}" for p, hit in shown)
        body += f"/{_point(chain[-1][0])}"
        entry = counted.setdefault(body, [0, 0])
        entry[0] += 1
        entry[1] |= chain[-1][1]
    return " ".join(
        f"{body}{'*' if hit else ''}{f'({n})' if n > 1 else ''}"
        for body, (n, hit) in counted.items()
    )
