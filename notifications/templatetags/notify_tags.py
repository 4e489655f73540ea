"""``{% notification_bell %}``: the bell with the unread count in the navigation;
``{% notification_shown %}``: a notification in the reader's language."""

from __future__ import annotations

from typing import Any

from django import template

from notifications import texts
from notifications.models import Notification
from notifications.selectors import unread_count
from notifications.texts import Shown

register = template.Library()


@register.inclusion_tag("notifications/_bell.html", takes_context=True)
def notification_bell(context: Any) -> dict[str, Any]:
    request = context.get("request")
    return {"unread": unread_count(getattr(request, "user", None))}


@register.simple_tag
def notification_shown(notification: Notification) -> Shown:
    """``{% notification_shown n as shown %}``: its subject and text in the page's language."""
    return texts.notification_shown(notification)
