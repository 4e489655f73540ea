"""The bracket plan: every match of an elimination flight, built up front.

A plan is a tuple of :class:`MatchSlot` in dependency order (a match comes after every match it
takes a player from). Each slot names where its two players come from (:data:`Source`):

* ``Seed(entrant)``: a seeded entrant, known from the start;
* ``Bye()``: nobody; the other player advances without playing (a walkover);
* ``WinnerOf(key)`` / ``LoserOf(key)``: the winner or loser of an earlier match.

Byes are not pre-advanced: round one always has ``size / 2`` slots and a slot with a ``Bye``
source is a *walkover*. :func:`tournaments.pairing.resolve.resolve` completes walkovers by
itself, so an adapter never records a result for them (it may still show them as "X - bye").
Keeping the walkovers in the plan is what lets the consolation pick up players who had a bye:

``LoserOf(key, after_walkover=(next_key, slot))`` reads "the loser of ``key``; if ``key`` turned
out to be a walkover, the loser of ``next_key`` provided they came in through ``slot`` (their
first real match), else nobody". Main round one feeds the consolation this way, so players who
had a first-round bye and lose their first match drop into the consolation too.

Placings: a slot's ``tier`` says that its loser leaves the slot's ``flight`` there (``None``:
the loser goes on in the same flight, e.g. the winners' bracket of a double elimination). Tiers
are ordered within a flight (higher tier = better place); the flight's final has the highest
tier and its winner places first. ``resolve`` turns tiers into place bands (1, 2, 3-4, 5-8 ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .errors import PairingError
from .types import EntrantId

SlotNumber = Literal[1, 2]


@dataclass(frozen=True, slots=True)
class Seed:
    entrant: EntrantId


@dataclass(frozen=True, slots=True)
class Bye:
    pass


@dataclass(frozen=True, slots=True)
class WinnerOf:
    key: str


@dataclass(frozen=True, slots=True)
class LoserOf:
    key: str
    after_walkover: tuple[str, SlotNumber] | None = None


Source = Seed | Bye | WinnerOf | LoserOf


@dataclass(frozen=True, slots=True)
class MatchSlot:
    """One match of the plan.

    ``key`` is unique and stable (``"M1.1"``: main, round 1, first match from the top).
    ``stage`` is ``main``, ``consolation``, ``last_chance``, ``winners``, ``losers`` or
    ``final``; ``flight`` is the competition the stage belongs to (``main``, ``consolation``,
    ``last_chance``) and is what placings are reported for. ``round_number`` counts within the
    stage from 1, ``index`` is the position within the round from 1 (top to bottom), including
    walkover positions. ``reset_of`` marks a grand-final reset: it is played only if the
    player in slot 2 won match ``reset_of`` (otherwise it is void).
    """

    key: str
    stage: str
    flight: str
    round_number: int
    index: int
    sources: tuple[Source, Source]
    tier: int | None
    reset_of: str | None = None


@dataclass(frozen=True, slots=True)
class Route:
    """Where a player goes next: match ``key``, slot 1 or 2.

    ``conditional`` routes are taken only in the case described by ``LoserOf.after_walkover``
    or a grand-final reset.
    """

    key: str
    slot: SlotNumber
    conditional: bool = False


@dataclass(frozen=True, slots=True)
class BracketPlan:
    format_key: str
    entrants: tuple[EntrantId, ...]
    """In seed order (seed 1 first)."""
    size: int
    """Positions in main (or winners') round one: a power of two."""
    matches: tuple[MatchSlot, ...]
    """Dependency order: every match after the matches it takes players from."""
    _by_key: dict[str, MatchSlot] = field(init=False, repr=False, compare=False)
    _winner_routes: dict[str, Route] = field(init=False, repr=False, compare=False)
    _loser_routes: dict[str, tuple[Route, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_key: dict[str, MatchSlot] = {}
        winner_routes: dict[str, Route] = {}
        loser_routes: dict[str, list[Route]] = {}
        for match in self.matches:
            if match.key in by_key:
                raise ValueError(f"duplicate match key {match.key}")
            for slot_number, source in zip((1, 2), match.sources, strict=True):
                slot: SlotNumber = 1 if slot_number == 1 else 2
                if isinstance(source, WinnerOf | LoserOf) and source.key not in by_key:
                    raise ValueError(f"{match.key} takes a player from unknown {source.key}")
                if isinstance(source, WinnerOf) and match.reset_of is None:
                    winner_routes[source.key] = Route(match.key, slot)
                elif isinstance(source, LoserOf):
                    loser_routes.setdefault(source.key, []).append(Route(match.key, slot))
                    if source.after_walkover is not None:
                        later, _ = source.after_walkover
                        loser_routes.setdefault(later, []).append(
                            Route(match.key, slot, conditional=True)
                        )
            if match.reset_of is not None:
                loser_routes.setdefault(match.reset_of, []).append(
                    Route(match.key, 1, conditional=True)
                )
                winner_routes[match.reset_of] = Route(match.key, 2, conditional=True)
            by_key[match.key] = match
        object.__setattr__(self, "_by_key", by_key)
        object.__setattr__(self, "_winner_routes", winner_routes)
        object.__setattr__(
            self, "_loser_routes", {key: tuple(routes) for key, routes in loser_routes.items()}
        )

    def match(self, key: str) -> MatchSlot:
        try:
            return self._by_key[key]
        except KeyError:
            raise PairingError("unknown_match", f"no match {key} in this plan") from None

    def winner_route(self, key: str) -> Route | None:
        """Where the winner of ``key`` plays next; ``None`` for the final of a flight."""
        self.match(key)
        return self._winner_routes.get(key)

    def loser_routes(self, key: str) -> tuple[Route, ...]:
        """Where the loser of ``key`` may play next (empty: the loser is out)."""
        self.match(key)
        return self._loser_routes.get(key, ())

    def stage_matches(self, stage: str) -> tuple[MatchSlot, ...]:
        return tuple(m for m in self.matches if m.stage == stage)

    def flights(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for match in self.matches:
            seen.setdefault(match.flight, None)
        return tuple(seen)
