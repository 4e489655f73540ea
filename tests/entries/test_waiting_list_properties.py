"""Property: whatever sign-ups, withdrawals, late deliveries and cap changes come in, the field
never holds more players than the cap, and the waiting list keeps the order players joined it
in (against a plain model of a queue)."""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from config.errors import UserError
from entries import services
from entries.models import Entry, EntryStatus
from tests.factories import PlayerFactory
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db

PLAYERS = 6

sign_up = st.tuples(st.just("sign_up"), st.integers(0, PLAYERS - 1))
operations = st.lists(
    st.one_of(
        sign_up,
        sign_up,  # twice as likely: the list needs players to move
        st.tuples(st.just("take_back"), st.integers(0, PLAYERS - 1)),
        st.tuples(st.just("withdraw"), st.integers(0, PLAYERS - 1)),
        st.tuples(st.just("deliver"), st.just(0)),
        st.tuples(st.just("cap"), st.integers(1, PLAYERS)),
    ),
    min_size=4,
    max_size=24,
)


class Model:
    """The waiting list as a plain queue."""

    def __init__(self, cap: int) -> None:
        self.cap, self.field, self.queue = cap, set[int](), list[int]()

    def move_up(self) -> None:
        while self.queue and len(self.field) < self.cap:
            self.field.add(self.queue.pop(0))

    def leave(self, i: int) -> bool:
        if i in self.field:
            self.field.discard(i)
        elif i in self.queue:
            self.queue.remove(i)
        else:
            return False
        return True


@pytest.fixture
def open_field(club, organizer):
    """A tournament open for sign-ups and the players who may sign up, built once for all
    the examples: each example runs in a savepoint rolled back after it, so each finds the
    tournament as it was opened, with nobody entered."""
    tournament = tournament_services.tournament_create(club=club, user=organizer, name="Property")
    tournament_services.tournament_open_registration(tournament=tournament)
    people = [PlayerFactory(name=f"P{i}", user__username=f"p{i}") for i in range(PLAYERS)]
    return tournament, people


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(cap=st.integers(1, PLAYERS // 2), ops=operations)
def test_the_cap_holds_and_the_queue_keeps_its_order(open_field, cap, ops):
    tournament, people = open_field
    with transaction.atomic():
        tournament.refresh_from_db()
        play_out(tournament, people, cap, ops)
        transaction.set_rollback(True)


def play_out(tournament, people, cap, ops):
    """The operations against the services and against the model, compared after each."""
    services.signup_rules_set(tournament=tournament, capacity=cap)
    model = Model(cap)

    def entry_of(i):
        return Entry.objects.filter(tournament=tournament, player=people[i]).first()

    for op, arg in ops:
        if op == "sign_up":
            active = arg in model.field or arg in model.queue
            try:
                services.entry_sign_up(tournament=tournament, player=people[arg])
            except UserError:
                assert active  # and refused, it changed nothing
            else:
                assert not active
                model.move_up()  # those waiting come first into places free by now
                (model.field.add if len(model.field) < model.cap else model.queue.append)(arg)
        elif op in ("take_back", "withdraw"):
            entry = entry_of(arg)
            active = model.leave(arg)
            if entry is None or not active:
                continue
            if op == "take_back":
                services.entry_take_back(entry=entry)
                model.move_up()
            else:  # an organizer's withdrawal: the waiting list moves once it is delivered
                services.entry_withdraw(entry=entry)
        elif op == "deliver":
            services.waiting_list_move_up(tournament=tournament.pk)
            model.move_up()
        else:
            try:
                services.signup_rules_set(tournament=tournament, capacity=arg)
            except UserError:
                assert arg < len(model.field)
            else:
                model.cap = arg
                model.move_up()

        # The field and the waiting list in one read.
        placed, waiting = set(), []
        for player_id, status in (
            Entry.objects.filter(
                tournament=tournament, status__in=[EntryStatus.APPROVED, EntryStatus.WAITING]
            )
            .order_by("waiting_number")
            .values_list("player_id", "status")
        ):
            (placed.add if status == EntryStatus.APPROVED else waiting.append)(player_id)
        assert len(placed) <= model.cap
        assert placed == {people[i].pk for i in model.field}
        assert waiting == [people[i].pk for i in model.queue]
