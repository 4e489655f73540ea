"""A tournament's late rule: its settings (off by default) and the pure rule they make."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.lateness import LateRule

#: The longest a late rule may wait, in minutes (a night).
MAX_LATE_MINUTES = 600


class LateRuleSettings(models.Model):
    """The fields of a tournament's late rule (:class:`tournaments.lateness.LateRule`)."""

    late_rule = models.BooleanField(
        _("late rule"),
        default=False,
        help_text=_(
            "A player not at the table some minutes after the call loses points (games, in a "
            "match of games) and, later, the match. The director confirms or waives each "
            "penalty."
        ),
    )
    late_grace_minutes = models.PositiveSmallIntegerField(
        _("minutes of grace"),
        default=10,
        validators=[MaxValueValidator(MAX_LATE_MINUTES)],
        help_text=_("A player at the table within this many minutes of the call is on time."),
    )
    late_penalty_points = models.PositiveSmallIntegerField(
        _("penalty points"),
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_LATE_MINUTES)],
        help_text=_("Points (or games) the late player loses for every period begun."),
    )
    late_penalty_minutes = models.PositiveSmallIntegerField(
        _("minutes per penalty"),
        default=5,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_LATE_MINUTES)],
        help_text=_("The length of a period after the grace that costs the penalty points."),
    )
    late_forfeit_minutes = models.PositiveSmallIntegerField(
        _("forfeit after (minutes)"),
        default=30,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_LATE_MINUTES)],
        help_text=_("A player more than this many minutes late loses the match."),
    )

    class Meta:
        abstract = True

    @property
    def late(self) -> LateRule | None:
        """The tournament's late rule, or None when it has none."""
        if not self.late_rule:
            return None
        return LateRule(
            grace=self.late_grace_minutes,
            points=self.late_penalty_points,
            every=self.late_penalty_minutes,
            forfeit_after=self.late_forfeit_minutes,
        )

    def clean(self) -> None:
        super().clean()
        if self.late_rule and self.late_forfeit_minutes <= self.late_grace_minutes:
            raise ValidationError(
                {
                    "late_forfeit_minutes": _(
                        "The forfeit must come after the minutes of grace (more than %(grace)d)."
                    )
                    % {"grace": self.late_grace_minutes}
                }
            )
