"""GNU Backgammon's analysis of a match at one level, with the figures of both players.

Every figure is stored with its level (``plies``): figures at different levels mean different
things and are never averaged together (the selectors always filter by one level).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from analysis.report import ErrorFigures
from clubs.models import TimeStampedModel
from config import constraints as checks
from entries.models import Entry
from matches.models import Match


class AnalysisLevel(models.IntegerChoices):
    PLY0 = 0, _("0-ply")
    PLY1 = 1, _("1-ply")
    PLY2 = 2, _("2-ply (world class)")


class AnalysisStatus(models.TextChoices):
    QUEUED = "queued", _("Queued")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class MatchAnalysis(TimeStampedModel):
    """One analysis of a match at one level. ``digest`` is the SHA-256 of the .mat text that
    was analysed: running it again on the same moves changes nothing. ``moves`` is the .mat
    text written when the analysis was queued, at the match's ``moves_version``: the worker
    hands it to gnubg at once unless the match changed since (then it writes it anew)."""

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="analyses"
    )
    plies = models.PositiveSmallIntegerField(_("level"), choices=AnalysisLevel.choices)
    status = models.CharField(
        _("status"), max_length=12, choices=AnalysisStatus.choices, default=AnalysisStatus.QUEUED
    )
    digest = models.CharField(_("digest of the moves"), max_length=64, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    failure = models.CharField(_("reason of the failure"), max_length=400, blank=True)
    gnubg_seconds = models.FloatField(_("gnubg's time (s)"), null=True, blank=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    moves = models.TextField(_("moves to analyse (.mat)"), blank=True)
    moves_version = models.PositiveIntegerField(_("match version of the moves"), null=True)

    class Meta:
        ordering = ["match", "plies"]
        verbose_name = _("match analysis")
        verbose_name_plural = _("match analyses")
        constraints = [
            models.UniqueConstraint(fields=["match", "plies"], name="analysis_one_per_level"),
            checks.Check(
                condition=Q(plies__in=AnalysisLevel.values),
                name="analysis_level_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(status__in=AnalysisStatus.values),
                name="analysis_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]
        indexes = [models.Index(fields=["status"])]

    def __str__(self) -> str:
        return f"{self.match} · {self.get_plies_display()}"


class PlayerAnalysis(ErrorFigures, TimeStampedModel):
    """One player's figures in one analysis; errors and luck in EMG (decisions, error and
    error rate computed as in gnubg's report: :class:`analysis.report.ErrorFigures`)."""

    analysis = models.ForeignKey(
        MatchAnalysis, verbose_name=_("analysis"), on_delete=models.CASCADE, related_name="players"
    )
    side = models.PositiveSmallIntegerField(_("side"))
    entry = models.ForeignKey(
        Entry,
        verbose_name=_("player"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="analyses",
    )
    plies = models.PositiveSmallIntegerField(_("level"), choices=AnalysisLevel.choices)
    chequer_decisions = models.PositiveIntegerField(_("chequer decisions"))
    cube_decisions = models.PositiveIntegerField(_("cube decisions"))
    chequer_error = models.FloatField(_("chequer error (EMG)"))
    cube_error = models.FloatField(_("cube error (EMG)"))
    luck = models.FloatField(_("luck (EMG)"))
    rating = models.CharField(_("rating"), max_length=32)

    class Meta:
        ordering = ["analysis", "side"]
        verbose_name = _("player analysis")
        verbose_name_plural = _("player analyses")
        constraints = [
            models.UniqueConstraint(fields=["analysis", "side"], name="analysis_side_once"),
            checks.Check(
                condition=Q(side__in=[0, 1]),
                name="analysis_side_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(chequer_error__gte=0) & Q(cube_error__gte=0),
                name="analysis_errors_not_negative",
                violation_error_message=checks.NOT_NEGATIVE,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.analysis} · {self.side}"

    @property
    def chequer_rate(self) -> float | None:
        return (
            1000 * self.chequer_error / self.chequer_decisions if self.chequer_decisions else None
        )

    @property
    def cube_rate(self) -> float | None:
        return 1000 * self.cube_error / self.cube_decisions if self.cube_decisions else None


class MistakeKind(models.TextChoices):
    CHEQUER = "chequer", _("Chequer play")
    CUBE = "cube", _("Cube decision")


#: The cube actions gnubg's job script names (``played`` and ``best`` of a cube decision).
CUBE_ACTIONS = {
    "no-double": _("No double"),
    "double": _("Double"),
    "take": _("Take"),
    "pass": _("Pass"),
    "double-take": _("Double, take"),
    "double-pass": _("Double, pass"),
    "too-good": _("Too good to double"),
}


class AnalysisMistake(models.Model):
    """A decision that lost equity, where it was made and what was best: a chequer play
    (``played``/``best`` are plays) or a cube decision (missed double, wrong double, wrong
    take or pass: ``played``/``best`` are codes of :data:`CUBE_ACTIONS`)."""

    analysis = models.ForeignKey(
        MatchAnalysis, verbose_name=_("analysis"), on_delete=models.CASCADE, related_name="mistakes"
    )
    side = models.PositiveSmallIntegerField(_("side"))
    game = models.PositiveSmallIntegerField(_("game"))
    index = models.PositiveIntegerField(_("action"))
    kind = models.CharField(
        _("kind"), max_length=12, choices=MistakeKind.choices, default=MistakeKind.CHEQUER
    )
    position_id = models.CharField(_("Position ID"), max_length=20, blank=True)
    match_id = models.CharField(_("Match ID"), max_length=20, blank=True)
    dice = models.CharField(_("dice"), max_length=4, blank=True)
    played = models.CharField(_("play made"), max_length=60, blank=True)
    best = models.CharField(_("best play"), max_length=60, blank=True)
    equity_lost = models.FloatField(_("equity lost (EMG)"))
    mark = models.CharField(
        _("gnubg's mark"),
        max_length=12,
        blank=True,
        help_text=_("Doubtful, bad or very bad (chequer plays); empty in older analyses."),
    )

    class Meta:
        ordering = ["analysis", "-equity_lost"]
        verbose_name = _("mistake")
        verbose_name_plural = _("mistakes")
        constraints = [
            models.UniqueConstraint(
                fields=["analysis", "game", "index", "kind"], name="analysis_mistake_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.analysis} · {self.game}/{self.index}"

    @property
    def is_cube(self) -> bool:
        return self.kind == MistakeKind.CUBE

    def _words(self, code: str) -> str:
        return str(CUBE_ACTIONS.get(code, code)) if self.is_cube else code

    @property
    def played_words(self) -> str:
        """The action made: the play, or the cube action in words."""
        return self._words(self.played)

    @property
    def best_words(self) -> str:
        return self._words(self.best)
