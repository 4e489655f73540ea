"""Club ratings: each player's FIBS rating per club and every step that moved it."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from backgammon.fibs import INITIAL_RATING
from clubs.models import Club, Player, TimeStampedModel
from config import constraints as checks


class ClubRating(TimeStampedModel):
    """A player's FIBS-style rating in one club (``backgammon.fibs`` computes it)."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="ratings"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="ratings"
    )
    rating = models.FloatField(_("rating"), default=INITIAL_RATING)
    experience = models.PositiveIntegerField(_("experience"), default=0)

    class Meta:
        db_table = "clubs_clubrating"  # the table it had in the clubs app
        ordering = ["club", "-rating"]
        verbose_name = _("club rating")
        verbose_name_plural = _("club ratings")
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="rating_once_per_club"),
            checks.Check(
                condition=Q(rating__gt=0),
                name="rating_positive",
                violation_error_message=checks.ABOVE_ZERO,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} · {self.club}: {self.rating:.0f}"


class RatingChange(models.Model):
    """One step of a player's club rating: the match that moved it, before and after."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="rating_changes"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="rating_changes"
    )
    match = models.ForeignKey(
        "matches.Match",
        verbose_name=_("match"),
        on_delete=models.CASCADE,
        related_name="rating_changes",
    )
    opponent = models.ForeignKey(
        Player, verbose_name=_("opponent"), on_delete=models.CASCADE, related_name="+"
    )
    won = models.BooleanField(_("won"))
    length = models.FloatField(_("counted length"))
    rating_before = models.FloatField(_("rating before"))
    rating_after = models.FloatField(_("rating after"))
    experience_after = models.PositiveIntegerField(_("experience after"))
    played_at = models.DateTimeField(_("played"))

    class Meta:
        db_table = "clubs_ratingchange"  # the table it had in the clubs app
        ordering = ["club", "player", "played_at", "pk"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "player", "match"], name="rating_change_once_per_match"
            ),
        ]
        indexes = [
            models.Index(fields=["club", "played_at"], name="clubs_ratin_club_id_65067b_idx")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.rating_before:.0f} → {self.rating_after:.0f}"
