"""Entering players in bulk keeps to the cap and the waiting list: with a cap of 8, 8 entered
and 3 waiting, a pasted list of 6 goes on the waiting list as 4–9 (never "14 of 8 places
taken"), or is refused whole when the tournament has no waiting list; the preview says what
will happen before anything is entered; the players waiting move up as single sign-ups do."""

from __future__ import annotations

import pytest
from django.db.models import F
from django.urls import reverse

from config.errors import UserError
from entries import services
from entries.models import Entry, EntryStatus
from notifications import kinds
from notifications.models import Notification
from tests.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db

NEWCOMERS = [f"Newcomer {n}" for n in range(1, 7)]


@pytest.fixture
def full_field(open_tournament, players):
    """A cap of 8: 8 in the field, 3 on the waiting list, and 6 members not entered yet."""

    def make(*, waiting_list: bool = True):
        tournament = open_tournament(capacity=8, waiting_list=waiting_list)
        for person in players(8, "Field"):
            services.entry_sign_up(tournament=tournament, player=person)
        if waiting_list:
            for person in players(3, "Waiter"):
                services.entry_sign_up(tournament=tournament, player=person)
        for name in NEWCOMERS:
            MembershipFactory(club=tournament.club, player=PlayerFactory(name=name))
        return tournament

    return make


def statuses(tournament):
    return list(
        Entry.objects.filter(tournament=tournament)
        .order_by(F("waiting_number").asc(nulls_first=True), "player__name")
        .values_list("player__name", "status")
    )


def test_a_pasted_list_past_the_cap_goes_on_the_waiting_list_after_those_waiting(full_field):
    tournament = full_field()
    text = "\n".join(NEWCOMERS)
    plan = services.entries_bulk_plan(tournament=tournament, text=text)
    assert [line.waiting for line in plan.lines] == [4, 5, 6, 7, 8, 9]
    assert plan.summary == "6 go on the waiting list as 4–9."
    assert all(line.explanation.startswith("Waiting list, number ") for line in plan.lines)
    assert not any("Entered" in line.explanation for line in plan.lines)

    services.entries_bulk_add(tournament=tournament, text=text, digest=plan.digest())

    in_field = Entry.objects.filter(
        tournament=tournament, status__in=[EntryStatus.APPROVED, EntryStatus.PENDING]
    )
    assert in_field.count() == 8  # never 14 of 8
    waiting = Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING).order_by(
        "waiting_number"
    )
    assert [e.player.name for e in waiting] == [
        "Waiter 01",
        "Waiter 02",
        "Waiter 03",
        *NEWCOMERS,
    ]


def test_a_list_that_fits_partly_fills_the_free_places_first(open_tournament, players):
    tournament = open_tournament(capacity=4)
    for person in players(2, "Field"):
        services.entry_sign_up(tournament=tournament, player=person)
    for name in NEWCOMERS[:4]:
        MembershipFactory(club=tournament.club, player=PlayerFactory(name=name))
    text = "\n".join([*NEWCOMERS[:4], "Walk In"])
    plan = services.entries_bulk_plan(tournament=tournament, text=text)
    assert [line.waiting for line in plan.lines] == [None, None, 1, 2, 3]
    assert plan.lines[-1].explanation == "Waiting list, number 3, as a new guest: Walk In"
    assert plan.summary == "2 players get a place. 3 go on the waiting list as 1–3."

    services.entries_bulk_add(tournament=tournament, text=text, digest=plan.digest())
    assert statuses(tournament)[:4] == [
        ("Field 01", EntryStatus.APPROVED),
        ("Field 02", EntryStatus.APPROVED),
        ("Newcomer 1", EntryStatus.APPROVED),
        ("Newcomer 2", EntryStatus.APPROVED),
    ]
    assert [
        e.waiting_number is not None
        for e in Entry.objects.filter(
            tournament=tournament, player__name__in=["Newcomer 3", "Newcomer 4", "Walk In"]
        )
    ] == [True, True, True]


def test_without_a_waiting_list_a_list_past_the_cap_is_refused_whole(full_field):
    tournament = full_field(waiting_list=False)
    text = "\n".join(NEWCOMERS)
    plan = services.entries_bulk_plan(tournament=tournament, text=text)
    assert len(plan.errors) == 6
    assert plan.summary == (
        "The field is full and this tournament has no waiting list: "
        "6 players on the list get no place."
    )
    with pytest.raises(UserError, match="no waiting list") as refused:
        services.entries_bulk_add(tournament=tournament, text=text)
    assert "Nobody was entered." in refused.value.messages[0]
    assert Entry.objects.filter(tournament=tournament).count() == 8
    assert not Entry.objects.filter(tournament=tournament, player__name__in=NEWCOMERS).exists()


def test_the_players_put_on_the_waiting_list_move_up_when_places_free_up(full_field, commit):
    tournament = full_field()
    commit(services.entries_bulk_add, tournament=tournament, text="\n".join(NEWCOMERS))
    joined = Notification.objects.get(recipient__name="Newcomer 6", kind=kinds.WAITING_LIST_JOINED)
    assert "number 9 on the waiting list" in joined.body
    leaving = Entry.objects.filter(tournament=tournament, status=EntryStatus.APPROVED)[:4]
    for entry in leaving:
        commit(services.entry_withdraw, entry=entry)
    moved = set(
        Entry.objects.filter(tournament=tournament, status=EntryStatus.APPROVED)
        .exclude(player__name__startswith="Field")
        .values_list("player__name", flat=True)
    )
    assert moved == {"Waiter 01", "Waiter 02", "Waiter 03", "Newcomer 1"}
    newcomer = Entry.objects.get(tournament=tournament, player__name="Newcomer 1")
    assert Notification.objects.filter(
        recipient=newcomer.player, kind=kinds.WAITING_LIST_MOVED_UP
    ).exists()


def test_the_page_previews_before_it_enters_and_says_entered_after(full_field, organizer, client):
    tournament = full_field()
    client.force_login(organizer)
    url = reverse("entries:bulk", args=[tournament.club.slug, tournament.slug])
    preview = client.post(url, {"names": "\n".join(NEWCOMERS), "preview": "1"})
    page = preview.content.decode()
    assert "6 go on the waiting list as 4–9." in page
    assert "Entered" not in page
    assert Entry.objects.filter(tournament=tournament).count() == 11  # nothing saved yet

    digest = preview.context["plan"].digest()
    done = client.post(
        url, {"names": "\n".join(NEWCOMERS), "confirm": "1", "digest": digest}, follow=True
    )
    page = done.content.decode()
    assert "6 players entered. 6 are on the waiting list as 4–9." in page
    assert "8 of 8 places taken · 9 waiting" in page


def test_an_organizer_entry_past_a_stale_plan_is_refused(full_field):
    """The places changed since the preview (someone left): the organizer checks again."""
    tournament = full_field()
    text = "\n".join(NEWCOMERS)
    digest = services.entries_bulk_plan(tournament=tournament, text=text).digest()
    waiter = Entry.objects.get(tournament=tournament, player__name="Waiter 01")
    services.entry_take_back(entry=waiter)
    with pytest.raises(UserError, match="check it again"):
        services.entries_bulk_add(tournament=tournament, text=text, digest=digest)
