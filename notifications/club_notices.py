"""Triggers about clubs that players ask to join and organizers invite people to."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from clubs.models import ClubInvitation, JoinRequest, JoinRequestStatus, Membership, Player, Role
from notifications import kinds
from notifications.services import Message, absolute, notifications_create


def _request(request_id: int) -> JoinRequest | None:
    return JoinRequest.objects.select_related("club", "player__user").filter(pk=request_id).first()


def join_requested_notify(*, join_request_id: int) -> int:
    """The club's organizers: somebody asks to join (once per request)."""
    request = _request(join_request_id)
    if request is None or request.status != JoinRequestStatus.PENDING:
        return 0
    organizers = Membership.objects.filter(club=request.club, role=Role.ORGANIZER).select_related(
        "player__user"
    )
    url = reverse("membership:requests", kwargs={"club": request.club.slug})
    return len(
        notifications_create(
            Message(
                recipient=membership.player,
                kind=kinds.JOIN_REQUESTED,
                dedupe_key=f"{kinds.JOIN_REQUESTED}:r{request.pk}:p{membership.player_id}",
                context={"request": request, "club": request.club},
                url=url,
                club_id=request.club_id,
            )
            for membership in organizers
        )
    )


def join_decided_notify(*, join_request_id: int) -> int:
    """The player: approved (a member now) or declined."""
    request = _request(join_request_id)
    if request is None or request.status == JoinRequestStatus.PENDING:
        return 0
    message = Message(
        recipient=request.player,
        kind=kinds.JOIN_DECIDED,
        dedupe_key=f"{kinds.JOIN_DECIDED}:r{request.pk}",
        context={"request": request, "club": request.club},
        url=request.club.get_absolute_url(),
        club_id=request.club_id,
    )
    return len(notifications_create([message]))


def invitation_send(*, invitation_id: int) -> bool:
    """Tell the invited person: a player with an account and this e-mail in the app (and by
    e-mail, as he wishes); an address without an account by e-mail only, in the inviting
    organizer's language. The event's delivery is the outbox: a mail server that refuses
    leaves it pending, and the reconciler tries again."""
    invitation = (
        ClubInvitation.objects.select_related("club", "invited_by__player")
        .filter(pk=invitation_id, accepted_at__isnull=True)
        .first()
    )
    if invitation is None or invitation.is_expired():  # a mail held up past its end
        return False
    inviter = getattr(invitation.invited_by, "player", None)
    url = reverse("membership:accept", kwargs={"token": invitation.token})
    context = {
        "club": invitation.club,
        "inviter": inviter.name if inviter is not None else invitation.club.name,
        "invitation": invitation,
    }
    account = (
        Player.objects.filter(user__isnull=False)
        .filter(Q(email__iexact=invitation.email) | Q(user__email__iexact=invitation.email))
        .select_related("user")
        .first()
    )
    if account is not None:
        with translation.override(account.language):
            context["role"] = str(invitation.get_role_display())
        message = Message(
            recipient=account,
            kind=kinds.CLUB_INVITATION,
            dedupe_key=f"{kinds.CLUB_INVITATION}:i{invitation.pk}",
            context=context,
            url=url,
            club_id=invitation.club_id,
        )
        return bool(notifications_create([message]))
    language = inviter.language if inviter is not None else settings.LANGUAGE_CODE
    with translation.override(language):
        context |= {"role": invitation.get_role_display(), "link": absolute(url)}
        subject = " ".join(
            render_to_string("notifications/club_invitation/subject.txt", context).split()
        )
        body = render_to_string("notifications/club_invitation/body.txt", context)
    EmailMultiAlternatives(subject, body, to=[invitation.email]).send()
    return True
