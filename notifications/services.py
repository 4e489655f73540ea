"""Writes for notifications: create one (rendered, deduplicated), deliver its e-mail, mark it
read or told, send a failed one again, and the player's preference.

Creating never waits for a mail server: the e-mail goes out in the ``notification_send`` task
once the notification is committed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from clubs.models import Club, Player
from config.site import site_url
from notifications import params
from notifications.kinds import KINDS, wanted
from notifications.mail import email_address, queue_send
from notifications.models import Notification, NotificationStatus


def absolute(path: str) -> str:
    return path if not path or "://" in path else site_url() + path


@dataclass
class Message:
    """One notification to one person, before it is rendered."""

    recipient: Player
    kind: str
    dedupe_key: str
    context: dict[str, Any] = field(default_factory=dict)
    url: str = ""
    club_id: int | None = None
    tournament_id: int | None = None


@dataclass(frozen=True)
class Rendered:
    subject: str
    body: str
    body_html: str


def render(message: Message, *, html: bool = True) -> Rendered:
    """Subject, plain text and HTML from ``templates/notifications/<kind>/`` in the
    recipient's language."""
    return render_kind(
        kind=message.kind,
        context=message.context,
        recipient=message.recipient,
        url=message.url,
        language=recipient_language(message.recipient),
        html=html,
    )


def recipient_language(recipient: Player) -> str:
    return recipient.language or settings.LANGUAGE_CODE


def render_kind(
    *,
    kind: str,
    context: dict[str, Any],
    recipient: Player,
    url: str,
    language: str,
    html: bool = True,
) -> Rendered:
    """A kind's templates with this context, in this language."""
    context = {
        **context,
        "recipient": recipient,
        "link": absolute(url),
        "site_url": site_url(),
        "settings_link": absolute(reverse("notifications:list")),
    }
    base = f"notifications/{kind}"
    with translation.override(language):
        subject = " ".join(render_to_string(f"{base}/subject.txt", context).split())
        body = _tidy(render_to_string(f"{base}/body.txt", context))
        body_html = render_to_string(f"{base}/body.html", context) if html else ""
    max_subject = Notification._meta.get_field("subject").max_length or 200
    return Rendered(subject[:max_subject], body, body_html)


def _tidy(text: str) -> str:
    """Plain text from templates: no trailing blanks, at most one empty line in a row."""
    lines = [line.rstrip() for line in text.strip().splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)) + "\n"


def reaches(message: Message) -> bool:
    """Whether anybody would see this: preference, and a channel (e-mail, the bell, or the
    organizer telling a guest in person)."""
    recipient = message.recipient
    if not wanted(message.kind, recipient.notify):
        return False
    if email_address(recipient) or recipient.user_id is not None:
        return True
    return KINDS[message.kind].tell_in_person


def existing_keys(keys: Iterable[str]) -> set[str]:
    """The dedupe keys among these that were already used (one query per 500)."""
    keys = list(keys)
    found: set[str] = set()
    for start in range(0, len(keys), 500):
        chunk = keys[start : start + 500]
        found.update(
            Notification.objects.filter(dedupe_key__in=chunk).values_list("dedupe_key", flat=True)
        )
    return found


@transaction.atomic
def notification_create(*, message: Message, known: set[str] | None = None) -> Notification | None:
    """Record one notification and queue its e-mail; None when it is not wanted, reaches
    nobody, or was sent before (``known``: keys a caller already looked up)."""
    if known is None:
        known = existing_keys([message.dedupe_key])
    notification = _built(message, known)
    return None if notification is None else _saved(notification)


def notifications_create(messages: Iterable[Message]) -> list[Notification]:
    """Many at once: the used dedupe keys looked up in one go, and the new notifications
    written in one statement (one by one when a concurrent run of the same trigger was first
    with one of them)."""
    messages = list(messages)
    known = existing_keys(m.dedupe_key for m in messages)
    built = []
    for message in messages:
        notification = _built(message, known)
        if notification is not None:
            built.append(notification)
            known.add(message.dedupe_key)
    if not built:
        return []
    try:
        with transaction.atomic():
            Notification.objects.bulk_create(built)
    except IntegrityError:
        for notification in built:  # written by none of the statement's batches
            notification.pk, notification._state.adding = None, True
        return [n for n in (_saved(notification) for notification in built) if n is not None]
    for notification in built:
        _queue(notification)
    return built


def _built(message: Message, known: set[str]) -> Notification | None:
    """The notification of ``message``, rendered and checked; None when it is not wanted,
    reaches nobody, or its key is ``known`` (sent before)."""
    if message.kind not in KINDS:
        raise ValueError(f"unknown notification kind {message.kind!r}")
    if not reaches(message) or message.dedupe_key in known:
        return None
    address = email_address(message.recipient)
    rendered = render(message, html=bool(address))
    notification = Notification(
        recipient=message.recipient,
        club_id=message.club_id,
        tournament_id=message.tournament_id,
        kind=message.kind,
        params=params.freeze(message.context),
        language=recipient_language(message.recipient),
        subject=rendered.subject,
        body=rendered.body,
        body_html=rendered.body_html,
        url=message.url,
        email_status=NotificationStatus.PENDING if address else NotificationStatus.SKIPPED,
        dedupe_key=message.dedupe_key,
    )
    # The related rows were just read; the unique dedupe key is enforced by the insert.
    notification.full_clean(exclude=["recipient", "club", "tournament"], validate_unique=False)
    return notification


def _saved(notification: Notification) -> Notification | None:
    try:
        with transaction.atomic():
            notification.save()
    except IntegrityError:
        return None  # a concurrent run of the same trigger was first
    _queue(notification)
    return notification


def _queue(notification: Notification) -> None:
    if notification.email_status == NotificationStatus.PENDING:
        queue_send(notification.pk)


@transaction.atomic
def notification_retry(*, notification: Notification) -> bool:
    """The organizer's "send again" for a failed e-mail; False when it is not failed."""
    notification = Notification.objects.select_for_update().get(pk=notification.pk)
    if notification.email_status != NotificationStatus.FAILED:
        return False
    notification.email_status = NotificationStatus.PENDING
    notification.save(update_fields=["email_status", "updated_at"])
    queue_send(notification.pk)
    return True


@transaction.atomic
def notifications_mark_read(
    *, player: Player, notification_ids: Iterable[int] | None = None
) -> int:
    """Mark the player's notifications read (all unread ones, or those given)."""
    unread = Notification.objects.filter(recipient=player, read_at__isnull=True)
    if notification_ids is not None:
        unread = unread.filter(pk__in=list(notification_ids))
    return unread.update(read_at=timezone.now(), updated_at=timezone.now())


@transaction.atomic
def notification_mark_told(*, notification: Notification, club: Club) -> bool:
    """The organizer told a guest in person; ``read_at`` records when."""
    updated = Notification.objects.filter(
        pk=notification.pk, club=club, recipient__user__isnull=True, read_at__isnull=True
    ).update(read_at=timezone.now(), updated_at=timezone.now())
    return bool(updated)


@transaction.atomic
def player_set_notify(*, player: Player, notify: str) -> Player:
    """What the player wants to be told: ``all``, ``mine`` or ``none``."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    player.notify = notify
    player.full_clean()
    player.save(update_fields=["notify", "updated_at"])
    return player
