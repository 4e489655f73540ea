"""Fifty players signing up at the same moment for the last five places (PostgreSQL, real
threads): the tournament's row lock serves them one at a time."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from entries import services
from entries.models import Entry, EntryStatus
from tests.conftest import needs_postgres

pytestmark = [needs_postgres, pytest.mark.django_db(transaction=True)]


def test_fifty_at_once_for_the_last_five_places(open_tournament, players):
    tournament = open_tournament(capacity=8)
    for player in players(3, prefix="Early"):
        services.entry_sign_up(tournament=tournament, player=player)
    late = players(50, prefix="Late")
    barrier = threading.Barrier(len(late))
    errors: list[BaseException] = []

    def sign_up(player):
        try:
            barrier.wait()
            services.entry_sign_up(tournament=tournament, player=player)
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=sign_up, args=(p,)) for p in late]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors
    entries = list(
        Entry.objects.filter(tournament=tournament, player__in=late).order_by("created_at", "pk")
    )
    assert len(entries) == 50  # nothing doubled, nobody lost
    placed = [e for e in entries if e.status == EntryStatus.APPROVED]
    waiting = [e for e in entries if e.status == EntryStatus.WAITING]
    assert len(placed) == 5 and len(waiting) == 45
    # Served in turn: the five placed came first, then the waiting numbers 1 … 45 in the
    # order the others were written.
    assert entries[:5] == placed
    assert [e.waiting_number for e in entries[5:]] == list(range(1, 46))
    assert Entry.objects.filter(tournament=tournament, status=EntryStatus.APPROVED).count() == 8
