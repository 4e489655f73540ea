"""A chouette session replayed from its happenings: players join and leave between games, and each
game is scored and moves the seats as the rules say.

The order of the players present is kept as one tuple: the box first, then the line, the
captain at its head. After a game the box's result against the captain decides:

- the box won: the box stays, the captain goes to the end of the line and the next in line
  becomes captain;
- the captain won: the captain becomes the box and the old box goes to the end of the line.

A player who joins goes to the end of the line; when the box leaves, the captain becomes the
box. From ``Rules.partner_from`` players present the last in line is the box's partner and
shares the box's result (the box carries the odd point, won or lost).

A game is entered by seats (the captain's line first), so a corrected game changes the seats
of every game after it and the replay re-derives who sat where.

>>> from chouettes.core.sheet import Line, Side
>>> rules = Rules()
>>> happenings = [Join(1), Join(2), Join(3),
...           SessionGame(1, GameSheet((Line(), Line()), winner=Side.BOX))]
>>> session = replay(rules, happenings)
>>> session.order, session.totals
((1, 3, 2), {1: 2, 2: -1, 3: -1})
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from chouettes.core.sheet import GameSheet, Rules, SheetError, line_points, validate

__all__ = [
    "GameOutcome",
    "Join",
    "Leave",
    "ReplayError",
    "Seats",
    "SessionGame",
    "SessionState",
    "replay",
    "seats_of",
    "split_box_share",
]

MAX_PLAYERS = 10

# Codes of happenings that cannot happen in the order given.
ALREADY_PRESENT = "already_present"
NOT_PRESENT = "not_present"
TOO_MANY_PLAYERS = "too_many_players"
TOO_FEW_PLAYERS = "too_few_players"


class ReplayError(ValueError):
    """A join, leave or game that cannot be where it stands (a player joins twice, a game with one
    player); ``player`` or ``game`` says which."""

    def __init__(self, code: str, *, player: int | None = None, game: int | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.player = player
        self.game = game


@dataclass(frozen=True, slots=True)
class Join:
    player: int


@dataclass(frozen=True, slots=True)
class Leave:
    player: int


@dataclass(frozen=True, slots=True)
class SessionGame:
    number: int
    sheet: GameSheet


Happening = Join | Leave | SessionGame


@dataclass(frozen=True, slots=True)
class Seats:
    box: int
    partner: int | None
    #: The captain first, then the other members in the order of the line.
    team: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOutcome:
    number: int
    seats: Seats
    sheet: GameSheet
    #: The box's points against each member of the team, in the team's order.
    box_points: tuple[int, ...]
    #: Every seated player's points in this game; they sum to zero.
    results: dict[int, int]

    @property
    def box_won_against_captain(self) -> bool:
        return self.box_points[0] > 0

    @property
    def is_money_game(self) -> bool:
        """A game of two: the box against one player, no partner."""
        return len(self.seats.team) == 1 and self.seats.partner is None


@dataclass(frozen=True, slots=True)
class SessionState:
    #: The players present: the box, then the line with the captain at its head.
    order: tuple[int, ...]
    games: tuple[GameOutcome, ...]
    totals: dict[int, int] = field(default_factory=dict)

    def seats(self, rules: Rules) -> Seats | None:
        """Who sits where for the next game, or ``None`` while fewer than two are present."""
        return seats_of(rules, self.order)


def seats_of(rules: Rules, order: tuple[int, ...]) -> Seats | None:
    if len(order) < 2:
        return None
    line = order[1:]
    partner = None
    if rules.partner_from and len(order) >= rules.partner_from and len(line) >= 2:
        partner, line = line[-1], line[:-1]
    return Seats(box=order[0], partner=partner, team=line)


def split_box_share(total: int) -> tuple[int, int]:
    """The box's and its partner's parts of the box's result: halves, the box carrying the odd
    point whichever way it goes. The parts add up to the whole.

    >>> split_box_share(5), split_box_share(-5), split_box_share(4)
    ((3, 2), (-3, -2), (2, 2))
    """
    partner = abs(total) // 2
    partner = partner if total >= 0 else -partner
    return total - partner, partner


def _rotate(order: tuple[int, ...], box_won: bool) -> tuple[int, ...]:
    box, captain, rest = order[0], order[1], order[2:]
    if box_won:
        return (box, *rest, captain)
    return (captain, *rest, box)


def _session_game(rules: Rules, order: tuple[int, ...], happening: SessionGame) -> GameOutcome:
    seats = seats_of(rules, order)
    if seats is None:
        raise ReplayError(TOO_FEW_PLAYERS, game=happening.number)
    try:
        validate(rules, happening.sheet, len(seats.team))
    except SheetError as error:
        error.game = happening.number
        raise
    points = tuple(line_points(rules, happening.sheet, line) for line in happening.sheet.lines)
    box_total = sum(points)
    results = {member: -p for member, p in zip(seats.team, points, strict=True)}
    if seats.partner is None:
        results[seats.box] = box_total
    else:
        results[seats.box], results[seats.partner] = split_box_share(box_total)
    if sum(results.values()) != 0:  # pragma: no cover - the arithmetic above guarantees it
        raise AssertionError(f"game {happening.number} does not sum to zero")
    return GameOutcome(happening.number, seats, happening.sheet, points, results)


def replay(rules: Rules, happenings: Iterable[Happening]) -> SessionState:
    """The session after these happenings, in order. Raises :class:`ReplayError` or
    :class:`~chouettes.core.sheet.SheetError` (with ``game`` set) at the first that cannot be."""
    order: tuple[int, ...] = ()
    games: list[GameOutcome] = []
    totals: dict[int, int] = {}
    for happening in happenings:
        if isinstance(happening, Join):
            if happening.player in order:
                raise ReplayError(ALREADY_PRESENT, player=happening.player)
            if len(order) >= MAX_PLAYERS:
                raise ReplayError(TOO_MANY_PLAYERS, player=happening.player)
            order = (*order, happening.player)
            totals.setdefault(happening.player, 0)
        elif isinstance(happening, Leave):
            if happening.player not in order:
                raise ReplayError(NOT_PRESENT, player=happening.player)
            # When the box leaves, the captain (next in order) becomes the box.
            order = tuple(p for p in order if p != happening.player)
        else:
            outcome = _session_game(rules, order, happening)
            games.append(outcome)
            for player, points in outcome.results.items():
                totals[player] = totals.get(player, 0) + points
            order = _rotate(order, outcome.box_won_against_captain)
    return SessionState(order=order, games=tuple(games), totals=totals)
