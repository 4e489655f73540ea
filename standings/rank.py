"""Standings: players sorted by tie-break metrics over plain match results (pure, no Django).

``rank(player_ids, results, metrics)`` sorts players by the chosen metrics in order and gives
equal rows a shared rank.

Pass every entrant who has results (withdrawn ones too, so that their opponents keep their
Buchholz) and hide rows afterwards if needed. Elimination placings live with the bracket code:
``tournaments.pairing.resolve``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from standings.metrics import DEFAULT_METRICS, METRICS
from standings.totals import PlainRow, PlayerId, ResultRow, Table


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
