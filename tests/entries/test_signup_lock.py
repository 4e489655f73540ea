"""What a sign-up does while it holds the tournament's lock: every other sign-up of the
tournament waits for it (fifty at once wait in turn, ``benchmarks/signup_rush.py``), so the
locked part is a fixed handful of statements, however full the field and the list."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from entries import selectors, services
from entries.models import EntryStatus

pytestmark = pytest.mark.django_db

#: The version raised (the UPDATE that locks the row), the row read locked, the rules, the
#: counts and the player's own entry read at once, the entry, the event and its delivery.
LOCKED_STATEMENTS = 6


def statements_under_the_lock(tournament, player) -> tuple[list[str], object]:
    with CaptureQueriesContext(connection) as queries:
        entry = services.entry_sign_up(tournament=tournament, player=player)
    sql = [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]
    first = next(n for n, s in enumerate(sql) if s.startswith('UPDATE "tournaments_tournament"'))
    return sql[first:], entry


def test_a_sign_up_holds_the_lock_for_a_handful_of_statements(open_tournament, players):
    tournament = open_tournament(capacity=5)
    people = players(12)
    for player in people[:10]:
        services.entry_sign_up(tournament=tournament, player=player)
    placed = open_tournament(capacity=50, name="Big Open")
    for player in people[:10]:
        services.entry_sign_up(tournament=placed, player=player)

    waiting, entry = statements_under_the_lock(tournament, people[10])
    assert (entry.status, entry.waiting_number) == (EntryStatus.WAITING, 6)
    assert len(waiting) == LOCKED_STATEMENTS, waiting

    in_the_field, entry = statements_under_the_lock(placed, people[10])
    assert entry.status == EntryStatus.APPROVED
    assert len(in_the_field) == LOCKED_STATEMENTS, in_the_field


def test_a_player_who_took_back_his_sign_up_gets_his_entry_back_on_the_list(
    open_tournament, players
):
    tournament = open_tournament(capacity=1)
    first, second, third = players(3)
    services.entry_sign_up(tournament=tournament, player=first)
    left = services.entry_sign_up(tournament=tournament, player=second)
    waiting = services.entry_sign_up(tournament=tournament, player=third)
    services.entry_take_back(entry=left)

    back = services.entry_sign_up(tournament=tournament, player=second)

    assert back.pk == left.pk
    assert (back.status, back.waiting_number) == (EntryStatus.WAITING, 3)
    assert selectors.waiting_positions(tournament) == {waiting.pk: 1, back.pk: 2}


def test_a_waiting_players_sign_up_box_reads_his_place_in_two_queries(
    open_tournament, players, django_assert_num_queries
):
    tournament = open_tournament(capacity=1)
    people = players(4)
    entries = [services.entry_sign_up(tournament=tournament, player=p) for p in people]
    services.entry_take_back(entry=entries[1])  # the first on the list leaves it

    with django_assert_num_queries(2):
        state = selectors.signup_state(tournament, people[3].user)

    assert (state.my_entry.waiting_number, state.my_position) == (3, 2)
    assert (state.taken, state.waiting, state.free) == (1, 2, 0)


def test_the_answer_to_a_waiting_sign_up_tells_his_place_and_reads_it_in_one_query(
    client, open_tournament, players
):
    from django.contrib.messages import get_messages
    from django.urls import reverse

    tournament = open_tournament(capacity=1)
    people = players(4)
    entries = [services.entry_sign_up(tournament=tournament, player=p) for p in people[:3]]
    services.entry_take_back(entry=entries[1])  # the first on the list leaves it
    client.force_login(people[3].user)
    sign_up = reverse(
        "entries:sign_up", kwargs={"club": tournament.club.slug, "tournament": tournament.slug}
    )

    with CaptureQueriesContext(connection) as queries:
        response = client.post(sign_up)

    told = [str(m) for m in get_messages(response.wsgi_request)]
    assert told == ["The field is full: you are number 2 on the waiting list."]
    sql = [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]
    after = sql[
        next(n for n, s in enumerate(sql) if s.startswith('INSERT INTO "events_delivery"')) + 1 :
    ]
    assert len(after) == 1, after  # his place on the list
