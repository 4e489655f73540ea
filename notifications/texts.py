"""A notification as its reader sees it: in the reader's language (the page's), rendered again
from its kind and parameters when it was made in another one."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils import translation

from notifications import params
from notifications.models import Notification
from notifications.services import render_kind

logger = logging.getLogger(__name__)

#: A notification rendered in another language is kept this long: its parameters never
#: change, and a list of a hundred in another language would render them on every visit.
CACHE_SECONDS = 3600


@dataclass(frozen=True)
class Shown:
    subject: str
    body: str


def _base(language: str) -> str:
    return language.split("-")[0].lower()


def notification_shown(notification: Notification, language: str | None = None) -> Shown:
    """Subject and text in ``language`` (the active one by default). The stored text when it
    is in that language already, or when the notification has no parameters (made before they
    were kept) or they cannot be rendered any more (a template changed): never an error page
    for an old message."""
    stored = Shown(notification.subject, notification.body)
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    if not notification.params or _base(notification.language) == _base(language):
        return stored
    # Its creation time in the key: a test database gives a later notification the same id.
    key = f"notification-shown:{notification.pk}:{notification.created_at.timestamp()}:{language}"
    cached = cache.get(key)
    if cached is not None:
        return Shown(*cached)
    try:
        context = params.thaw(notification.params)
        rendered = render_kind(
            kind=notification.kind,
            context=context,
            recipient=notification.recipient,
            url=notification.url,
            language=language,
            html=False,
        )
    except Exception:  # an old row the code can no longer read: its text as it was made
        logger.warning("notification %s shown as stored", notification.pk, exc_info=True)
        return stored
    cache.set(key, (rendered.subject, rendered.body), CACHE_SECONDS)
    return Shown(rendered.subject, rendered.body)
