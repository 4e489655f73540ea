"""The stages of a tournament (main, consolation, Swiss …) and their rounds."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import TimeStampedModel
from config import constraints as checks
from config.moments import sane_moment
from tournaments.models.tournament import MatchFormat, Tournament


class StageKind(models.TextChoices):
    MAIN = "main", _("Main")
    CONSOLATION = "consolation", _("Consolation")
    LAST_CHANCE = "last_chance", _("Last Chance")
    LOSERS = "losers", _("Losers' bracket")
    FINAL = "final", _("Grand final")
    SWISS = "swiss", _("Swiss")
    ROUND_ROBIN = "round_robin", _("Round robin")


class ClockKind(models.TextChoices):
    NONE = "none", _("No clock")
    PER_POINT = "per_point", _("Minutes per point of the match")
    FIXED = "fixed", _("Fixed minutes per match")


class Stage(TimeStampedModel):
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="stages"
    )
    kind = models.CharField(_("kind"), max_length=16, choices=StageKind.choices)
    order = models.PositiveSmallIntegerField(_("order"), default=1)
    # The clock of the stage's online matches.
    clock = models.CharField(
        _("clock"), max_length=12, choices=ClockKind.choices, default=ClockKind.NONE
    )
    clock_minutes = models.PositiveSmallIntegerField(
        _("reserve (minutes)"),
        default=2,
        help_text=_("Per point of the match, or for the whole match with a fixed reserve."),
    )
    clock_delay = models.PositiveSmallIntegerField(_("delay per move (seconds)"), default=12)
    clock_bronstein = models.BooleanField(
        _("Bronstein delay"),
        default=False,
        help_text=_("Give back the time used up to the delay, instead of a simple delay."),
    )

    class Meta:
        ordering = ["tournament", "order"]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "kind"], name="stage_kind_once"),
            checks.Check(
                condition=Q(kind__in=StageKind.values),
                name="stage_kind_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(clock__in=ClockKind.values),
                name="stage_clock_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(clock_minutes__gte=1),
                name="stage_clock_minutes_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.get_kind_display()}"


class RoundStatus(models.TextChoices):
    PENDING = "pending", _("Not drawn yet")
    PAIRED = "paired", _("Drawn")
    FINISHED = "finished", _("Finished")


class Round(TimeStampedModel):
    stage = models.ForeignKey(
        Stage, verbose_name=_("stage"), on_delete=models.CASCADE, related_name="rounds"
    )
    number = models.PositiveSmallIntegerField(_("number"))
    match_format = models.CharField(
        _("match format"), max_length=8, choices=MatchFormat.choices, default=MatchFormat.POINTS
    )
    length = models.PositiveSmallIntegerField(_("match length"))
    status = models.CharField(
        _("status"), max_length=16, choices=RoundStatus.choices, default=RoundStatus.PENDING
    )
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True, validators=[sane_moment])
    draft = models.JSONField(
        _("draft pairings"),
        null=True,
        blank=True,
        help_text=_("Pairings the organizer reviews before publishing; empty once published."),
    )
    pairing_notes = models.JSONField(
        _("why the pairings are so"),
        default=dict,
        blank=True,
        help_text=_("Codes per table (match index), shown translated on the round page."),
    )

    class Meta:
        ordering = ["stage", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["stage", "number"], name="round_number_per_stage"),
            checks.Check(
                condition=Q(number__gte=1),
                name="round_number_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            checks.Check(
                condition=Q(length__gte=1),
                name="round_length_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            checks.Check(
                condition=Q(match_format__in=MatchFormat.values),
                name="round_match_format_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(status__in=RoundStatus.values),
                name="round_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.stage} · {_('Round')} {self.number}"

    @property
    def is_draft(self) -> bool:
        """Drawn but not published: only organizers see its pairings."""
        return self.draft is not None
