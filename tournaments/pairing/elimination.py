"""Bracket builders: single elimination, main/consolation/last chance, double elimination.

All builders take the entrants in seed order (see :mod:`.seeding`) and return a
:class:`~.bracket.BracketPlan`; :func:`~.resolve.resolve` plays results into it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .bracket import BracketPlan, Bye, LoserOf, MatchSlot, Seed, SlotNumber, Source, WinnerOf
from .errors import PairingError
from .seeding import bracket_size, check_unique, standard_order
from .types import EntrantId


def key_of(prefix: str, round_number: int, index: int) -> str:
    return f"{prefix}{round_number}.{index}"


def check_entrants(entrants: Sequence[EntrantId], minimum: int = 2) -> None:
    if len(entrants) < minimum:
        raise PairingError(
            "too_few_entrants", f"need at least {minimum} entrants, got {len(entrants)}"
        )
    check_unique(entrants)


def first_round_sources(entrants: Sequence[EntrantId], size: int) -> list[Source]:
    """One source per bracket position: the seeded entrant, or a bye past the field."""
    sources: list[Source] = []
    for seed in standard_order(size):
        sources.append(Seed(entrants[seed - 1]) if seed <= len(entrants) else Bye())
    return sources


class PlanBuilder:
    """Collects match slots and keeps, per match, the set of round-one positions (a bit mask)
    its players can come from; drop-in orders use the masks to avoid immediate rematches."""

    def __init__(self) -> None:
        self.matches: list[MatchSlot] = []
        self.masks: dict[str, int] = {}
        self.position_masks: dict[int, int] = {}

    def source_mask(self, source: Source) -> int:
        if isinstance(source, Seed):
            return self.position_masks.get(source.entrant, 0)
        if isinstance(source, WinnerOf | LoserOf):
            mask = self.masks[source.key]
            if isinstance(source, LoserOf) and source.after_walkover is not None:
                mask |= self.masks[source.after_walkover[0]]
            return mask
        return 0

    def add(
        self,
        key: str,
        stage: str,
        flight: str,
        round_number: int,
        index: int,
        sources: tuple[Source, Source],
        tier: int | None,
        reset_of: str | None = None,
    ) -> str:
        self.matches.append(
            MatchSlot(key, stage, flight, round_number, index, sources, tier, reset_of)
        )
        self.masks[key] = self.source_mask(sources[0]) | self.source_mask(sources[1])
        return key

    def halve(
        self, prefix: str, stage: str, flight: str, previous: list[str], round_number: int
    ) -> list[str]:
        """One round pairing the winners of ``previous`` (1 v 2, 3 v 4, ...)."""
        return [
            self.add(
                key_of(prefix, round_number, i // 2 + 1),
                stage,
                flight,
                round_number,
                i // 2 + 1,
                (WinnerOf(previous[i]), WinnerOf(previous[i + 1])),
                round_number,
            )
            for i in range(0, len(previous), 2)
        ]

    def knockout_rounds(
        self, prefix: str, stage: str, flight: str, previous: list[str], round_number: int
    ) -> list[str]:
        """Halve round after round until one match is left; returns the last round."""
        while len(previous) > 1:
            previous = self.halve(prefix, stage, flight, previous, round_number)
            round_number += 1
        return previous

    def drop_order(self, survivors: list[str], droppers: list[str]) -> list[str]:
        """Droppers reordered so that each meets survivors they cannot have played yet.

        Tries the orders ``i -> i XOR x`` (identity, reverse, swapped halves, ...) and keeps
        the one with the fewest round-one positions shared between the two sides of a match.
        """
        count = len(droppers)
        if count <= 1:
            return list(droppers)
        candidates = [count - 1, count // 2, *range(count)]
        if count > 64:
            candidates = [count - 1, count // 2, 0]
            step = 1
            while step < count:
                candidates.extend((step, step - 1, (count - 1) ^ step))
                step *= 2
        best: list[str] = []
        best_cost = -1
        for x in candidates:
            order = [droppers[i ^ x] for i in range(count)]
            cost = sum(
                (self.masks[s] & self.masks[d]).bit_count()
                for s, d in zip(survivors, order, strict=True)
            )
            if best_cost < 0 or cost < best_cost:
                best, best_cost = order, cost
                if cost == 0:
                    break
        return best


def main_knockout(
    builder: PlanBuilder,
    entrants: Sequence[EntrantId],
    size: int,
    prefix: str,
    stage: str,
    flight: str,
    eliminates: bool,
) -> list[list[str]]:
    """A seeded knockout; returns the match keys per round."""
    sources = first_round_sources(entrants, size)
    for position, source in enumerate(sources):
        if isinstance(source, Seed):
            builder.position_masks[source.entrant] = 1 << position
    rounds: list[list[str]] = []
    current = []
    for i in range(0, size, 2):
        current.append(
            builder.add(
                key_of(prefix, 1, i // 2 + 1),
                stage,
                flight,
                1,
                i // 2 + 1,
                (sources[i], sources[i + 1]),
                1 if eliminates else None,
            )
        )
    rounds.append(current)
    round_number = 2
    while len(current) > 1:
        nxt = []
        for i in range(0, len(current), 2):
            nxt.append(
                builder.add(
                    key_of(prefix, round_number, i // 2 + 1),
                    stage,
                    flight,
                    round_number,
                    i // 2 + 1,
                    (WinnerOf(current[i]), WinnerOf(current[i + 1])),
                    round_number if eliminates else None,
                )
            )
        rounds.append(nxt)
        current = nxt
        round_number += 1
    return rounds


def losers_bracket(
    builder: PlanBuilder,
    prefix: str,
    stage: str,
    flight: str,
    feeder_rounds: list[list[str]],
    last_drop_round: int,
) -> list[str]:
    """Losers' bracket fed by ``feeder_rounds``: round-one losers pair up, then the losers of
    feeder rounds 2..``last_drop_round`` drop in one round at a time (a drop-in round, then a
    round that halves the field). After the last drop-in the survivors play down to one.
    Returns the keys of the last round."""
    first = feeder_rounds[0]
    current = []
    for i in range(0, len(first), 2):
        current.append(
            builder.add(
                key_of(prefix, 1, i // 2 + 1),
                stage,
                flight,
                1,
                i // 2 + 1,
                (LoserOf(first[i]), LoserOf(first[i + 1])),
                1,
            )
        )
    round_number = 2
    for feeder in range(2, last_drop_round + 1):
        droppers = builder.drop_order(current, feeder_rounds[feeder - 1])
        current = [
            builder.add(
                key_of(prefix, round_number, i + 1),
                stage,
                flight,
                round_number,
                i + 1,
                (WinnerOf(survivor), LoserOf(dropper)),
                round_number,
            )
            for i, (survivor, dropper) in enumerate(zip(current, droppers, strict=True))
        ]
        round_number += 1
        if feeder < last_drop_round and len(current) > 1:
            current = builder.halve(prefix, stage, flight, current, round_number)
            round_number += 1
    return builder.knockout_rounds(prefix, stage, flight, current, round_number)


def first_loss_sources(
    feeder_first: list[str], next_of: dict[str, tuple[str, SlotNumber]]
) -> list[tuple[Source, Source]]:
    """Pairs of round-one losers of a bracket; a walkover's winner who loses their first real
    match takes the walkover's place (``LoserOf.after_walkover``)."""
    return [
        (
            LoserOf(feeder_first[i], next_of[feeder_first[i]]),
            LoserOf(feeder_first[i + 1], next_of[feeder_first[i + 1]]),
        )
        for i in range(0, len(feeder_first), 2)
    ]


