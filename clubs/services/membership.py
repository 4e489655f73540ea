"""Players ask to join a club and organizers answer; organizers invite by e-mail instead of
adding someone unasked. Each is told (the events below; notifications listens)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from clubs.models import (
    Club,
    ClubInvitation,
    JoinRequest,
    JoinRequestStatus,
    Membership,
    Player,
    Role,
)
from clubs.services.clubs import player_for_user
from clubs.versions import club_change
from config.errors import UserError
from config.logs import logged_service
from events.bus import emit
from events.types import ClubInvitationSent, JoinDecided, JoinRequested


def _refuse_member(club: Club, player: Player) -> None:
    if Membership.objects.filter(club=club, player=player).exists():
        raise UserError(
            _("%(name)s is a member of %(club)s already.")
            % {"name": player.name, "club": club.name},
            code="already_member",
        )


@logged_service("join_request_create")
@transaction.atomic
def join_request_create(*, club: Club, player: Player, message: str = "") -> JoinRequest:
    """The player asks to join; the club's organizers are told."""
    _refuse_member(club, player)
    if JoinRequest.objects.filter(
        club=club, player=player, status=JoinRequestStatus.PENDING
    ).exists():
        raise UserError(
            _("You have asked to join already; the organizers will answer."),
            code="asked_already",
        )
    request = JoinRequest(club=club, player=player, message=message.strip())
    request.full_clean()
    request.save()
    emit(JoinRequested(join_request_id=request.pk))
    return request


@logged_service("join_request_decide")
@transaction.atomic
def join_request_decide(*, join_request: JoinRequest, approve: bool, user: Any) -> JoinRequest:
    """An organizer approves (the player becomes a member) or declines; the player is told."""
    # The club's row first (the house's lock order), then the request.
    with club_change(join_request.club_id):
        request = (
            JoinRequest.objects.select_for_update()
            .select_related("club", "player")
            .get(pk=join_request.pk)
        )
        if request.status != JoinRequestStatus.PENDING:
            raise UserError(_("This request has been answered already."), code="answered_already")
        if approve:
            if not Membership.objects.filter(club=request.club, player=request.player).exists():
                Membership.objects.create(club=request.club, player=request.player)
            request.status = JoinRequestStatus.APPROVED
        else:
            request.status = JoinRequestStatus.DECLINED
        request.decided_by = user
        request.decided_at = timezone.now()
        request.save(update_fields=["status", "decided_by", "decided_at", "updated_at"])
        emit(JoinDecided(join_request_id=request.pk))
        return request


@logged_service("club_invite")
@transaction.atomic
def club_invite(*, club: Club, email: str, role: str = Role.PLAYER, user: Any) -> ClubInvitation:
    """Invite someone by e-mail: the mail's link lets them join (after logging in or
    signing up); nobody becomes a member unasked."""
    email = email.strip()
    member = Membership.objects.filter(club=club).filter(
        Q(player__email__iexact=email) | Q(player__user__email__iexact=email)
    )
    if member.exists():
        raise UserError(
            _("Somebody with the e-mail %(email)s is a member already.") % {"email": email},
            code="already_member",
            field="email",
        )
    invitation = ClubInvitation(club=club, email=email, role=role, invited_by=user)
    invitation.full_clean()
    invitation.save()
    emit(ClubInvitationSent(invitation_id=invitation.pk))
    return invitation


@logged_service("club_invite_account")
@transaction.atomic
def club_invite_account(
    *, club: Club, user_identifier: str, role: str = Role.PLAYER, user: Any
) -> ClubInvitation:
    """Invite the account with this user name or e-mail (instead of adding it unasked): the
    invitation goes to the account's e-mail address."""
    identifier = user_identifier.strip()
    accounts = list(
        get_user_model().objects.filter(
            Q(username__iexact=identifier) | Q(email__iexact=identifier)
        )[:2]
    )
    if len(accounts) != 1:
        raise UserError(
            _("No single account has the user name or e-mail “%(who)s”.") % {"who": identifier},
            code="no_such_user",
            field="user",
        )
    account = accounts[0]
    player = Player.objects.filter(user=account).first()
    if player is not None:
        _refuse_member(club, player)
    if not account.email:
        raise UserError(
            _("This account has no e-mail address: ask them to ask to join the club."),
            code="no_email",
            field="user",
        )
    return club_invite(club=club, email=account.email, role=role, user=user)


@logged_service("club_invitation_accept")
@transaction.atomic
def club_invitation_accept(*, token: str, user: Any) -> Membership:
    """The invited person, logged in, accepts: a member in the role the invitation names."""
    found = ClubInvitation.objects.filter(token=token).values_list("club_id", flat=True).first()
    if found is None:
        raise UserError(_("This invitation does not exist."), code="no_invitation")
    with club_change(found):
        invitation = ClubInvitation.objects.select_for_update().get(token=token)
        if invitation.accepted_at is not None:
            raise UserError(_("This invitation has been used already."), code="used")
        if invitation.is_expired():
            raise UserError(
                _("This invitation ran out on %(when)s. Ask the club to invite you again.")
                % {"when": formats.date_format(timezone.localtime(invitation.expires_at))},
                code="expired",
            )
        player = player_for_user(user=user)
        _refuse_member(invitation.club, player)
        membership = Membership.objects.create(
            club=invitation.club, player=player, role=invitation.role
        )
        invitation.accepted_by = player
        invitation.accepted_at = timezone.now()
        invitation.save(update_fields=["accepted_by", "accepted_at", "updated_at"])
        # Open requests of the player to the same club are answered by it.
        JoinRequest.objects.filter(
            club=invitation.club, player=player, status=JoinRequestStatus.PENDING
        ).update(status=JoinRequestStatus.APPROVED, decided_at=timezone.now())
        return membership
