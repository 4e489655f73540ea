"""What players do themselves: the rules of a tournament's sign-up (its window, its cap, its
waiting list), their requests to join a club, and the organizers' invitations by e-mail.

The entries themselves are the tournament's (``tournaments.Entry``): a sign-up is an entry,
a waiting one has its number on the list (``Entry.waiting_number``)."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, Role, TimeStampedModel
from config import constraints as checks
from config.moments import sane_moment
from tournaments.models import Tournament


class SignupRules(TimeStampedModel):
    """How players sign up for one tournament themselves. A tournament without rules takes
    sign-ups while its registration is open, without a cap, with the organizer's approval."""

    tournament = models.OneToOneField(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="signup_rules",
    )
    opens_at = models.DateTimeField(
        _("sign-up opens"),
        null=True,
        blank=True,
        help_text=_("Empty: as registration opens."),
        validators=[sane_moment],
    )
    closes_at = models.DateTimeField(
        _("sign-up closes"),
        null=True,
        blank=True,
        validators=[sane_moment],
        help_text=_(
            "Empty: when the tournament starts. Players may take back a sign-up until then."
        ),
    )
    capacity = models.PositiveIntegerField(
        _("places"),
        null=True,
        blank=True,
        help_text=_("Most players in the field; empty: no limit."),
    )
    waiting_list = models.BooleanField(
        _("waiting list"),
        default=True,
        help_text=_(
            "Past the last place players join a waiting list that moves up by itself when "
            "someone withdraws."
        ),
    )
    approval = models.BooleanField(
        _("organizer approves sign-ups"),
        default=False,
        help_text=_("A sign-up holds a place, awaiting an organizer's approval."),
    )

    class Meta:
        verbose_name = _("sign-up rules")
        verbose_name_plural = _("sign-up rules")
        constraints = [
            checks.Check(
                condition=Q(capacity__isnull=True) | Q(capacity__gte=1),
                name="signup_capacity_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            checks.Check(
                condition=Q(opens_at__isnull=True)
                | Q(closes_at__isnull=True)
                | Q(closes_at__gt=F("opens_at")),
                name="signup_closes_after_it_opens",
                violation_error_message=_("The sign-up must close after it opens."),
            ),
        ]

    def __str__(self) -> str:
        return str(self.tournament)


class JoinRequestStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for an organizer")
    APPROVED = "approved", _("Approved")
    DECLINED = "declined", _("Declined")


class JoinRequest(TimeStampedModel):
    """A player asks to become a member of a club; an organizer approves or declines."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="join_requests"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="join_requests"
    )
    message = models.CharField(_("message"), max_length=500, blank=True)
    status = models.CharField(
        _("status"),
        max_length=12,
        choices=JoinRequestStatus.choices,
        default=JoinRequestStatus.PENDING,
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("decided by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)

    class Meta:
        ordering = ["club", "created_at", "pk"]
        verbose_name = _("join request")
        verbose_name_plural = _("join requests")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "player"],
                condition=Q(status="pending"),
                name="join_request_one_open_per_player",
            ),
            checks.Check(
                condition=Q(status__in=JoinRequestStatus.values),
                name="join_request_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} → {self.club}"


def invitation_token() -> str:
    """The secret of an invitation's link."""
    return secrets.token_urlsafe(32)


#: Days an invitation's link lets its holder join: a mail found much later, or passed on,
#: does not make a member (an organizer's invitation makes an organizer). The club invites
#: again if it still wants them.
INVITATION_DAYS = 14


class ClubInvitation(TimeStampedModel):
    """An organizer invites someone by e-mail; the link in the mail lets them join, for
    :data:`INVITATION_DAYS` days."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="invitations"
    )
    email = models.EmailField(_("e-mail"))
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.PLAYER)
    token = models.CharField(max_length=64, unique=True, editable=False, default=invitation_token)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("invited by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    accepted_by = models.ForeignKey(
        Player,
        verbose_name=_("accepted by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    accepted_at = models.DateTimeField(_("accepted"), null=True, blank=True)

    class Meta:
        ordering = ["club", "-created_at"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        constraints = [
            checks.Check(
                condition=Q(role__in=Role.values),
                name="club_invitation_role_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.email} → {self.club}"

    @property
    def expires_at(self) -> datetime:
        return self.created_at + timedelta(days=INVITATION_DAYS)

    def is_expired(self) -> bool:
        return self.accepted_at is None and timezone.now() >= self.expires_at