def next_slots(round_keys: list[str], next_round: list[str]) -> dict[str, tuple[str, SlotNumber]]:
    """For a plain knockout: match ``i`` of a round feeds slot 1 or 2 of match ``i // 2``."""
    result: dict[str, tuple[str, SlotNumber]] = {}
    for i, key in enumerate(round_keys):
        result[key] = (next_round[i // 2], 1 if i % 2 == 0 else 2)
    return result


def single_elimination_plan(entrants: Sequence[EntrantId]) -> BracketPlan:
    check_entrants(entrants)
    size = bracket_size(len(entrants))
    builder = PlanBuilder()
    main_knockout(builder, entrants, size, "M", "main", "main", eliminates=True)
    return BracketPlan("single_elimination", tuple(entrants), size, tuple(builder.matches))


#: Fewest entrants for whom a progressive consolation drops anybody in after round one: with
#: four or fewer the second main round is the final, and its loser is second.
PROGRESSIVE_MIN_ENTRANTS = 5


def progressive_last_round(entrants: int, until: int | None = None) -> int:
    """The last main round whose losers drop into a progressive consolation, for a field of
    ``entrants``; below 2 when only round-one losers play the consolation. By default the
    round before the semi-finals, but at least round 2 (the semi-finals in a bracket of
    eight); never the final, whose loser is second."""
    rounds_total = bracket_size(max(entrants, 2)).bit_length() - 1
    last = max(2, rounds_total - 2) if until is None else until
    return min(last, rounds_total - 1)


def main_consolation_plan(
    entrants: Sequence[EntrantId],
    *,
    last_chance: bool = False,
    progressive_consolation: bool = False,
    progressive_until_round: int | None = None,
) -> BracketPlan:
    """Main knockout, consolation for first-match losers, optional last chance.

    Consolation: losers of main round one, plus players who had a round-one bye (or walkover)
    and lose their first match in round two. With ``progressive_consolation`` the losers of main
    rounds 2 .. ``progressive_until_round`` (default: see :func:`progressive_last_round`)
    drop into the consolation in later rounds instead, each drop-in round ordered so that nobody
    meets a player they could have played in the main.
    Last chance: losers of consolation round one (and walkover winners who lose their first
    consolation match).
    """
    check_entrants(entrants)
    size = bracket_size(len(entrants))
    rounds_total = size.bit_length() - 1
    builder = PlanBuilder()
    main_rounds = main_knockout(builder, entrants, size, "M", "main", "main", eliminates=True)
    if rounds_total < 2:
        return BracketPlan("main_consolation", tuple(entrants), size, tuple(builder.matches))
    last_drop = progressive_last_round(len(entrants), progressive_until_round)
    consolation_first: list[str]
    consolation_next: dict[str, tuple[str, SlotNumber]]
    if progressive_consolation and last_drop >= 2:
        losers_bracket(builder, "C", "consolation", "consolation", main_rounds, last_drop)
        consolation_first = [m.key for m in builder.matches if m.key.startswith("C1.")]
        consolation_next = {key: (f"C2.{i + 1}", 1) for i, key in enumerate(consolation_first)}
    else:
        pairs = first_loss_sources(main_rounds[0], next_slots(main_rounds[0], main_rounds[1]))
        consolation_first = [
            builder.add(key_of("C", 1, i + 1), "consolation", "consolation", 1, i + 1, pair, 1)
            for i, pair in enumerate(pairs)
        ]
        builder.knockout_rounds("C", "consolation", "consolation", consolation_first, 2)
        consolation_next = (
            next_slots(consolation_first, [f"C2.{i + 1}" for i in range(len(pairs) // 2)])
            if len(pairs) > 1
            else {}
        )
    if last_chance and len(consolation_first) >= 2:
        pairs = first_loss_sources(consolation_first, consolation_next)
        last_first = [
            builder.add(key_of("LC", 1, i + 1), "last_chance", "last_chance", 1, i + 1, pair, 1)
            for i, pair in enumerate(pairs)
        ]
        builder.knockout_rounds("LC", "last_chance", "last_chance", last_first, 2)
    return BracketPlan("main_consolation", tuple(entrants), size, tuple(builder.matches))


def double_elimination_plan(
    entrants: Sequence[EntrantId], *, grand_final_reset: bool = False
) -> BracketPlan:
    """Winners' bracket, losers' bracket, grand final (``F1``) and optional reset (``F2``).

    Winners' bracket losers of round ``r`` drop into the losers' bracket (round one pairs the
    round-one losers; later drops are ordered to avoid immediate rematches). The grand final
    is winners' champion (slot 1) v losers' champion (slot 2); with ``grand_final_reset`` a
    second final ``F2`` is played only if the losers' champion wins ``F1``.
    """
    check_entrants(entrants)
    size = bracket_size(len(entrants))
    rounds_total = size.bit_length() - 1
    builder = PlanBuilder()
    winners = main_knockout(builder, entrants, size, "W", "winners", "main", eliminates=False)
    champion_of_winners = winners[-1][0]
    if rounds_total == 1:
        final_sources: tuple[Source, Source] = (
            WinnerOf(champion_of_winners),
            LoserOf(champion_of_winners),
        )
        tier = 1
    else:
        losers_final = losers_bracket(builder, "L", "losers", "main", winners, rounds_total)
        final_sources = (WinnerOf(champion_of_winners), WinnerOf(losers_final[0]))
        tier = 2 * (rounds_total - 1) + 1
    builder.add("F1", "final", "main", 1, 1, final_sources, tier)
    if grand_final_reset:
        builder.add("F2", "final", "main", 2, 1, final_sources, tier, reset_of="F1")
    return BracketPlan("double_elimination", tuple(entrants), size, tuple(builder.matches))
