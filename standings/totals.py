"""Match results in, per-player totals out (pure, no Django): the table the tie-break metrics
(``standings.metrics``) and the ranking (``standings.rank``) read.

Byes: a bye counts as a win worth ``bye_points`` match points; it is not a played match and has
no opponent, so it adds nothing to Buchholz-style metrics or to points and games.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

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
