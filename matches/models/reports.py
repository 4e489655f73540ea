"""A player's report of his own match result, confirmed or disputed by the opponent."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Player, TimeStampedModel
from config import constraints as checks
from matches.models.games import Side
from matches.models.match import Match


class ReportStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for confirmation")
    CONFIRMED = "confirmed", _("Confirmed")
    DISPUTED = "disputed", _("Disputed")
    REPLACED = "replaced", _("Replaced by a referee's entry")


class MatchReport(TimeStampedModel):
    """A player's report of his own match result; it counts once the opponent or a referee
    confirms it. A dispute flags the match for the referee."""

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="reports"
    )
    reported_by = models.ForeignKey(
        Player, verbose_name=_("reported by"), on_delete=models.CASCADE, related_name="+"
    )
    score_a = models.PositiveIntegerField(_("score of the first player"))
    score_b = models.PositiveIntegerField(_("score of the second player"))
    status = models.CharField(
        _("status"), max_length=12, choices=ReportStatus.choices, default=ReportStatus.PENDING
    )
    decided_by = models.ForeignKey(
        Player,
        verbose_name=_("confirmed or disputed by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    note = models.CharField(_("note"), max_length=300, blank=True)
    # The opponent's side of a dispute: his own note and, if he gave it, the score he says.
    dispute_note = models.CharField(_("the opponent's note"), max_length=300, blank=True)
    dispute_score_a = models.PositiveIntegerField(
        _("first player's score by the opponent"), null=True, blank=True
    )
    dispute_score_b = models.PositiveIntegerField(
        _("second player's score by the opponent"), null=True, blank=True
    )
    games = models.JSONField(
        _("games"),
        default=list,
        blank=True,
        help_text=_(
            "The games of a match file the player sent (winner, kind, cube, ended by, moves); "
            "recorded when the report is confirmed."
        ),
    )
    #: The score the file's match was resumed from (its earlier games not in the file).
    start_score_a = models.PositiveSmallIntegerField(_("resumed at (first player)"), default=0)
    start_score_b = models.PositiveSmallIntegerField(_("resumed at (second player)"), default=0)
    #: Entered move by move on the clock beside the board by the player himself (its games
    #: are every game of the record; those a recorder or referee recorded already stay).
    from_clock = models.BooleanField(_("recorded on the clock"), default=False)
    lost_on_time = models.PositiveSmallIntegerField(
        _("lost on time"),
        choices=Side.choices,
        null=True,
        blank=True,
        help_text=_("The player whose reserve ran out on the clock, when the match ended so."),
    )
    file = models.ForeignKey(
        "MatchFile",
        verbose_name=_("match file"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reports",
    )

    class Meta:
        ordering = ["match", "-created_at"]
        verbose_name = _("result report")
        verbose_name_plural = _("result reports")
        constraints = [
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(status__in=["pending", "disputed"]),
                name="report_one_open_per_match",
            ),
            checks.Check(
                condition=Q(status__in=ReportStatus.values),
                name="report_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.score_a}–{self.score_b} ({self.get_status_display()})"

    @property
    def has_counter_score(self) -> bool:
        """The disputing opponent said which score he thinks is right."""
        return self.dispute_score_a is not None and self.dispute_score_b is not None
