"""A tournament's version: one number that every change its public pages show raises.

The public pages and the API reads are cached under it (``tournaments.pagecache``) and answer
HTMX polling with it as their ETag, so it rises in the transaction of the change, raised by
the service that makes the change, once per change:

    with versions.tournament_change(tournament.pk):
        ...  # the service's writes

Entering the block is one ``UPDATE ... SET version = version + 1`` of the tournament's row,
the first statement of the service's transaction that locks anything: the UPDATE takes the
row's lock, so every writer of a tournament takes that lock first. The variants find the
tournament of a stage, a round (here) or a match (``matches.versions.match_change``) inside
the same UPDATE (inside a block that raised another tournament already, a plain read finds it
first); :func:`tournaments_change` raises many at once (a club or a player renamed), locking
them in the order of their ids.

Once per change: a block inside another block of the same call stack (a confirmed report
recording its final score, a withdrawal awarding forfeits, a file's games recorded one by
one) raises nothing for a tournament that an enclosing block raised already. What the open
blocks raised lives in a context variable for the blocks' extent only: leaving a block
forgets what it raised, so a block that failed (its savepoint rolled back with its UPDATE)
leaves nothing that could make a later block skip its raise, and neither can a transaction
that ended (a block lies inside its transaction: entering one outside any is refused).

A service that usually finds nothing to do (catching a tournament up with its results,
drawing a round that is drawn already) locks the row first (``tournament_lock``: the same
order) and calls :func:`tournament_changed` once it has changed something; one that can tell
from a plain read (an analysis asked for again) enters its block only when it will write.

One lock order for the whole house, so that two transactions never wait for each other in a
circle:

    club → tournament → stage/round → entry → match → game/report/file/online game → the rest

A club's row comes first (``clubs.versions``): ratings lock it, a tournament created or
deleted raises it, a guest entered at a tournament joins its club. Services that hold the
tournament's row run one at a time per tournament, so below it the order matters for the
writers that do not take it: online play (each move locks its ``OnlineGame`` only).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import AbstractContextManager, ExitStack, contextmanager
from contextvars import ContextVar
from types import MappingProxyType
from typing import Any

from django.db import connection
from django.db.models import Q, QuerySet

from config.versions import check_in_transaction, raise_version, raise_versions
from tournaments.models import Stage, Tournament

#: What a block was entered for: ("tournament" | "stage" | "round" | "match", its id).
Key = tuple[str, int]

#: The tournaments raised by the open blocks of this call stack, by what each block was
#: entered for (a stage, a round, a match resolve to their tournament).
_raised: ContextVar[Mapping[Key, int]] = ContextVar(
    "tournament_versions_raised", default=MappingProxyType({})
)


def _sql(queryset: QuerySet[Any]) -> tuple[str, tuple[Any, ...]]:
    sql, params = queryset.query.sql_with_params()
    return sql, tuple(params)


def _raise_of(tournament_of: QuerySet[Any]) -> int | None:
    """Raise the version of the tournament ``tournament_of`` selects (one value: its id) in
    one statement; the tournament's id, None when there is none."""
    sub, params = _sql(tournament_of)
    table = connection.ops.quote_name(Tournament._meta.db_table)
    version = connection.ops.quote_name(Tournament._meta.get_field("version").column)
    pk = connection.ops.quote_name(Tournament._meta.pk.column)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET {version} = {version} + 1 WHERE {pk} = ({sub}) RETURNING {pk}",
            params,
        )
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def _read(tournament_of: QuerySet[Any]) -> int | None:
    found = tournament_of.first()
    return None if found is None else int(found)


@contextmanager
def changing(key: Key, tournament_of: QuerySet[Any] | int | None) -> Iterator[int | None]:
    """The block of a change to what ``key`` names, whose tournament is ``tournament_of``
    (its id when it is known, else a query of its id: ``values_list(..., flat=True)``):
    its version raised on entering, unless an enclosing block raised it. Yields the
    tournament's id (None when the row is not there: nothing is raised)."""
    raised = _raised.get()
    tournament_id = raised.get(key)
    if tournament_id is None and tournament_of is not None:
        check_in_transaction()
        if isinstance(tournament_of, int):
            tournament_id = tournament_of
            if tournament_id not in raised.values():
                raise_version(Tournament, tournament_id)
        elif not raised:  # nothing raised yet: find it and raise it in one statement
            tournament_id = _raise_of(tournament_of)
        else:
            tournament_id = _read(tournament_of)
            if tournament_id is not None and tournament_id not in raised.values():
                raise_version(Tournament, tournament_id)
    if tournament_id is None:
        yield None
        return
    token = _raised.set(
        MappingProxyType(
            {**raised, key: tournament_id, ("tournament", tournament_id): tournament_id}
        )
    )
    try:
        yield tournament_id
    finally:
        _raised.reset(token)


def tournament_change(tournament_id: int) -> AbstractContextManager[int | None]:
    """The block of a change to this tournament (see the module's docstring)."""
    return changing(("tournament", tournament_id), tournament_id)


def stage_change(stage_id: int) -> AbstractContextManager[int | None]:
    """The block of a change to this stage's tournament."""
    return changing(
        ("stage", stage_id),
        Stage.objects.filter(pk=stage_id).order_by().values_list("tournament_id", flat=True),
    )


def round_change(round_id: int) -> AbstractContextManager[int | None]:
    """The block of a change to this round's tournament."""
    return changing(
        ("round", round_id),
        Stage.objects.filter(rounds__pk=round_id)
        .order_by()
        .values_list("tournament_id", flat=True),
    )


@contextmanager
def tournaments_change(condition: Q) -> Iterator[list[int]]:
    """The block of a change to every tournament matching ``condition`` (a club or a player
    renamed): those not raised by an enclosing block are locked in the order of their ids
    and raised with one UPDATE. Yields their ids."""
    check_in_transaction()
    raised = _raised.get()
    ids = raise_versions(Tournament, condition, set(raised.values()))
    token = _raised.set(MappingProxyType({**raised, **{("tournament", pk): pk for pk in ids}}))
    try:
        yield ids
    finally:
        _raised.reset(token)


@contextmanager
def each_tournament_change(tournament_ids: Iterable[int]) -> Iterator[None]:
    """The blocks of changes to several tournaments, entered in the order of their ids (two
    such changes never wait for each other in a circle)."""
    with ExitStack() as stack:
        for tournament_id in sorted(set(tournament_ids)):
            stack.enter_context(tournament_change(tournament_id))
        yield


def tournament_changed(tournament_id: int) -> None:
    """For a service that locked the tournament's row first (``tournament_lock``) and found
    out late that it changed something: raise the version now, unless an enclosing block
    did."""
    with tournament_change(tournament_id):
        pass


def tournaments_showing(kind: str, pk: int) -> AbstractContextManager[list[int]]:
    """The block of a change to the tournaments whose pages show a club's or a player's own
    fields (``clubs.versions.also_shown_by``): the club's tournaments, or those the player
    entered."""
    return tournaments_change(Q(club_id=pk) if kind == "club" else Q(entries__player_id=pk))
