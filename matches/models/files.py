"""The match files kept as they were uploaded or posted."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import TimeStampedModel
from matches.models.games import ResultSource
from matches.models.match import Match


class MatchFile(TimeStampedModel):
    """The original text of a match file that was uploaded or posted for a match."""

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="files"
    )
    name = models.CharField(_("file name"), max_length=200, blank=True)
    content = models.TextField(_("content"))
    source = models.CharField(
        _("source"), max_length=12, choices=ResultSource.choices, default=ResultSource.FILE
    )
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("uploaded by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["match", "-created_at"]
        verbose_name = _("match file")
        verbose_name_plural = _("match files")

    def __str__(self) -> str:
        return self.name or f"{self.match} (.mat)"
