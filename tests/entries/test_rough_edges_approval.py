"""Approval, said as it is: a player moved up from the waiting list while the organizer
approves sign-ups is told he moved up and awaits approval (not "you are in"), and told again
once approved; a player who asked to join a club reads that his request is pending on the
club's page and on his dashboard instead of being offered "Ask to join" again; the Entries
page approves an entry awaiting approval as the Organize page does."""

from __future__ import annotations

import pytest
from django.urls import reverse

from entries import services
from entries.models import Entry, EntryStatus
from notifications import kinds
from notifications.models import Notification
from notifications.tournament_notices import entries_approved_notify
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_a_player_moved_up_awaiting_approval_is_told_so_and_told_again_once_approved(
    open_tournament, people, commit
):
    tournament = open_tournament(capacity=1, approval=True)
    alice, bruno = people["Alice"], people["Bruno"]
    first = commit(services.entry_sign_up, tournament=tournament, player=alice)
    commit(services.entry_sign_up, tournament=tournament, player=bruno)

    commit(services.entry_take_back, entry=first)

    entry = Entry.objects.get(tournament=tournament, player=bruno)
    assert entry.status == EntryStatus.PENDING
    told = Notification.objects.get(recipient=bruno, kind=kinds.WAITING_LIST_MOVED_UP_PENDING)
    assert "you are in" not in told.subject
    assert told.subject == "Friday Open: you moved up from the waiting list, awaiting approval"
    assert "awaits an organizer's approval" in told.body
    assert "you have a place in the field" not in told.body
    assert not Notification.objects.filter(recipient=bruno, kind=kinds.WAITING_LIST_MOVED_UP)

    commit(services.entry_approve, entry=entry)
    commit(entries_approved_notify)
    assert Notification.objects.filter(recipient=bruno, kind=kinds.REGISTRATION_APPROVED).exists()


def test_a_player_moved_up_into_an_approved_place_is_told_he_is_in(open_tournament, people, commit):
    tournament = open_tournament(capacity=1)
    alice, bruno = people["Alice"], people["Bruno"]
    first = commit(services.entry_sign_up, tournament=tournament, player=alice)
    commit(services.entry_sign_up, tournament=tournament, player=bruno)
    commit(services.entry_take_back, entry=first)
    told = Notification.objects.get(recipient=bruno, kind=kinds.WAITING_LIST_MOVED_UP)
    assert "you are in" in told.subject


def test_after_asking_to_join_the_club_page_and_the_dashboard_say_it_is_pending(client, club):
    nora = PlayerFactory(name="Nora Neu", user__username="nora")
    client.force_login(nora.user)
    assert "Ask to join" in client.get(club.get_absolute_url()).content.decode()
    dashboard = client.get(reverse("dashboard")).content.decode()
    assert "Bar Club" not in dashboard

    client.post(reverse("membership:join", args=[club.slug]), {"message": "Hi!"})

    page = client.get(club.get_absolute_url()).content.decode()
    assert "Ask to join" not in page
    assert "You have asked to join already; the organizers will answer." in page
    dashboard = client.get(reverse("dashboard")).content.decode()
    assert "Bar Club" in dashboard
    assert "You asked to join: Waiting for an organizer" in dashboard


def test_the_entries_page_approves_an_entry_awaiting_approval(
    open_tournament, players, organizer, client
):
    tournament = open_tournament(approval=True)
    (anna,) = players(1)
    entry = services.entry_sign_up(tournament=tournament, player=anna)
    client.force_login(organizer)
    url = reverse("entries:list", args=[tournament.club.slug, tournament.slug])
    page = client.get(url).content.decode()
    approve = reverse(
        "tournaments:entry_action",
        args=[tournament.club.slug, tournament.slug, entry.pk, "approve"],
    )
    assert f'action="{approve}"' in page

    response = client.post(approve, {"next": url}, follow=True)
    assert response.redirect_chain[-1][0] == url
    entry.refresh_from_db()
    assert entry.status == EntryStatus.APPROVED
    assert "Player 01 is approved." in response.content.decode()
    assert f'action="{approve}"' not in response.content.decode()
    # A "next" that leads off the site goes back to Organize.
    other = services.entry_sign_up(tournament=tournament, player=players(2, "Other")[1])
    approve_other = reverse(
        "tournaments:entry_action",
        args=[tournament.club.slug, tournament.slug, other.pk, "approve"],
    )
    response = client.post(approve_other, {"next": "https://evil.example/"})
    assert response["Location"] == reverse(
        "tournaments:manage", args=[tournament.club.slug, tournament.slug]
    )
