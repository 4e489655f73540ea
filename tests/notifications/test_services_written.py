"""The notification services called directly: a notification written (once per key, only when
somebody would see it) and its e-mail sent, a failed e-mail sent again, notices marked read or
told in person, a player's preference. What each writes, and what it refuses unchanged."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from clubs.models import Player
from notifications import kinds
from notifications.models import Notification, NotificationStatus
from notifications.services import (
    Message,
    notification_create,
    notification_mark_told,
    notification_retry,
    notifications_create,
    notifications_mark_read,
    player_set_notify,
)
from tests.factories import ClubFactory, GuestFactory, NotificationFactory

pytestmark = pytest.mark.django_db


def welcome(player, club, key="welcome:1"):
    return Message(
        recipient=player,
        kind=kinds.MEMBERSHIP_WELCOME,
        dedupe_key=key,
        context={"player": player, "club": club},
        url="/",
        club_id=club.pk,
    )


def test_a_notification_is_written_once_and_its_e_mail_sent(people, club, locmem_mail, commit):
    alice = people["Alice"]
    notice = commit(notification_create, message=welcome(alice, club))
    assert (notice.recipient, notice.kind, notice.subject) == (
        alice,
        kinds.MEMBERSHIP_WELCOME,
        "You are now a member of Bar Club",
    )
    assert [m.to for m in locmem_mail] == [["alice@example.com"]]
    notice.refresh_from_db()
    assert notice.email_status == NotificationStatus.SENT
    # the same key again (a trigger run twice) writes and sends nothing
    assert commit(notification_create, message=welcome(alice, club)) is None
    assert Notification.objects.count() == 1 and len(locmem_mail) == 1


def test_a_notification_nobody_would_see_is_not_written(people, club, locmem_mail, commit):
    quiet = people["Bruno"]
    Player.objects.filter(pk=quiet.pk).update(notify="none")
    quiet.refresh_from_db()
    assert commit(notification_create, message=welcome(quiet, club)) is None
    guest = GuestFactory(email="")  # no account, no address, and not a notice told in person
    assert commit(notification_create, message=welcome(guest, club, key="welcome:2")) is None
    with pytest.raises(ValueError):
        notification_create(
            message=Message(recipient=people["Clara"], kind="nonsense", dedupe_key="x")
        )
    assert not Notification.objects.exists()
    assert locmem_mail == []


def test_a_failed_e_mail_is_sent_again(people, locmem_mail, commit):
    failed = NotificationFactory(recipient=people["Alice"], email_status=NotificationStatus.FAILED)
    assert commit(notification_retry, notification=failed) is True
    failed.refresh_from_db()
    assert failed.email_status == NotificationStatus.SENT
    assert [m.to for m in locmem_mail] == [["alice@example.com"]]


@pytest.mark.parametrize("status", [NotificationStatus.SENT, NotificationStatus.SKIPPED])
def test_an_e_mail_not_failed_is_not_sent_again(people, locmem_mail, commit, status):
    notice = NotificationFactory(recipient=people["Alice"], email_status=status)
    assert commit(notification_retry, notification=notice) is False
    notice.refresh_from_db()
    assert notice.email_status == status
    assert locmem_mail == []


def test_a_players_notices_are_marked_read_all_or_those_given(people):
    alice, bruno = people["Alice"], people["Bruno"]
    first, second, third = (NotificationFactory(recipient=alice) for _ in range(3))
    others = NotificationFactory(recipient=bruno)
    assert notifications_mark_read(player=alice, notification_ids=[first.pk, others.pk]) == 1
    unread = set(Notification.objects.filter(read_at__isnull=True).values_list("pk", flat=True))
    assert unread == {second.pk, third.pk, others.pk}  # Bruno's notice is not Alice's to read
    assert notifications_mark_read(player=alice) == 2
    assert notifications_mark_read(player=alice) == 0
    assert set(Notification.objects.filter(read_at__isnull=True)) == {others}


def test_a_guests_notice_told_in_person_is_marked_so(people, club):
    guest_notice = NotificationFactory(recipient=GuestFactory(), club=club)
    assert notification_mark_told(notification=guest_notice, club=club) is True
    guest_notice.refresh_from_db()
    assert guest_notice.read_at is not None
    told_at = guest_notice.read_at
    assert notification_mark_told(notification=guest_notice, club=club) is False  # once
    guest_notice.refresh_from_db()
    assert guest_notice.read_at == told_at


def test_only_a_guests_notice_of_the_club_is_told_in_person(people, club):
    account_notice = NotificationFactory(recipient=people["Alice"], club=club)
    other_club_notice = NotificationFactory(recipient=GuestFactory(), club=ClubFactory())
    assert notification_mark_told(notification=account_notice, club=club) is False
    assert notification_mark_told(notification=other_club_notice, club=club) is False
    assert not Notification.objects.filter(read_at__isnull=False).exists()


def test_a_player_chooses_what_he_is_told(people):
    alice = people["Alice"]
    player_set_notify(player=alice, notify="mine")
    assert Player.objects.get(pk=alice.pk).notify == "mine"
    with pytest.raises(ValidationError):
        player_set_notify(player=alice, notify="everything")
    assert Player.objects.get(pk=alice.pk).notify == "mine"


def test_many_notifications_are_written_at_once_each_key_once(people, club, locmem_mail, commit):
    alice, bruno, clara = people["Alice"], people["Bruno"], people["Clara"]
    commit(notification_create, message=welcome(alice, club, key="welcome:a"))
    Player.objects.filter(pk=clara.pk).update(notify="none")
    clara.refresh_from_db()
    messages = [
        welcome(alice, club, key="welcome:a"),  # written before
        welcome(bruno, club, key="welcome:b"),
        welcome(bruno, club, key="welcome:b"),  # twice in the same batch
        welcome(clara, club, key="welcome:c"),  # she wants none
    ]
    written = commit(notifications_create, messages)
    assert [(n.recipient, n.dedupe_key) for n in written] == [(bruno, "welcome:b")]
    assert sorted(Notification.objects.values_list("dedupe_key", flat=True)) == [
        "welcome:a",
        "welcome:b",
    ]
    assert [m.to for m in locmem_mail] == [["alice@example.com"], ["bruno@example.com"]]
    assert commit(notifications_create, messages) == []  # again: nothing new
    assert Notification.objects.count() == 2


def test_a_batch_with_an_unknown_kind_writes_nothing(people, club):
    messages = [
        welcome(people["Alice"], club),
        Message(recipient=people["Bruno"], kind="nonsense", dedupe_key="x"),
    ]
    with pytest.raises(ValueError):
        notifications_create(messages)
    assert not Notification.objects.exists()
