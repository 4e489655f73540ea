"""The ranking as it was written first (one obvious pass, per-result tuples, keys grown one
metric at a time): the reference that ``standings.rank``'s faster one must equal."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from standings.metrics import METRICS
from standings.rank import StandingRow
from standings.totals import MatchResult, PlayerId

DEFAULT_METRICS = ("match_points", "buchholz", "median_buchholz", "points_difference", "lot")


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
        self.awarded = [0] * n
        for r in results:
            a = index.get(r.a)
            b = index.get(r.b) if r.b is not None else None
            if r.award is not None:
                if a is not None:
                    self.awarded[a] += r.award
                continue
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
            self.won[i] * win_points
            + self.lost[i] * loss_points
            + self.byes[i] * bye_points
            + self.awarded[i]
            for i in range(n)
        ]
        self.match_wins = [self.won[i] + self.byes[i] for i in range(n)]


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
