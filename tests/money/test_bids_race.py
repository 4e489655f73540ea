"""Two bids on one lot at the same moment (PostgreSQL, two connections in real threads): the
second waits for the first and is checked against it, so a lower bid is refused instead of
being saved after a higher one. Made deterministic: the first bid holds the auction's row
until the second is seen waiting for it."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from money import services
from money.models import CalcuttaBid, CalcuttaLot
from money.services import calcutta as calcutta_services
from tests.conftest import needs_postgres
from tests.tournaments.test_lock_order import PATIENCE, waiting_for_a_lock

pytestmark = [needs_postgres, pytest.mark.django_db(transaction=True)]


def test_a_lower_bid_racing_a_higher_one_is_refused(make_tournament, organizer, monkeypatch):
    tournament = make_tournament(2, start=False)
    calcutta = services.calcutta_setup(tournament=tournament, min_bid=100)
    services.calcutta_make_lots(calcutta=calcutta)
    lot = CalcuttaLot.objects.get(calcutta=calcutta, number=1)

    holding, second_waits = threading.Event(), threading.Event()
    second_pid: list[int] = []
    outcomes: dict[str, object] = {}
    real_locked = calcutta_services._locked

    def lock_then_pause(found):
        locked = real_locked(found)
        if not holding.is_set():
            holding.set()
            second_waits.wait(PATIENCE)
        return locked

    monkeypatch.setattr(calcutta_services, "_locked", lock_then_pause)

    def bid(name, amount):
        try:
            connection.ensure_connection()
            if name == "Bob":
                second_pid.append(connection.connection.info.backend_pid)
            outcomes[name] = services.calcutta_bid(
                lot=lot, bidder=name, amount=amount, recorded_by=organizer
            )
        except Exception as error:
            outcomes[name] = error
        finally:
            connection.close()

    first = threading.Thread(target=bid, args=("Ann", 2000))
    first.start()
    holding.wait(PATIENCE)
    second = threading.Thread(target=bid, args=("Bob", 1500))
    second.start()
    for _ in range(int(PATIENCE * 20)):
        if second_pid and waiting_for_a_lock(second_pid[0]):
            break
        threading.Event().wait(0.05)
    second_waits.set()
    first.join()
    second.join()
    assert isinstance(outcomes["Ann"], CalcuttaBid)
    assert "higher than the last" in str(outcomes["Bob"])
    assert list(CalcuttaBid.objects.values_list("bidder", "amount")) == [("Ann", 2000)]
