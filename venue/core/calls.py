"""Which waiting match goes to which free table.

The matches are taken in the order of the night: Main before Consolation before Last Chance
(every other stage counts as the main one), then the earlier round, then the longer wait,
then the lower id so that the order is total. Each in turn gets a free table its tournament
may use, unless one of its players is busy (at a table now, or called a moment ago for an
earlier match): the table one of its players has just left if it is free, else the first
free table. Greedy in that order, so once it is done no waiting match with two free players
has a free table it may use: a table stays empty only when nothing can be played on it.

    >>> night = [Waiting(match=1, players=(1, 2), round=1, since=0.0),
    ...          Waiting(match=2, players=(3, 4), round=1, since=5.0, stage="consolation")]
    >>> allocate(night, free_tables=[7, 8])
    [Call(match=1, table=7), Call(match=2, table=8)]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

#: Where a stage's matches come in the order of calls; a stage not named here is main.
STAGE_RANK: Mapping[str, int] = {"consolation": 1, "last_chance": 2}


@dataclass(frozen=True, slots=True)
class Waiting:
    """A match that may be called: both players known, present and not yet at a table."""

    match: int
    players: tuple[int, int]
    round: int
    since: float
    """When it began to wait (any number that grows with time: seconds, a timestamp)."""
    stage: str = "main"
    tables: frozenset[int] | None = None
    """The tables its tournament may use; ``None``: every table of the club."""

    @property
    def priority(self) -> tuple[int, int, float, int]:
        return (STAGE_RANK.get(self.stage, 0), self.round, self.since, self.match)


@dataclass(frozen=True, slots=True)
class Call:
    match: int
    table: int


def in_order(waiting: Iterable[Waiting]) -> list[Waiting]:
    """The matches in the order they are called."""
    return sorted(waiting, key=lambda w: w.priority)


def allocate(
    waiting: Iterable[Waiting],
    *,
    free_tables: Sequence[int],
    busy_players: Collection[int] = (),
    last_table: Mapping[int, int] | None = None,
) -> list[Call]:
    """The calls to make now: ``free_tables`` in the order a table is chosen, ``busy_players``
    those who may not be called (at a table now), ``last_table`` the table each player has
    just left (he keeps it when it is free)."""
    free = list(free_tables)
    busy = set(busy_players)
    last = last_table or {}
    calls: list[Call] = []
    for match in in_order(waiting):
        if not free:
            break
        if busy.intersection(match.players):
            continue
        usable = [t for t in free if match.tables is None or t in match.tables]
        if not usable:
            continue
        kept = [last[p] for p in match.players if p in last and last[p] in usable]
        table = kept[0] if kept else usable[0]
        free.remove(table)
        busy.update(match.players)
        calls.append(Call(match=match.match, table=table))
    return calls


class CallError(ValueError):
    """A call that cannot be made: ``reason`` names why, the caller says it in words."""

    def __init__(self, reason: str, *, table: int | None = None, player: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.table = table
        self.player = player


def check_call(
    match: Waiting,
    table: int,
    *,
    tables_in_use: Collection[int],
    tables_out_of_service: Collection[int],
    busy_players: Collection[int],
) -> None:
    """Refuse a call by hand to a table in use or out of service, or of a busy player."""
    if table in tables_out_of_service:
        raise CallError("out_of_service", table=table)
    if table in tables_in_use:
        raise CallError("table_in_use", table=table)
    for player in match.players:
        if player in busy_players:
            raise CallError("player_busy", player=player)
