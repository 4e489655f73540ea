"""A club's version: raised in the transaction of every change its own pages show that is not
a tournament's (tournaments raise their own, ``tournaments.versions``).

The club's pages (its home, leaderboard, player profiles, head-to-head, seasons) are cached
for visitors under the club's version together with the sum and the number of its
tournaments' versions (``tournaments.selectors.public_club_version``): a result, a draw or an
analysis raises a tournament's version and so changes the key without touching the club's
row (results in the club's tournaments never wait for each other on it). The list of clubs
(the home page's and ``/clubs/``) is cached under every public club's own version
(``tournaments.selectors.public_club_list_version``): its cards show a club's fields and its
number of members. The service that makes a change raises the club's own version, once per
change, first thing in its transaction (the club's row comes first in the house's lock
order, see ``tournaments.versions``; the statements are ``config.versions``):

    with versions.club_change(club.pk):
        ...

What raises it: the club's settings (``club_update``), a member added (by an organizer, an
invitation or a request accepted, or entered in one of its tournaments: ``entry_add``,
``entry_add_guest``), given a role or removed, a guest added, a player renamed (every club of
the player), a tournament created or deleted (so that the sum of versions never repeats), a
season created or changed (``tournaments.services.seasons``), and every write of the club's ratings
(``ratings.services``, which lock the club's row first and raise its version when they
write). As for tournaments, a block inside a block of the same call stack raises nothing for
a club an enclosing block raised, and leaving a block forgets it.

A club's and a player's own fields show on pages of the apps above too (their names on the
tournaments' pages and in the API): those apps say so with :func:`also_shown_by` (from their
``AppConfig.ready``), and :func:`club_fields_change` and :func:`player_fields_change` enter
their blocks right after the clubs' (tournaments come after clubs in the lock order).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from contextvars import ContextVar
from typing import Literal

from django.db.models import Q

from clubs.models import Club
from config.versions import check_in_transaction, raise_version, raise_versions

#: The clubs raised by the open blocks of this call stack.
_raised: ContextVar[frozenset[int]] = ContextVar("club_versions_raised", default=frozenset())


@contextmanager
def club_change(club_id: int) -> Iterator[None]:
    """The block of a change to this club's pages: its version raised on entering (one
    ``UPDATE``, which locks the club's row), unless an enclosing block raised it."""
    raised = _raised.get()
    if club_id in raised:
        yield
        return
    check_in_transaction()
    raise_version(Club, club_id)
    token = _raised.set(raised | {club_id})
    try:
        yield
    finally:
        _raised.reset(token)


@contextmanager
def clubs_change(condition: Q) -> Iterator[list[int]]:
    """The block of a change to every club matching ``condition`` (a player renamed: his
    clubs): locked in the order of their ids, then raised with one UPDATE. Yields their ids."""
    check_in_transaction()
    raised = _raised.get()
    ids = raise_versions(Club, condition, raised)
    token = _raised.set(raised | set(ids))
    try:
        yield ids
    finally:
        _raised.reset(token)


def club_lock(club_id: int) -> None:
    """The club's row locked until the transaction ends, its version left as it is (for a
    service that may find nothing to change: it enters :func:`club_change` once it writes)."""
    list(Club.objects.select_for_update().filter(pk=club_id).values_list("pk", flat=True))


#: What a block of :func:`also_shown_by` is entered for: a club's or a player's own fields.
Shown = Literal["club", "player"]
_shown_by: list[Callable[[Shown, int], AbstractContextManager[object]]] = []


def also_shown_by(block: Callable[[Shown, int], AbstractContextManager[object]]) -> None:
    """Register ``block(kind, pk)``: the block of a change to the pages of a higher app that
    show this club's or player's own fields (once per block)."""
    if block not in _shown_by:
        _shown_by.append(block)


@contextmanager
def club_fields_change(club_id: int) -> Iterator[None]:
    """The block of a change to the club's own fields (its name, short name, address): its
    version, then every page of the apps above that shows them."""
    with ExitStack() as stack:
        stack.enter_context(club_change(club_id))
        for block in _shown_by:
            stack.enter_context(block("club", club_id))
        yield


@contextmanager
def player_fields_change(player_id: int) -> Iterator[None]:
    """The block of a change to a player's own fields (his name): the versions of his clubs,
    then of every page of the apps above that shows them."""
    with ExitStack() as stack:
        stack.enter_context(clubs_change(Q(memberships__player_id=player_id)))
        for block in _shown_by:
            stack.enter_context(block("player", player_id))
        yield
