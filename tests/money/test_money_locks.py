"""The money services wait for each other in the house's lock order (PostgreSQL, two
connections in real threads): the tournament's row first, then the money rows. Made
deterministic as tests/tournaments/test_lock_order.py does: the first service holds its locks
until the second is seen waiting for one, then goes on. In another order PostgreSQL would
end one of them with "deadlock detected"; here the second waits, then sees what the first
did."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from config.errors import UserError
from draw import services as draw_services
from money import locks, services
from money.models import CalcuttaBid, CalcuttaLot, LedgerEntry
from money.services import ledger as ledger_services
from money.services import payouts as payout_services
from tests.conftest import needs_postgres, open_matches
from tests.tournaments.test_lock_order import PATIENCE, waiting_for_a_lock

pytestmark = [needs_postgres, pytest.mark.django_db(transaction=True)]


def race(
    monkeypatch: pytest.MonkeyPatch,
    module: Any,
    first: Callable[[], object],
    second: Callable[[], object],
) -> dict[str, object]:
    """Run ``first`` until it holds the tournament's row (through ``module``'s
    ``money_lock_tournament``), then ``second``; ``first`` goes on once ``second`` is seen
    waiting for a lock. What each returned or raised."""
    holding, second_waits = threading.Event(), threading.Event()
    second_pid: list[int] = []
    outcomes: dict[str, object] = {"seen waiting": False}
    real_lock = module.money_lock_tournament

    def lock_then_pause(tournament_id: int) -> object:
        locked = real_lock(tournament_id)
        if not holding.is_set():
            holding.set()
            second_waits.wait(PATIENCE)
        return locked

    monkeypatch.setattr(module, "money_lock_tournament", lock_then_pause)

    def run(name: str, action: Callable[[], object]) -> None:
        try:
            connection.ensure_connection()
            if name == "second":
                second_pid.append(connection.connection.info.backend_pid)
            outcomes[name] = action()
        except Exception as error:
            outcomes[name] = error
        finally:
            holding.set()
            connection.close()

    one = threading.Thread(target=run, args=("first", first))
    one.start()
    assert holding.wait(PATIENCE)
    two = threading.Thread(target=run, args=("second", second))
    two.start()
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline and two.is_alive():
        if second_pid and waiting_for_a_lock(second_pid[0]):
            outcomes["seen waiting"] = True
            break
        time.sleep(0.02)
    second_waits.set()
    one.join(30)
    two.join(30)
    return outcomes


@pytest.fixture
def finished_with_a_calcutta(make_tournament, organizer, play, commit):
    """Four players, a Calcutta of four lots sold before the draw, the tournament finished."""
    tournament = make_tournament(4, start=False)
    calcutta = services.calcutta_setup(
        tournament=tournament,
        min_bid=100,
        payout_table=[{"up_to": 8, "places": 2, "percentages": [7000, 3000]}],
    )
    services.calcutta_make_lots(calcutta=calcutta)
    for lot in CalcuttaLot.objects.filter(calcutta=calcutta).order_by("number"):
        services.calcutta_bid(lot=lot, bidder="Ann", amount=1000, recorded_by=organizer)
        services.calcutta_sell(lot=lot, recorded_by=organizer)
    commit(draw_services.tournament_start, tournament=tournament)
    while matches := open_matches(tournament):
        for match in matches:
            play(match)
    tournament.refresh_from_db()
    return tournament, calcutta


def payouts(tournament):
    return sorted(
        LedgerEntry.objects.filter(
            tournament=tournament, kind__in=["prize", "calcutta", "costs"], amount__lt=0
        ).values_list("kind", "amount")
    )


def test_a_calcutta_bid_racing_the_payout_booking_waits_for_it(
    finished_with_a_calcutta, organizer, monkeypatch
):
    tournament, calcutta = finished_with_a_calcutta
    lot = CalcuttaLot.objects.get(calcutta=calcutta, number=1)
    outcomes = race(
        monkeypatch,
        payout_services,
        lambda: services.payouts_book(tournament=tournament, recorded_by=organizer),
        lambda: services.calcutta_bid(lot=lot, bidder="Bob", amount=5000, recorded_by=organizer),
    )
    assert outcomes["seen waiting"], "the bid never waited for the booking's lock"
    # The booking went through (no "deadlock detected"): the Calcutta's 40 € paid, 28 € and
    # 12 € (the first and second places' lots).
    assert outcomes["first"] == 2, repr(outcomes["first"])
    assert payouts(tournament) == [("calcutta", -2800), ("calcutta", -1200)]
    # The bid waited, then was told the auction is over; nothing saved.
    refused = outcomes["second"]
    assert isinstance(refused, UserError) and "before the draw" in str(refused.messages)
    assert not CalcuttaBid.objects.filter(bidder="Bob").exists()


def test_the_payout_booking_waits_for_a_calcutta_bid_holding_the_auction(
    finished_with_a_calcutta, organizer, monkeypatch
):
    """The other way round: the bid holds the tournament's row (on its way to the auction's);
    the booking waits for it, and books once the bid is refused and done."""
    tournament, calcutta = finished_with_a_calcutta
    lot = CalcuttaLot.objects.get(calcutta=calcutta, number=1)
    outcomes = race(
        monkeypatch,
        locks,
        lambda: services.calcutta_bid(lot=lot, bidder="Bob", amount=5000, recorded_by=organizer),
        lambda: services.payouts_book(tournament=tournament, recorded_by=organizer),
    )
    assert outcomes["seen waiting"], "the booking never waited for the bid's lock"
    assert isinstance(outcomes["first"], UserError), repr(outcomes["first"])
    assert outcomes["second"] == 2, repr(outcomes["second"])
    assert payouts(tournament) == [("calcutta", -2800), ("calcutta", -1200)]


def test_two_bookings_at_once_book_the_payouts_once(
    finished_with_a_calcutta, organizer, monkeypatch
):
    tournament, _calcutta = finished_with_a_calcutta

    def book():
        return services.payouts_book(tournament=tournament, recorded_by=organizer)

    outcomes = race(monkeypatch, payout_services, book, book)
    assert outcomes["seen waiting"]
    assert outcomes["first"] == 2, repr(outcomes["first"])
    refused = outcomes["second"]
    assert isinstance(refused, UserError) and "booked already" in str(refused.messages)
    assert payouts(tournament) == [("calcutta", -2800), ("calcutta", -1200)]


def test_two_confirmations_of_one_reversal_reverse_it_once(
    finished_with_a_calcutta, organizer, monkeypatch
):
    tournament, _calcutta = finished_with_a_calcutta
    services.payouts_book(tournament=tournament, recorded_by=organizer)
    row = LedgerEntry.objects.filter(tournament=tournament, kind="calcutta", amount__lt=0).first()

    def confirm():
        return services.ledger_reverse(entry=row, recorded_by=organizer, reason="Wrong owner")

    outcomes = race(monkeypatch, ledger_services, confirm, confirm)
    assert outcomes["seen waiting"]
    reversal = outcomes["first"]
    assert isinstance(reversal, LedgerEntry) and reversal.reverses_id == row.pk
    refused = outcomes["second"]
    assert isinstance(refused, UserError)
    assert f"already reversed by #{reversal.pk}" in str(refused.messages)
    assert LedgerEntry.objects.filter(reverses=row).count() == 1
