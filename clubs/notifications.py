"""Messages to club members, rendered in the member's language."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import translation

from clubs.models import Membership


def membership_welcome_send(*, membership_id: int) -> bool:
    """Send the welcome mail; False when there is nobody to send it to."""
    membership = (
        Membership.objects.select_related("club", "player__user").filter(pk=membership_id).first()
    )
    if membership is None or not (membership.player.user and membership.player.user.email):
        return False
    user = membership.player.user
    with translation.override(membership.player.language or settings.LANGUAGE_CODE):
        context = {"membership": membership, "club": membership.club, "player": membership.player}
        subject = render_to_string("clubs/email/welcome_subject.txt", context).strip()
        body = render_to_string("clubs/email/welcome.txt", context)
    send_mail(subject, body, None, [user.email])
    return True
