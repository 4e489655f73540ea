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
from functools import lru_cache
from typing import ClassVar, NamedTuple

PlayerId = int


class MatchResult(NamedTuple):
    """A finished match: ``b is None`` (and ``bye=True``) for a bye to ``a``.

    ``*_points`` are backgammon points scored in the match (7-4 in a 7-point match), ``*_games``
    games won (best-of-N), ``*_gammons`` gammons and backgammons won.

    A named tuple, not a dataclass: a big Swiss has ten thousand of them per standings table,
    and a plain tuple in this field order (:data:`ResultRow`, as a query gives it) is accepted
    wherever a ``MatchResult`` is.
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
    award: int | None = None
    """Match points given to ``a`` without a match (a late entry's starting score, a bye
    asked for): not a win, not a bye, no opponent."""


#: A :class:`MatchResult` as a plain tuple in the same field order.
ResultRow = tuple[
    PlayerId, PlayerId | None, PlayerId, int, int, int, int, int, int, bool, int, int | None
]


#: A plain result: an N-point match between two players scored by its final score only (no
#: games, gammons, bye or award): ``(a, b, winner, a_points, b_points)``. Most results of a
#: big Swiss; the table adds them in a loop of their own, cheaper than a :data:`ResultRow`.
PlainRow = tuple[PlayerId, PlayerId, PlayerId | None, int, int]


class StandingRow(NamedTuple):
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
        results: Iterable[ResultRow],
        win_points: int,
        loss_points: int,
        bye_points: int,
        lot_seed: int,
        wins_over: bool = True,
        plain: Iterable[PlainRow] = (),
    ) -> None:
        """``wins_over``: whether to list who beat whom (only head-to-head asks); ``plain``:
        more results, as :data:`PlainRow`."""
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
        self.awarded = [0] * n
        self._add_plain(plain, wins_over)
        self._add(results, wins_over)
        self.match_points = [
            self.won[i] * win_points
            + self.lost[i] * loss_points
            + self.byes[i] * bye_points
            + self.awarded[i]
            for i in range(n)
        ]
        self.match_wins = [self.won[i] + self.byes[i] for i in range(n)]

    def _add_plain(self, results: Iterable[PlainRow], list_wins: bool) -> None:
        """Points and who won, in one pass with local names: a big Swiss has ten thousand
        results per table."""
        index = self.index
        played, won, lost = self.played, self.won, self.lost
        points_for, points_against = self.points_for, self.points_against
        opponents, wins_over = self.opponents, self.wins_over
        for a_id, b_id, winner, a_pts, b_pts in results:
            a = index.get(a_id)
            b = index.get(b_id)
            if a is not None:
                played[a] += 1
                points_for[a] += a_pts
                points_against[a] += b_pts
                if winner == a_id:
                    won[a] += 1
                    if list_wins and b is not None:
                        wins_over.append((a, b))
                else:
                    lost[a] += 1
                if b is not None:
                    opponents[a].append(b)
            if b is not None:
                played[b] += 1
                points_for[b] += b_pts
                points_against[b] += a_pts
                if winner == b_id:
                    won[b] += 1
                    if list_wins and a is not None:
                        wins_over.append((b, a))
                else:
                    lost[b] += 1
                if a is not None:
                    opponents[b].append(a)

    def _add(self, results: Iterable[ResultRow], list_wins: bool) -> None:
        """Awards, byes, games and gammons here; points and who won as plain results."""
        index = self.index
        byes, awarded = self.byes, self.awarded
        games_won, games_lost, gammons_won = self.games_won, self.games_lost, self.gammons_won
        plain: list[PlainRow] = []
        for a_id, b_id, winner, a_pts, b_pts, a_gms, b_gms, a_gam, b_gam, bye, _, award in results:
            a = index.get(a_id)
            if award is not None:
                if a is not None:
                    awarded[a] += award
                continue
            if b_id is None or bye:
                if a is not None:
                    byes[a] += 1
                continue
            b = index.get(b_id)
            if a is not None:
                games_won[a] += a_gms
                games_lost[a] += b_gms
                gammons_won[a] += a_gam
            if b is not None:
                games_won[b] += b_gms
                games_lost[b] += a_gms
                gammons_won[b] += b_gam
            plain.append((a_id, b_id, winner, a_pts, b_pts))
        self._add_plain(plain, list_wins)


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
    results: Iterable[ResultRow],
    metrics: Sequence[str] = DEFAULT_METRICS,
    *,
    win_points: int = 1,
    loss_points: int = 0,
    bye_points: int = 1,
    lot_seed: int = 0,
    plain: Iterable[PlainRow] = (),
) -> list[StandingRow]:
    """Standings rows, best first; rows equal on every metric share a rank. ``plain`` are
    more results, as :data:`PlainRow` (the same as their ``ResultRow``, added faster).

    Raises ``KeyError`` for an unknown metric key and ``ValueError`` for a duplicated player.
    Results involving players not listed are ignored for those players.
    """
    chosen = [METRICS[key]() for key in metrics]
    table = Table(
        player_ids,
        results,
        win_points,
        loss_points,
        bye_points,
        lot_seed,
        wins_over=any(metric.uses_ties for metric in chosen),
        plain=plain,
    )
    n = len(table.players)
    columns: list[list[int]] = []
    signed: list[list[int]] = []  # smaller is better, for one ascending sort
    for metric in chosen:
        groups = _tie_groups(_keys(signed, n)) if metric.uses_ties else [0] * n
        column = metric.values(table, groups)
        columns.append(column)
        signed.append([-v for v in column] if metric.higher_is_better else column)
    keys = _keys(signed, n)
    order = sorted(range(n), key=keys.__getitem__)
    values = list(zip(*columns, strict=True)) if columns else [()] * n
    players, played, won, lost, byes = (
        table.players,
        table.played,
        table.won,
        table.lost,
        table.byes,
    )
    match_points, games_won, games_lost = table.match_points, table.games_won, table.games_lost
    points_for, points_against, gammons = (
        table.points_for,
        table.points_against,
        table.gammons_won,
    )
    rows: list[StandingRow] = []
    rank_ = 0
    previous: tuple[int, ...] | None = None
    for position, i in enumerate(order, start=1):
        if keys[i] != previous:
            rank_, previous = position, keys[i]
        rows.append(
            StandingRow(
                rank_,
                players[i],
                played[i],
                won[i],
                lost[i],
                byes[i],
                match_points[i],
                games_won[i],
                games_lost[i],
                points_for[i],
                points_against[i],
                points_for[i] - points_against[i],
                gammons[i],
                values[i],
            )
        )
    return rows


def _keys(signed: list[list[int]], n: int) -> list[tuple[int, ...]]:
    """Each player's sort key: the signed metric values so far, in order."""
    return list(zip(*signed, strict=True)) if signed else [()] * n
