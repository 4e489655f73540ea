"""``{% notification_bell %}``: the bell with the unread count in the navigation."""

from __future__ import annotations

from typing import Any

from django import template

from notifications.selectors import unread_count

register = template.Library()


@register.inclusion_tag("notifications/_bell.html", takes_context=True)
def notification_bell(context: Any) -> dict[str, Any]:
    request = context.get("request")
    return {"unread": unread_count(getattr(request, "user", None))}
