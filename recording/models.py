"""A match recorded beside a physical board: its clock settings, its recorder and the
append-only list of the actions entered on the clock."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import TimeStampedModel
from config import constraints as checks
from matches.models import Match

#: USBGF's defaults for live matches: two minutes of reserve per match point, 12 s delay.
DEFAULT_MINUTES_PER_POINT = 2
DEFAULT_DELAY_SECONDS = 12


class RecordedMatch(TimeStampedModel):
    """A match whose every roll and move is entered on a clock beside the board."""

    match = models.OneToOneField(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="recorded"
    )
    recorder = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("recorder"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("Who enters the match; without one the players enter it themselves."),
    )
    minutes_per_point = models.PositiveSmallIntegerField(
        _("reserve (minutes per match point)"), default=DEFAULT_MINUTES_PER_POINT
    )
    delay_seconds = models.PositiveSmallIntegerField(
        _("delay per move (seconds)"), default=DEFAULT_DELAY_SECONDS
    )

    class Meta:
        verbose_name = _("recorded match")
        verbose_name_plural = _("recorded matches")
        constraints = [
            checks.Check(
                condition=Q(minutes_per_point__gte=1),
                name="recorded_reserve_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} ({_('recorded')})"


class RecordedAction(TimeStampedModel):
    """One action entered on the clock, as the device sent it. Never changed or deleted:
    the recording is the engine's replay of these in ``number`` order."""

    recorded = models.ForeignKey(
        RecordedMatch,
        verbose_name=_("recorded match"),
        on_delete=models.CASCADE,
        related_name="actions",
    )
    number = models.PositiveIntegerField(_("number"))
    client_id = models.CharField(_("action id"), max_length=64)
    kind = models.CharField(_("action"), max_length=16)
    side = models.PositiveSmallIntegerField(_("side"), null=True, blank=True)
    dice = models.JSONField(_("dice"), null=True, blank=True)
    play = models.CharField(_("play"), max_length=64, blank=True)
    resign = models.CharField(_("resignation"), max_length=16, blank=True)
    at = models.BigIntegerField(_("device time (ms)"))
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        verbose_name = _("recorded action")
        verbose_name_plural = _("recorded actions")
        ordering = ["recorded", "number"]
        constraints = [
            # A resent action is recognised by its id, and two devices cannot both append
            # the same next action.
            models.UniqueConstraint(
                fields=["recorded", "client_id"], name="recorded_action_id_unique"
            ),
            models.UniqueConstraint(fields=["recorded", "number"], name="recorded_action_unique"),
            checks.Check(
                condition=Q(side__in=[0, 1]) | Q(side__isnull=True),
                name="recorded_action_side",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.recorded_id} #{self.number} {self.kind}"
