"""The calendar feed: every match still to play is an event, the feed is valid iCalendar even
when empty, UIDs name the installation and SEQUENCE grows when a match moves."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from matches.models import Match
from notifications.calendar import calendar_path
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db


def feed(client, player) -> tuple[bytes, Calendar]:
    response = client.get(calendar_path(player))
    assert response.status_code == 200
    return response.content, Calendar.from_ical(response.content)


def test_matches_without_deadline_or_start_are_all_day_events(client, field, people):
    field(4, format="round_robin")  # no start, no deadlines; every round drawn today
    _raw, calendar = feed(client, people["Alice"])
    events = calendar.walk("VEVENT")
    assert len(events) == 3  # Alice plays Bruno, Clara and David
    today = timezone.localdate()
    for event in events:
        assert event.decoded("DTSTART") == today
        assert isinstance(event.decoded("DTSTART"), date)
        assert event.decoded("DTEND") == today + timedelta(days=1)
    assert len({str(event["UID"]) for event in events}) == 3


def test_a_calendar_without_matches_is_valid_icalendar(client, people):
    raw, calendar = feed(client, people["Alice"])
    assert raw.startswith(b"BEGIN:VCALENDAR\r\n") and raw.endswith(b"END:VCALENDAR\r\n")
    assert calendar["VERSION"] == "2.0"
    assert str(calendar["PRODID"])
    # RFC 5545: a calendar holds at least one component; here, the site's time zone.
    assert [c.name for c in calendar.subcomponents] == ["VTIMEZONE"]
    assert calendar.walk("VEVENT") == []


def test_uids_name_the_site_and_sequence_grows_when_a_match_moves(
    client, field, people, organizer, settings
):
    settings.SITE_URL = "https://crawford.example"
    tournament = field(2, format="single_elimination")
    match = Match.objects.get(round__stage__tournament=tournament)
    an_hour_ago = timezone.now() - timedelta(hours=1)
    for model, pk in ((Match, match.pk), (Round, match.round_id), (Tournament, tournament.pk)):
        model.objects.filter(pk=pk).update(updated_at=an_hour_ago)
    _raw, calendar = feed(client, people["Alice"])
    (before,) = calendar.walk("VEVENT")
    assert str(before["UID"]) == f"match-{match.pk}@crawford.example"

    client.force_login(organizer)
    deadline = timezone.localtime() + timedelta(days=3)
    response = client.post(
        reverse(
            "tournaments:round_edit", args=[tournament.club.slug, tournament.slug, match.round_id]
        ),
        {
            "match_format": "points",
            "length": match.round.length,
            "deadline": deadline.strftime("%Y-%m-%dT%H:%M"),
        },
    )
    assert response.status_code == 302
    _raw, calendar = feed(client, people["Alice"])
    (after,) = calendar.walk("VEVENT")
    assert after["UID"] == before["UID"]
    assert after.decoded("DTEND") == deadline.replace(second=0, microsecond=0)
    assert int(after["SEQUENCE"]) > int(before["SEQUENCE"])
