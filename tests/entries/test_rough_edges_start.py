"""At the start the waiting list closes: the players still waiting are told, once, that the
field is full and they did not get a place, and the tournament's page no longer tells them
"On the waiting list: number 1"; the public page counts the players drawn ("Players (13)"),
not those waiting or gone, and says the waiting list apart while there is one."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import services as draw_services
from entries import services
from entries.models import Entry, EntryStatus
from events.bus import emit
from events.types import RoundCreated
from notifications import kinds
from notifications.models import Notification
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def thirteen_and_three_waiting(open_tournament, players):
    """A cap of 13: 17 signed up, one took it back (the first waiting moved up): 13 in the
    field, 3 waiting, 1 withdrawn."""
    tournament = open_tournament(capacity=13)
    people = players(17)
    entries = [services.entry_sign_up(tournament=tournament, player=p) for p in people]
    services.entry_take_back(entry=entries[0])
    assert Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING).count() == 3
    return tournament, people


def waiting_players(tournament):
    return [
        e.player
        for e in Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING)
        .select_related("player")
        .order_by("waiting_number")
    ]


def test_the_players_still_waiting_are_told_at_the_start_once(
    thirteen_and_three_waiting, commit, locmem_mail
):
    tournament, _people = thirteen_and_three_waiting
    waiting = waiting_players(tournament)
    commit(draw_services.tournament_start, tournament=tournament)

    told = Notification.objects.filter(kind=kinds.WAITING_LIST_CLOSED).order_by("recipient__name")
    assert [n.recipient for n in told] == waiting
    notice = told[0]
    assert notice.subject == "Friday Open has started: the field was full"
    assert "you did not get a place" in notice.body
    assert not Notification.objects.filter(
        kind=kinds.WAITING_LIST_CLOSED, recipient__entries__status=EntryStatus.APPROVED
    ).exists()
    # A second delivery of the start tells nobody twice.
    first_round = Round.objects.get(stage__tournament=tournament, number=1)
    commit(emit, RoundCreated(round_id=first_round.pk))
    assert Notification.objects.filter(kind=kinds.WAITING_LIST_CLOSED).count() == 3


def test_a_waiting_player_reads_that_he_got_no_place_on_the_running_tournament(
    thirteen_and_three_waiting, commit, client
):
    tournament, _people = thirteen_and_three_waiting
    first_waiting = waiting_players(tournament)[0]
    client.force_login(first_waiting.user)
    before = client.get(tournament.get_absolute_url()).content.decode()
    assert "On the waiting list: number 1" in before

    commit(draw_services.tournament_start, tournament=tournament)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "On the waiting list" not in page
    assert "The field was full: you did not get a place." in page
    assert "Withdraw" not in page  # he is not in it


def test_the_public_page_counts_the_players_drawn(thirteen_and_three_waiting, commit, client):
    tournament, _people = thirteen_and_three_waiting
    before = client.get(tournament.get_absolute_url()).content.decode()
    assert '<h2>Players <small class="muted">(13)</small></h2>' in before
    assert '<h2>Waiting list <small class="muted">(3)</small></h2>' in before

    commit(draw_services.tournament_start, tournament=tournament)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert '<h2>Players <small class="muted">(13)</small></h2>' in page
    assert "Waiting list" not in page
    assert page.count('<li class="entry-') == 13
    export = client.get(tournament.get_absolute_url() + "?_export=csv").content.decode()
    assert len(export.strip().splitlines()) == 1 + 13


def test_the_entry_list_says_the_waiting_list_is_closed(
    thirteen_and_three_waiting, commit, client, organizer
):
    tournament, _people = thirteen_and_three_waiting
    commit(draw_services.tournament_start, tournament=tournament)
    client.force_login(organizer)
    page = client.get(
        reverse("entries:list", args=[tournament.club.slug, tournament.slug])
    ).content.decode()
    assert page.count("No place: the waiting list closed at the start") == 3
    assert "On the waiting list" not in page
