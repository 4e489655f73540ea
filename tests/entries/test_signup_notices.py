"""Players on the waiting list are told their number, and told again (in-app, by e-mail and in
their calendar feed) when they move up."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from icalendar import Calendar

from entries import services
from notifications import kinds
from notifications.calendar import calendar_path
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def tournament_events(client, player):
    calendar = Calendar.from_ical(client.get(calendar_path(player)).content)
    return [str(e["SUMMARY"]) for e in calendar.walk("VEVENT")]


def test_the_first_waiting_player_is_told_when_a_withdrawal_moves_him_up(
    open_tournament, people, locmem_mail, commit, client
):
    starts = timezone.now() + timedelta(days=3)
    tournament = open_tournament(capacity=1, fields={"starts_at": starts, "venue": "Back room"})
    alice, bruno = people["Alice"], people["Bruno"]
    first = commit(services.entry_sign_up, tournament=tournament, player=alice)
    commit(services.entry_sign_up, tournament=tournament, player=bruno)
    assert [m.to for m in locmem_mail] == [["alice@example.com"], ["bruno@example.com"]]
    assert "waiting list" in locmem_mail[1].subject
    assert "number 1 on the waiting list" in locmem_mail[1].body
    assert tournament_events(client, bruno) == []  # waiting: not in the calendar yet

    commit(services.entry_withdraw, entry=first)

    told = Notification.objects.get(recipient=bruno, kind=kinds.WAITING_LIST_MOVED_UP)
    assert "you are in" in told.subject and told.read_at is None  # in the bell, unread
    assert locmem_mail[-1].to == ["bruno@example.com"]
    assert "moved up from the waiting list" in locmem_mail[-1].body
    assert tournament_events(client, bruno) == ["Friday Open starts"]
    assert tournament_events(client, alice) == []
    # The sweep of approved entries does not tell him a second time.
    mails = len(locmem_mail)
    from notifications.tournament_notices import entries_approved_notify

    commit(entries_approved_notify)
    assert len(locmem_mail) == mails


def test_a_german_player_is_told_in_german(open_tournament, people, locmem_mail, commit):
    tournament = open_tournament(capacity=1)
    people["Alice"]
    greta = people["Greta"]
    greta.language = "de"
    greta.save()
    commit(services.entry_sign_up, tournament=tournament, player=people["Alice"])
    commit(services.entry_sign_up, tournament=tournament, player=greta)
    assert "Warteliste" in locmem_mail[-1].subject
