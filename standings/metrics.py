"""Tie-break metrics over the per-player totals (pure, no Django), one class each, in one
registry (``METRICS``) keyed as a tournament stores its chosen tie-breaks.

Every metric is O(players + results); head-to-head is computed only inside groups that are
exactly tied on the metrics before it (``standings.rank`` forms them).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import lru_cache
from typing import ClassVar

from standings.totals import PlayerId, Table


class Metric(ABC):
    key: ClassVar[str]
    label: ClassVar[str]
    """English; the adapter wraps it for translation."""
    abbreviation: ClassVar[str]
    higher_is_better: ClassVar[bool] = True
    uses_ties: ClassVar[bool] = False
    """Computed within groups tied on the metrics before it (head-to-head)."""

    @abstractmethod
    def values(self, table: Table, tie_group: Sequence[int]) -> list[int]:
        """One value per player of ``table``, in its order."""


class MatchPoints(Metric):
    key, label, abbreviation = "match_points", "Match points", "MP"

    def values(self, table: Table, tie_group: Sequence[int]) -> list[int]:
        return list(table.match_points)


class MatchWins(Metric):
    key, label, abbreviation = "match_wins", "Match wins", "W"

    def values(self, table: Table, tie_group: Sequence[int]) -> list[int]:
        return list(table.match_wins)


class PointsDifference(Metric):
    key, label, abbreviation = "points_difference", "Points difference", "+/-"

    def values(self, table: Table, tie_group: Sequence[int]) -> list[int]:
        return [f - a for f, a in zip(table.points_for, table.points_against, strict=True)]


class Buchholz(Metric):
    key, label, abbreviation = "buchholz", "Buchholz", "Bh"

    def values(self, table: Table, tie_group: Sequence[int]) -> list[int]:
        at = table.match_points.__getitem__
        return [sum(map(at, opponents)) for opponents in table.opponents]


class MedianBuchholz(Metric):
    """Buchholz without the best and the worst opponent (with three opponents or more)."""

    key, label, abbreviation = "median_buchholz", "Median-Buchholz", "MBh"

    def values(self, table: Table, tie_group: Sequence[int]) -> list[int]:
        at = table.match_points.__getitem__
        result = []
        for opponents in table.opponents:
            scores = list(map(at, opponents))
            total = sum(scores)
            if len(scores) >= 3:
                total -= max(scores) + min(scores)
            result.append(total)
        return result


class OpponentsMatchWins(Metric):
    key, label, abbreviation = "opponents_match_wins", "Opponents' match wins", "OMW"

    def values(self, table: Table, tie_group: Sequence[int]) -> list[int]:
        wins = table.match_wins
        at = wins.__getitem__
        return [sum(map(at, opponents)) for opponents in table.opponents]


class HeadToHead(Metric):
    """Wins against the other players of the same exactly-tied group (0 when not tied)."""

    key, label, abbreviation = "head_to_head", "Head-to-head", "H2H"
    uses_ties = True

    def values(self, table: Table, tie_group: Sequence[int]) -> list[int]:
        sizes: dict[int, int] = {}
        for g in tie_group:
            sizes[g] = sizes.get(g, 0) + 1
        result = [0] * len(table.players)
        for winner, loser in table.wins_over:
            group = tie_group[winner]
            if group == tie_group[loser] and sizes[group] > 1:
                result[winner] += 1
        return result


class Lot(Metric):
    """A random but reproducible order: the same seed and players give the same draw."""

    key, label, abbreviation = "lot", "Lot", "Lot"

    def values(self, table: Table, tie_group: Sequence[int]) -> list[int]:
        place = _lot_places(table.lot_seed, tuple(sorted(table.players)))
        count = len(place)
        return [count - place[p] for p in table.players]


@lru_cache(maxsize=64)
def _lot_places(seed: int, players: tuple[PlayerId, ...]) -> dict[PlayerId, int]:
    """Each player's place in the lot drawn with ``seed``: the same for every table of the
    same players (shuffling a 2,048-player Swiss took a millisecond every time)."""
    drawn = list(players)
    random.Random(seed).shuffle(drawn)
    return {p: i for i, p in enumerate(drawn)}


METRICS: dict[str, type[Metric]] = {
    cls.key: cls
    for cls in (
        MatchPoints,
        MatchWins,
        PointsDifference,
        Buchholz,
        MedianBuchholz,
        OpponentsMatchWins,
        HeadToHead,
        Lot,
    )
}

DEFAULT_METRICS = ("match_points", "buchholz", "median_buchholz", "points_difference", "lot")
