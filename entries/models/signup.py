"""What players do themselves: the rules of a tournament's sign-up (its window, its cap, its
waiting list).

A sign-up is an entry (``entries.models.Entry``), a waiting one has its number on the list
(``Entry.waiting_number``)."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from clubs.models import TimeStampedModel
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
