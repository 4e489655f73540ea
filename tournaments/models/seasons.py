"""A club's series of tournaments."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, TimeStampedModel


class Season(TimeStampedModel):
    """A club's series of tournaments (a bar's monthly series) with its own table."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="seasons"
    )
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), max_length=60)
    placing_points = models.JSONField(
        _("points per placing"),
        default=list,
        blank=True,
        help_text=_("Points for 1st, 2nd, 3rd … place, e.g. [10, 7, 5, 3, 1]."),
    )
    participation_points = models.PositiveSmallIntegerField(_("points for taking part"), default=0)

    class Meta:
        ordering = ["club", "-created_at"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="season_slug_per_club"),
        ]

    def __str__(self) -> str:
        return self.name
