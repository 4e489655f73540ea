"""Play results into a bracket plan: who plays whom now, walkovers, placings.

An adapter stores the plan's match keys and the winners of played matches, and after every
result calls :func:`resolve` to learn which matches became ready (create those rows), which
were walkovers (nothing to play) and the placings so far.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .bracket import BracketPlan, Bye, MatchSlot, Seed, Source, WinnerOf
from .errors import PairingError
from .types import EntrantId


class MatchStatus(StrEnum):
    PENDING = "pending"
    """At least one player is not known yet."""
    READY = "ready"
    """Both players known, waiting for a result."""
    PLAYED = "played"
    WALKOVER = "walkover"
    """One player only (a bye, or the opponent withdrew): the player advances unplayed."""
    EMPTY = "empty"
    """Nobody reaches this match."""
    VOID = "void"
    """A grand-final reset that is not needed."""


@dataclass(frozen=True, slots=True)
class MatchState:
    key: str
    status: MatchStatus
    a: EntrantId | None
    """Player in slot 1, when known (``None`` while pending or for nobody)."""
    b: EntrantId | None
    winner: EntrantId | None = None
    loser: EntrantId | None = None
    """For a walkover: the withdrawn player who forfeited, if any."""


@dataclass(frozen=True, slots=True)
class Placing:
    """``entrant`` finished ``first``..``last`` (a shared band such as 5-8) in ``flight``."""

    flight: str
    entrant: EntrantId
    first: int
    last: int


@dataclass(frozen=True, slots=True)
class BracketState:
    matches: dict[str, MatchState]
    placings: tuple[Placing, ...]
    """Best first per flight; bands of the lowest tier can narrow until that tier is done."""

    def ready(self) -> tuple[MatchState, ...]:
        return tuple(m for m in self.matches.values() if m.status is MatchStatus.READY)

    def champion(self, flight: str = "main") -> EntrantId | None:
        for placing in self.placings:
            if placing.flight == flight and placing.first == 1:
                return placing.entrant
        return None

    def placings_of(self, entrant: EntrantId) -> tuple[Placing, ...]:
        return tuple(p for p in self.placings if p.entrant == entrant)

    @property
    def finished(self) -> bool:
        return all(
            m.status not in (MatchStatus.PENDING, MatchStatus.READY) for m in self.matches.values()
        )


_UNKNOWN = object()
"""A source whose player is not decided yet (distinct from ``None``: nobody)."""


def _slot_of(state: MatchState, player: EntrantId) -> int:
    return 1 if state.a == player else 2


def resolve(
    plan: BracketPlan,
    results: Mapping[str, EntrantId],
    withdrawn: Sequence[EntrantId] = (),
) -> BracketState:
    """Replay ``results`` (winner per played match key) through ``plan``.

    ``withdrawn`` entrants forfeit every match they have not played yet: their opponent gets a
    walkover (the state's ``loser`` is the withdrawn player, placed as if beaten) and they do not
    drop into another stage. ``withdrawn`` is in the order the withdrawals happened: when both
    players of an unplayed match have withdrawn, the one who left last advances (as they did
    while the other was gone), so appending a withdrawal never changes an outcome the bracket
    has already built on. Withdrawals are for good: taking one back after the opponent has
    played on makes that later result invalid. Raises :class:`PairingError` for a result
    on a match that is not ready (``result_not_ready``), a winner who is not in the match
    (``not_a_participant``) or an unknown key (``unknown_match``).
    """
    for key in results:
        plan.match(key)
    withdrawn_order = {entrant: i for i, entrant in enumerate(withdrawn)}
    states: dict[str, MatchState] = {}

    def source_value(source: Source) -> object:
        if isinstance(source, Seed):
            return source.entrant
        if isinstance(source, Bye):
            return None
        state = states[source.key]
        if state.status in (MatchStatus.PENDING, MatchStatus.READY):
            return _UNKNOWN
        if isinstance(source, WinnerOf):
            return state.winner
        if state.status is MatchStatus.PLAYED:
            return state.loser
        if state.status is MatchStatus.WALKOVER and source.after_walkover is not None:
            later_key, slot = source.after_walkover
            later = states[later_key]
            if later.status in (MatchStatus.PENDING, MatchStatus.READY):
                return _UNKNOWN
            loser = later.loser
            if later.status is MatchStatus.PLAYED and loser is not None:
                return loser if _slot_of(later, loser) == slot else None
        return None

    for match in plan.matches:
        states[match.key] = _resolve_match(
            match, source_value, states, results.get(match.key), withdrawn_order
        )
    return BracketState(states, _placings(plan, states))


def _resolve_match(
    match: MatchSlot,
    source_value: Callable[[Source], object],
    states: dict[str, MatchState],
    result: EntrantId | None,
    withdrawn: Mapping[EntrantId, int],
) -> MatchState:
    values = [source_value(s) for s in match.sources]
    if match.reset_of is not None:
        first = states[match.reset_of]
        if first.status in (MatchStatus.PENDING, MatchStatus.READY):
            values = [_UNKNOWN, _UNKNOWN]
        elif first.status is not MatchStatus.PLAYED or first.winner != first.b:
            if result is not None:
                raise PairingError("result_not_ready", f"{match.key} is not played")
            return MatchState(match.key, MatchStatus.VOID, None, None)
    a, b = values
    known_a = a if isinstance(a, EntrantId) else None
    known_b = b if isinstance(b, EntrantId) else None
    if a is _UNKNOWN or b is _UNKNOWN:
        if result is not None:
            raise PairingError("result_not_ready", f"{match.key} does not have both players yet")
        return MatchState(match.key, MatchStatus.PENDING, known_a, known_b)
    if known_a is not None and known_b is not None:
        if result is not None:
            if result not in (known_a, known_b):
                raise PairingError(
                    "not_a_participant", f"{result} does not play in match {match.key}"
                )
            loser = known_b if result == known_a else known_a
            return MatchState(match.key, MatchStatus.PLAYED, known_a, known_b, result, loser)
        a_left, b_left = withdrawn.get(known_a), withdrawn.get(known_b)
        if a_left is not None or b_left is not None:
            a_loses = b_left is None or (a_left is not None and a_left < b_left)
            winner, loser = (known_b, known_a) if a_loses else (known_a, known_b)
            return MatchState(match.key, MatchStatus.WALKOVER, known_a, known_b, winner, loser)
        return MatchState(match.key, MatchStatus.READY, known_a, known_b)
    if result is not None:
        raise PairingError("result_not_ready", f"{match.key} is a walkover, not a match")
    single = known_a if known_a is not None else known_b
    if single is None:
        return MatchState(match.key, MatchStatus.EMPTY, known_a, known_b)
    # A withdrawn player still passes a bye: the withdrawal takes effect at their next real
    # match, so a walkover never changes after the winner's next match was played.
    return MatchState(match.key, MatchStatus.WALKOVER, known_a, known_b, single)


def _placings(plan: BracketPlan, states: dict[str, MatchState]) -> tuple[Placing, ...]:
    """Place bands per flight from the tiers of the matches where players went out.

    A tier's band is as wide as the players already out in it plus its matches still to be
    decided. A withdrawn player who forfeits a match with no tier (winners' bracket) is placed
    in the tier of the match they would have dropped into.
    """
    placings: list[Placing] = []
    for flight in plan.flights():
        matches = [m for m in plan.matches if m.flight == flight]
        tiers = [m.tier for m in matches if m.tier is not None]
        if not tiers:
            continue
        top = max(tiers)
        resets = {m.reset_of: m.key for m in matches if m.reset_of is not None}
        pending: dict[int, int] = {}
        out: dict[int, list[EntrantId]] = {}
        champion: EntrantId | None = None
        for match in matches:
            state = states[match.key]
            tier = match.tier
            if tier is None:
                routes = plan.loser_routes(match.key)
                if state.status is MatchStatus.WALKOVER and state.loser is not None and routes:
                    tier = plan.match(routes[0].key).tier
                    if tier is not None:
                        out.setdefault(tier, []).append(state.loser)
                continue
            if state.status in (MatchStatus.PENDING, MatchStatus.READY):
                if match.reset_of is None or state.status is MatchStatus.READY:
                    pending[tier] = pending.get(tier, 0) + 1
                continue
            if state.status not in (MatchStatus.PLAYED, MatchStatus.WALKOVER):
                continue
            reset = resets.get(match.key)
            if reset is not None and states[reset].status is not MatchStatus.VOID:
                continue
            if state.loser is not None:
                out.setdefault(tier, []).append(state.loser)
            if tier == top:
                champion = state.winner
        if champion is not None:
            placings.append(Placing(flight, champion, 1, 1))
        better = 1
        for tier in sorted(set(out) | set(pending), reverse=True):
            width = len(out.get(tier, ())) + pending.get(tier, 0)
            for entrant in out.get(tier, ()):
                placings.append(Placing(flight, entrant, better + 1, better + width))
            better += width
    return tuple(placings)
