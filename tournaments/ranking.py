"""Standings: tie-break metrics over plain match results (pure, no Django).

``rank(player_ids, results, metrics)`` sorts players by the chosen metrics in order and gives
equal rows a shared rank. Every metric is O(players + results); head-to-head is computed only
inside groups that are exactly tied on the metrics before it.

Byes: a bye counts as a win worth ``bye_points`` match points; it is not a played match and has
no opponent, so it adds nothing to Buchholz-style metrics or to points and games.

Pass every entrant who has results (withdrawn ones too, so that their opponents keep their
Buchholz) and hide rows afterwards if needed. Elimination placings live with the bracket code:
``tournaments.pairing.resolve``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

PlayerId = int


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match: ``b is None`` (and ``bye=True``) for a bye to ``a``.

    ``*_points`` are backgammon points scored in the match (7-4 in a 7-point match), ``*_games``
    games won (best-of-N), ``*_gammons`` gammons and backgammons won.
    """

    a: PlayerId
    b: PlayerId | None
    winner: PlayerId
    a_points: int = 0
    b_points: int = 0
    a_games: int = 0
    b_games: int = 0
    a_gammons: int = 0
    b_gammons: int = 0
    bye: bool = False
    round_number: int = 0


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int
    player: PlayerId
    played: int
    """Matches played, byes excluded."""
    won: int
    lost: int
    byes: int
    match_points: int
    games_won: int
    games_lost: int
    points_for: int
    points_against: int
    points_diff: int
    gammons_won: int
    metrics: tuple[int, ...]
    """Values of the requested metrics, in the requested order."""


class Table:
    """Per-player totals, indexed by position in ``players``."""

    def __init__(
        self,
        players: Sequence[PlayerId],
        results: Iterable[MatchResult],
        win_points: int,
        loss_points: int,
        bye_points: int,
        lot_seed: int,
    ) -> None:
        self.players = list(players)
        self.index = {p: i for i, p in enumerate(self.players)}
        if len(self.index) != len(self.players):
            raise ValueError("a player is listed twice")
        n = len(self.players)
        self.lot_seed = lot_seed
        self.played = [0] * n
        self.won = [0] * n
        self.lost = [0] * n
        self.byes = [0] * n
        self.games_won = [0] * n
        self.games_lost = [0] * n
        self.points_for = [0] * n
        self.points_against = [0] * n
        self.gammons_won = [0] * n
        self.opponents: list[list[int]] = [[] for _ in range(n)]
        self.wins_over: list[tuple[int, int]] = []
        index = self.index
        for r in results:
            a = index.get(r.a)
            b = index.get(r.b) if r.b is not None else None
            if r.b is None or r.bye:
                if a is not None:
                    self.byes[a] += 1
                continue
            for me, other, pf, pa, gf, ga, gam, win in (
                (a, b, r.a_points, r.b_points, r.a_games, r.b_games, r.a_gammons, r.winner == r.a),
                (b, a, r.b_points, r.a_points, r.b_games, r.a_games, r.b_gammons, r.winner == r.b),
            ):
                if me is None:
                    continue
                self.played[me] += 1
                if win:
                    self.won[me] += 1
                else:
                    self.lost[me] += 1
                self.points_for[me] += pf
                self.points_against[me] += pa
                self.games_won[me] += gf
                self.games_lost[me] += ga
                self.gammons_won[me] += gam
                if other is not None:
                    self.opponents[me].append(other)
                    if win:
                        self.wins_over.append((me, other))
        self.match_points = [
            self.won[i] * win_points + self.lost[i] * loss_points + self.byes[i] * bye_points
            for i in range(n)
        ]
        self.match_wins = [self.won[i] + self.byes[i] for i in range(n)]


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
        mp = table.match_points
        return [sum(mp[o] for o in opponents) for opponents in table.opponents]


class MedianBuchholz(Metric):
    """Buchholz without the best and the worst opponent (with three opponents or more)."""

    key, label, abbreviation = "median_buchholz", "Median-Buchholz", "MBh"

    def values(self, table: Table, tie_group: Sequence[int]) -> list[int]:
        mp = table.match_points
        result = []
        for opponents in table.opponents:
            scores = [mp[o] for o in opponents]
            total = sum(scores)
            if len(scores) >= 3:
                total -= max(scores) + min(scores)
            result.append(total)
        return result


class OpponentsMatchWins(Metric):
    key, label, abbreviation = "opponents_match_wins", "Opponents' match wins", "OMW"

    def values(self, table: Table, tie_group: Sequence[int]) -> list[int]:
        wins = table.match_wins
        return [sum(wins[o] for o in opponents) for opponents in table.opponents]


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
        drawn = sorted(table.players)
        random.Random(table.lot_seed).shuffle(drawn)
        place = {p: i for i, p in enumerate(drawn)}
        return [len(drawn) - place[p] for p in table.players]


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


def _tie_groups(keys: Sequence[tuple[int, ...]]) -> list[int]:
    order = sorted(range(len(keys)), key=lambda i: keys[i])
    group = [0] * len(keys)
    current = -1
    previous: tuple[int, ...] | None = None
    for i in order:
        if keys[i] != previous:
            current += 1
            previous = keys[i]
        group[i] = current
    return group


def rank(
    player_ids: Sequence[PlayerId],
    results: Iterable[MatchResult],
    metrics: Sequence[str] = DEFAULT_METRICS,
    *,
    win_points: int = 1,
    loss_points: int = 0,
    bye_points: int = 1,
    lot_seed: int = 0,
) -> list[StandingRow]:
    """Standings rows, best first; rows equal on every metric share a rank.

    Raises ``KeyError`` for an unknown metric key and ``ValueError`` for a duplicated player.
    Results involving players not listed are ignored for those players.
    """
    chosen = [METRICS[key]() for key in metrics]
    table = Table(player_ids, results, win_points, loss_points, bye_points, lot_seed)
    n = len(table.players)
    columns: list[list[int]] = []
    keys: list[tuple[int, ...]] = [() for _ in range(n)]
    for metric in chosen:
        groups = _tie_groups(keys) if metric.uses_ties else [0] * n
        column = metric.values(table, groups)
        columns.append(column)
        sign = 1 if metric.higher_is_better else -1
        keys = [(*keys[i], -sign * column[i]) for i in range(n)]
    order = sorted(range(n), key=lambda i: keys[i])
    rows: list[StandingRow] = []
    for position, i in enumerate(order):
        shared = position > 0 and keys[i] == keys[order[position - 1]]
        rows.append(
            StandingRow(
                rank=rows[-1].rank if shared else position + 1,
                player=table.players[i],
                played=table.played[i],
                won=table.won[i],
                lost=table.lost[i],
                byes=table.byes[i],
                match_points=table.match_points[i],
                games_won=table.games_won[i],
                games_lost=table.games_lost[i],
                points_for=table.points_for[i],
                points_against=table.points_against[i],
                points_diff=table.points_for[i] - table.points_against[i],
                gammons_won=table.gammons_won[i],
                metrics=tuple(column[i] for column in columns),
            )
        )
    return rows
