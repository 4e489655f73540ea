"""One lock order for the whole house (``tournaments.versions``): a withdrawal and a referee's
game on the same match, at the same moment, never wait for each other in a circle.

PostgreSQL, two connections in real threads, made deterministic: the withdrawal holds the
tournament (its first statement) and waits until the referee's connection is seen waiting
for a lock, then goes on. In another order (the referee's match locked, then the tournament)
PostgreSQL would end one of them with "deadlock detected" after a second."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection

from config.errors import UserError
from entries import services as entry_services
from entries.models import EntryStatus
from entries.services import withdrawals
from matches.models import Game, Match
from matches.services import match_record_game
from tests.conftest import needs_postgres, open_matches

pytestmark = [needs_postgres, pytest.mark.django_db(transaction=True)]

#: How long the withdrawal waits for the referee to be seen waiting (it goes on regardless).
PATIENCE = 10.0


def waiting_for_a_lock(pid: int) -> bool:
    """Whether the backend ``pid`` waits for a lock (asked on this thread's own connection,
    outside any transaction, so that the answer is fresh)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [pid])
        row = cursor.fetchone()
    return row is not None and row[0] == "Lock"


def test_a_withdrawal_and_a_referees_game_on_the_same_match_do_not_deadlock(
    make_tournament, monkeypatch
):
    tournament = make_tournament(4, format="swiss", swiss_rounds=3, default_length=5)
    match = open_matches(tournament)[0]
    leaver, stayer = match.entry_a, match.entry_b

    holding = threading.Event()  # the withdrawal holds the tournament
    referee_waits = threading.Event()  # the referee was seen waiting (or patience ran out)
    referee_pid: list[int] = []
    outcomes: dict[str, object] = {}

    real_lock = withdrawals.tournament_lock

    def lock_then_pause(tournament):
        locked = real_lock(tournament)
        holding.set()
        referee_waits.wait(PATIENCE)
        return locked

    monkeypatch.setattr(withdrawals, "tournament_lock", lock_then_pause)

    def withdraw():
        try:
            outcomes["withdrawal"] = entry_services.entry_withdraw(entry=leaver)
        except Exception as error:
            outcomes["withdrawal"] = error
        finally:
            holding.set()
            connection.close()

    def referee():
        try:
            connection.ensure_connection()
            referee_pid.append(connection.connection.info.backend_pid)
            outcomes["referee"] = match_record_game(match=match.pk, winner=0, kind="single")
        except Exception as error:
            outcomes["referee"] = error
        finally:
            connection.close()

    withdrawal = threading.Thread(target=withdraw)
    withdrawal.start()
    assert holding.wait(PATIENCE)
    game = threading.Thread(target=referee)
    game.start()
    deadline = time.monotonic() + PATIENCE
    seen = False
    while time.monotonic() < deadline and game.is_alive():
        if referee_pid and waiting_for_a_lock(referee_pid[0]):
            seen = True
            break
        time.sleep(0.02)
    referee_waits.set()
    withdrawal.join(30)
    game.join(30)

    assert seen, "the referee never waited for the withdrawal's lock"
    withdrawn, entered = outcomes["withdrawal"], outcomes["referee"]
    assert not isinstance(withdrawn, Exception), repr(withdrawn)  # e.g. "deadlock detected"
    # The withdrawal came first: the match was forfeited, the referee is told it is over.
    assert isinstance(entered, UserError) and entered.code == "match_over", repr(entered)
    leaver.refresh_from_db()
    match = Match.objects.get(pk=match.pk)
    assert leaver.status == EntryStatus.WITHDRAWN
    assert (match.status, match.outcome, match.winner_id) == ("finished", "forfeit", stayer.pk)
    assert not Game.objects.filter(match=match).exists()
