"""A ladder is the order of its players, top first, and nothing but the replay of its history:
every change is a row that says why (a player joined or left, a challenge was won or lost,
by forfeit or not, a player dropped for not playing).

- The challenger who wins takes the defender's place and everyone between moves down one;
- the challenger who loses stays, or drops one place (``LadderRules.loser_drops``);
- new players join at the bottom;
- a player without a match for a while drops ``idle_places`` places (``inactivity``);
- a corrected result (a referee's correction of the match) is a change of its own: the
  ladder after it is the history replayed with the challenge's corrected outcome, so every
  change after the challenge follows from it; the changes before stay as they were.

>>> rules = LadderRules()
>>> history = [Joined(1, D), Joined(2, D), Joined(3, D), Played(3, 1, True, D)]
>>> replay(rules, history)
(3, 1, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date

__all__ = [
    "Change",
    "Corrected",
    "Idle",
    "Joined",
    "LadderError",
    "LadderRules",
    "Left",
    "Played",
    "apply",
    "replay",
]

D = date(2026, 1, 1)  # for the doctests

# Codes of changes that cannot happen where they stand.
ALREADY_ON_LADDER = "already_on_ladder"
NOT_ON_LADDER = "not_on_ladder"


class LadderError(ValueError):
    """A change or a challenge the rules do not allow; ``code`` says which rule, ``player``
    who it is about. Plain English for developers; the web layer words it for people."""

    def __init__(self, code: str, *, player: int | None = None) -> None:
        super().__init__(code if player is None else f"{code} (player {player})")
        self.code = code
        self.player = player


@dataclass(frozen=True, slots=True)
class LadderRules:
    #: A player may challenge someone up to this many places above.
    reach: int = 3
    #: Days the challenged player has to accept; after them he loses by forfeit.
    accept_days: int = 7
    #: Days to play the match once accepted.
    play_days: int = 14
    #: The challenger who loses drops one place (else he stays).
    loser_drops: bool = False
    #: Days without a match after which a player drops (0: never).
    idle_days: int = 0
    #: Places a player drops each time.
    idle_places: int = 1
    #: The day the inactivity rule changed last: days before it do not count (a new rule
    #: does not drop anybody for the time the old one ruled).
    idle_from: date | None = None
    #: Open challenges a player may have at once (made or received).
    open_challenges: int = 1


@dataclass(frozen=True, slots=True)
class Joined:
    player: int
    day: date


@dataclass(frozen=True, slots=True)
class Left:
    player: int
    day: date


@dataclass(frozen=True, slots=True)
class Played:
    """A challenge decided: by a match, or by a forfeit (which counts as a match)."""

    challenger: int
    defender: int
    challenger_won: bool
    day: date
    forfeit: bool = False
    #: The challenge's id, for a later correction of its result.
    challenge: int | None = None


@dataclass(frozen=True, slots=True)
class Corrected:
    """The result of an earlier challenge was corrected: it counts with this outcome."""

    challenge: int
    challenger_won: bool
    day: date


@dataclass(frozen=True, slots=True)
class Idle:
    """The player dropped ``places`` places for having played no match for a while."""

    player: int
    day: date
    places: int


Change = Joined | Left | Played | Idle | Corrected

# The code of a correction of a challenge the history does not have.
NO_SUCH_CHALLENGE = "no_such_challenge"


def _move(order: tuple[int, ...], player: int, to: int) -> tuple[int, ...]:
    rest = [p for p in order if p != player]
    to = max(0, min(to, len(rest)))
    return (*rest[:to], player, *rest[to:])


def apply(rules: LadderRules, order: tuple[int, ...], change: Change) -> tuple[int, ...]:
    """The ladder after one change (a correction needs the whole history: :func:`replay`)."""
    if isinstance(change, Corrected):
        raise TypeError("a corrected result re-derives the ladder from its history: replay()")
    if isinstance(change, Joined):
        if change.player in order:
            raise LadderError(ALREADY_ON_LADDER, player=change.player)
        return (*order, change.player)
    players = (
        (change.challenger, change.defender) if isinstance(change, Played) else (change.player,)
    )
    for player in players:
        if player not in order:
            raise LadderError(NOT_ON_LADDER, player=player)
    if isinstance(change, Left):
        return tuple(p for p in order if p != change.player)
    if isinstance(change, Idle):
        return _move(order, change.player, order.index(change.player) + change.places)
    challenger, defender = order.index(change.challenger), order.index(change.defender)
    if change.challenger_won:
        # A defender who is below the challenger by now (he dropped meanwhile) is passed.
        return _move(order, change.challenger, defender) if defender < challenger else order
    if rules.loser_drops:
        return _move(order, change.challenger, challenger + 1)
    return order


def replay(rules: LadderRules, history: Iterable[Change]) -> tuple[int, ...]:
    """The ladder rebuilt from its history, top first, every challenge with its last
    corrected outcome.

    >>> rules = LadderRules()
    >>> history = [Joined(1, D), Joined(2, D), Joined(3, D), Played(3, 2, True, D, challenge=7),
    ...            Played(2, 1, False, D, challenge=8)]
    >>> replay(rules, history)
    (1, 3, 2)
    >>> replay(rules, [*history, Corrected(7, False, D)])
    (1, 2, 3)
    """
    changes = list(history)
    corrected = {c.challenge: c for c in changes if isinstance(c, Corrected)}
    decided = {c.challenge for c in changes if isinstance(c, Played)}
    for challenge in corrected:
        if challenge not in decided:
            raise LadderError(NO_SUCH_CHALLENGE)
    order: tuple[int, ...] = ()
    for change in changes:
        if isinstance(change, Corrected):
            continue
        if isinstance(change, Played) and change.challenge in corrected:
            change = replace(change, challenger_won=corrected[change.challenge].challenger_won)
        order = apply(rules, order, change)
    return order
