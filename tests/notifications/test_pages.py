"""The bell, the list, settings, the calendar feed and the organizer's pages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from clubs.models import Role
from notifications.calendar import calendar_path
from notifications.models import Notification, NotificationStatus
from notifications.selectors import unread_count
from tests.conftest import open_matches
from tests.factories import (
    PASSWORD,
    ClubFactory,
    MembershipFactory,
    NotificationFactory,
    PlayerFactory,
)
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice(client, people):
    player = people["Alice"]
    client.login(username="alice", password=PASSWORD)
    return player


def test_the_bell_shows_the_unread_count_in_the_navigation(client, alice):
    NotificationFactory.create_batch(2, recipient=alice)
    NotificationFactory(recipient=alice, read_at=timezone.now())
    NotificationFactory()  # someone else's
    page = client.get(reverse("dashboard")).content.decode()
    assert 'class="bell has-unread"' in page
    assert '<span class="bell-count">2</span>' in page
    partial = client.get(reverse("notifications:bell")).content.decode()
    assert '<span class="bell-count">2</span>' in partial


def test_the_bell_costs_one_query(alice, django_assert_num_queries):
    NotificationFactory(recipient=alice)
    with django_assert_num_queries(1):
        assert unread_count(alice.user) == 1


def test_anonymous_visitors_have_no_bell(client):
    page = client.get(reverse("clubs:list")).content.decode()
    assert "bell" not in page
    assert client.get(reverse("notifications:list")).status_code == 302
    assert client.get(reverse("notifications:bell")).status_code == 286  # HTMX: stop polling


def test_the_list_shows_my_notifications_and_opening_one_marks_it_read(client, alice):
    mine = NotificationFactory(recipient=alice, subject="Your match against Bruno", url="/clubs/")
    NotificationFactory(subject="Not for Alice")
    page = client.get(reverse("notifications:list")).content.decode()
    assert "Your match against Bruno" in page
    assert "Not for Alice" not in page
    response = client.post(reverse("notifications:open", args=[mine.pk]))
    assert response.status_code == 302 and response["Location"] == "/clubs/"
    mine.refresh_from_db()
    assert mine.read_at is not None


def test_nobody_opens_someone_elses_notification(client, alice):
    other = NotificationFactory()
    assert client.post(reverse("notifications:open", args=[other.pk])).status_code == 404
    other.refresh_from_db()
    assert other.read_at is None


def test_a_link_to_another_site_is_not_followed(client, alice):
    notice = NotificationFactory(recipient=alice, url="https://evil.example/")
    response = client.post(reverse("notifications:open", args=[notice.pk]))
    assert response["Location"] == reverse("notifications:list")


def test_mark_all_read(client, alice):
    NotificationFactory.create_batch(3, recipient=alice)
    other = NotificationFactory()
    client.post(reverse("notifications:read_all"))
    assert not Notification.objects.filter(recipient=alice, read_at__isnull=True).exists()
    other.refresh_from_db()
    assert other.read_at is None
    partial = client.post(reverse("notifications:read_all"), HTTP_HX_REQUEST="true")
    assert "bell-count" not in partial.content.decode()


def test_the_preference_is_saved(client, alice):
    client.post(reverse("notifications:preferences"), {"notify": "mine"})
    alice.refresh_from_db()
    assert alice.notify == "mine"
    client.post(reverse("notifications:preferences"), {"notify": "loud"})
    alice.refresh_from_db()
    assert alice.notify == "mine"


# --- Calendar -------------------------------------------------------------------------------


def test_the_calendar_lists_my_scheduled_matches_dated_by_deadline_or_start(
    client, field, people, play
):
    start = timezone.now() + timedelta(days=2)
    tournament = field(4, format="swiss", swiss_rounds=2, starts_at=start, venue="Café Lotus")
    alice = people["Alice"]
    first, second = sorted(
        open_matches(tournament),
        key=lambda m: alice.pk not in (m.entry_a.player_id, m.entry_b.player_id),
    )  # Alice's match first
    opponent = first.entry_b.player if first.entry_a.player_id == alice.pk else first.entry_a.player
    deadline = timezone.now() + timedelta(days=5)
    play(second)
    feed_url = calendar_path(people["Alice"])
    response = client.get(feed_url)  # no log-in: the address is the key
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    events = Calendar.from_ical(response.content).walk("VEVENT")
    assert len(events) == 1
    event = events[0]
    assert opponent.name in str(event["SUMMARY"]) and "Spring Open" in str(event["SUMMARY"])
    assert event.decoded("DTSTART") == start.replace(microsecond=0)
    assert str(event["LOCATION"]) == "Café Lotus"
    assert f"/matches/{first.pk}/" in str(event["URL"])

    Round.objects.filter(pk=first.round_id).update(deadline=deadline)
    event = Calendar.from_ical(client.get(feed_url).content).walk("VEVENT")[0]
    assert event.decoded("DTEND") == deadline.replace(microsecond=0)

    done = Calendar.from_ical(client.get(calendar_path(second.entry_a.player)).content)
    assert done.walk("VEVENT") == []  # his match is played


def test_a_wrong_calendar_token_is_not_found(client, people):
    player = people["Alice"]
    url = reverse("notifications:calendar", kwargs={"player": player.pk, "token": "0" * 32})
    assert client.get(url).status_code == 404
    other = calendar_path(people["Bruno"]).replace(f"/{people['Bruno'].pk}/", f"/{player.pk}/")
    assert client.get(other).status_code == 404


def test_the_list_page_shows_my_calendar_address(client, alice):
    page = client.get(reverse("notifications:list")).content.decode()
    assert calendar_path(alice) in page


# --- Organizers --------------------------------------------------------------------------------


def test_the_organizer_sees_the_failed_mails_of_his_club_only(client, club, organizer):
    failed = NotificationFactory(
        club=club, email_status=NotificationStatus.FAILED, error="SMTPDataError: 550 no mailbox"
    )
    NotificationFactory(
        club=ClubFactory(), email_status=NotificationStatus.FAILED, error="Elsewhere refused"
    )
    NotificationFactory(club=club, email_status=NotificationStatus.SENT, subject="Went out")
    client.login(username=organizer.username, password=PASSWORD)
    page = client.get(reverse("notifications:club_failed", args=[club.slug])).content.decode()
    assert "550 no mailbox" in page and failed.subject in page
    assert "Elsewhere refused" not in page
    assert "Went out" not in page


def test_players_may_not_see_the_failed_mails(client, club, people):
    people["Alice"]
    client.login(username="alice", password=PASSWORD)
    response = client.get(reverse("notifications:club_failed", args=[club.slug]))
    assert response.status_code == 403
    notice = NotificationFactory(club=club, email_status=NotificationStatus.FAILED)
    response = client.post(reverse("notifications:retry", args=[club.slug, notice.pk]))
    assert response.status_code == 403
    notice.refresh_from_db()
    assert notice.email_status == NotificationStatus.FAILED


def test_the_organizer_tells_guests_in_person_and_sees_late_matches(
    client, field, organizer, locmem_mail
):
    tournament = field(1, guests=1)  # Alice – Guest 1
    match = open_matches(tournament)[0]
    Round.objects.filter(pk=match.round_id).update(deadline=timezone.now() - timedelta(hours=1))
    client.login(username=organizer.username, password=PASSWORD)
    url = reverse("notifications:tournament", args=[tournament.club.slug, tournament.slug])
    page = client.get(url).content.decode()
    assert "Guest 1" in page and "Alice" in page
    assert 'class="table overdue-matches"' in page
    notice = Notification.objects.get(recipient__name="Guest 1")
    told = reverse("notifications:told", args=[tournament.club.slug, tournament.slug, notice.pk])
    assert client.post(told).status_code == 302
    notice.refresh_from_db()
    assert notice.read_at is not None
    assert "Told " in client.get(url).content.decode()


def test_only_organizers_see_the_tell_in_person_page(client, field, people):
    tournament = field(2)
    client.login(username="alice", password=PASSWORD)
    url = reverse("notifications:tournament", args=[tournament.club.slug, tournament.slug])
    assert client.get(url).status_code == 403


def test_the_list_links_the_organizer_pages(client, club, organizer):
    client.login(username=organizer.username, password=PASSWORD)
    page = client.get(reverse("notifications:list")).content.decode()
    assert reverse("notifications:club_failed", args=[club.slug]) in page


def test_a_referee_is_no_organizer(client, club):
    referee = PlayerFactory()
    MembershipFactory(club=club, player=referee, role=Role.REFEREE)
    client.login(username=referee.user.username, password=PASSWORD)
    assert client.get(reverse("notifications:club_failed", args=[club.slug])).status_code == 403
