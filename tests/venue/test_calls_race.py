"""Two directors call two matches to the same table at the same moment (PostgreSQL, two
connections in real threads): the second waits for the first's lock on the club and its
tables, and is then told the table is in use; one call is saved. Made deterministic: the
first holds the lock until the second is seen waiting for it."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from config.errors import UserError
from matches.models import Match
from tests.conftest import committed, needs_postgres, tournament_made
from tests.tournaments.test_lock_order import PATIENCE, waiting_for_a_lock
from venue import services
from venue.models import Call, Table
from venue.services import calls as call_services

pytestmark = [needs_postgres, pytest.mark.django_db(transaction=True)]


def test_of_two_directors_calling_to_one_table_the_second_is_told(club, organizer, monkeypatch):
    tournament = tournament_made(club, organizer, 4)
    services.tournament_venue_update(tournament=tournament, auto_call=False, tables=[])
    committed(services.tables_add, club=club, count=1)
    table = Table.objects.get(club=club)
    first_match, second_match = Match.objects.filter(
        round__stage__tournament=tournament, round__number=1
    ).order_by("index")

    holding, second_waits = threading.Event(), threading.Event()
    second_pid: list[int] = []
    outcomes: dict[str, object] = {}
    real_lock = call_services.venue_lock

    def lock_then_pause(club_id):
        locked = real_lock(club_id)
        if not holding.is_set():
            holding.set()
            second_waits.wait(PATIENCE)
        return locked

    monkeypatch.setattr(call_services, "venue_lock", lock_then_pause)

    def call(name, match):
        try:
            connection.ensure_connection()
            if name == "second":
                second_pid.append(connection.connection.info.backend_pid)
            outcomes[name] = services.call_create(match=match, table=table, user=organizer)
        except Exception as error:
            outcomes[name] = error
        finally:
            connection.close()

    first = threading.Thread(target=call, args=("first", first_match))
    first.start()
    assert holding.wait(PATIENCE)
    second = threading.Thread(target=call, args=("second", second_match))
    second.start()
    for _ in range(int(PATIENCE * 20)):
        if second_pid and waiting_for_a_lock(second_pid[0]):
            break
        threading.Event().wait(0.05)
    second_waits.set()
    first.join()
    second.join()
    assert isinstance(outcomes["first"], Call)
    assert isinstance(outcomes["second"], UserError)
    assert "Table 1 is in use" in str(outcomes["second"])
    assert list(Call.objects.values_list("match_id", flat=True)) == [first_match.pk]
