"""Clubs, the people in them, and their roles; the requests to join a club and the
invitations to it."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from config import constraints as checks
from config.countries import country_choices


class TimeStampedModel(models.Model):
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        abstract = True


class VersionedSave(models.Model):
    """A model whose ``version`` only ever rises by an ``UPDATE ... version + 1`` (the key of
    its cached pages): a full save must not write back a version read before a bump, or the
    cache would serve an old page under a number used again."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                field.name
                for field in self._meta.concrete_fields
                if not field.primary_key and field.name != "version"
            ]
        super().save(*args, **kwargs)


class Club(VersionedSave, TimeStampedModel):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), max_length=60, unique=True)
    description = models.TextField(_("description"), blank=True)
    city = models.CharField(_("city"), max_length=80, blank=True)
    #: ISO 3166 code; empty when not said. English dates on the club's pages are written as
    #: readers in this country expect (``config.dates``).
    country = models.CharField(
        _("country"),
        max_length=2,
        blank=True,
        choices=country_choices,
        help_text=_("Dates on the club's pages are written as readers in this country expect."),
    )
    is_private = models.BooleanField(
        _("private"),
        default=False,
        help_text=_("Only members see a private club's pages."),
    )
    rating_points_per_game = models.FloatField(
        _("rating length per game of best-of-N"),
        default=1.0,
        help_text=_(
            "For the club rating a best-of-N match counts as N times this many points "
            "(1: a best of 3 counts like a 3-point match)."
        ),
    )
    #: Raised by one in the transaction of every change the club's own pages show that is not
    #: a tournament's (those raise the tournament's version): the club, its members, player
    #: names, ratings, tournaments created or deleted. Only ever written by
    #: ``clubs.versions`` (an UPDATE ... version + 1). The club pages' cache key
    #: (``tournaments.selectors``).
    version = models.PositiveBigIntegerField(_("version"), default=1, editable=False)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        constraints = [
            checks.Check(
                condition=~Q(slug=""),
                name="club_slug_not_empty",
                violation_error_message=checks.NOT_EMPTY,
            ),
            checks.Check(
                condition=~Q(name=""),
                name="club_name_not_empty",
                violation_error_message=checks.NOT_EMPTY,
            ),
            checks.Check(
                condition=Q(rating_points_per_game__gt=0),
                name="club_rating_points_positive",
                violation_error_message=checks.ABOVE_ZERO,
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:detail", kwargs={"club": self.slug})


class Player(TimeStampedModel):
    """A person who plays, referees or organizes. Guests have no user account."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user account"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player",
    )
    name = models.CharField(_("name"), max_length=120)
    email = models.EmailField(_("e-mail"), blank=True)
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    notify = models.CharField(
        _("notifications"),
        max_length=8,
        choices=[
            ("all", _("All")),
            ("mine", _("Only about my matches")),
            ("none", _("None")),
        ],
        default="all",
    )

    class Meta:
        ordering = [Lower("name")]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            checks.Check(
                condition=~Q(name=""),
                name="player_name_not_empty",
                violation_error_message=checks.NOT_EMPTY,
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


class Role(models.TextChoices):
    ORGANIZER = "organizer", _("Organizer")
    REFEREE = "referee", _("Referee")
    PLAYER = "player", _("Player")


class Membership(TimeStampedModel):
    """A player's place in a club. An organizer may referee; a referee may play."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="memberships"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.PLAYER)

    class Meta:
        ordering = ["club", "role", "player__name"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="membership_once_per_club"),
            checks.Check(
                condition=Q(role__in=Role.values),
                name="membership_role_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]
        indexes = [models.Index(fields=["player", "role"])]

    def __str__(self) -> str:
        return f"{self.player} · {self.club} ({self.get_role_display()})"


class ApiToken(TimeStampedModel):
    """A club's key for other servers posting results (``Authorization: Token <key>``)."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=80, help_text=_("Who uses it, e.g. a server."))
    key = models.CharField(_("key"), max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)

    class Meta:
        ordering = ["club", "name"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.club}: {self.name}"


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
