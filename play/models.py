"""A match played on the online board: the server's state of its game, and the director's
actions on it. The match itself, its games and result are ``matches``'; what the board adds
is here."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import TimeStampedModel
from config import constraints as checks
from matches.models import Match, Side


class OnlineGame(TimeStampedModel):
    """The server's state of the game being played online in a match, saved after every
    action so that a reload or a restart resumes exactly where play was."""

    match = models.OneToOneField(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="online_game"
    )
    state = models.JSONField(_("state"), default=dict)
    sequence = models.PositiveIntegerField(
        _("sequence"), default=0, help_text=_("Grows with every action; clients send it back.")
    )
    flag_at = models.BigIntegerField(
        _("time runs out at"),
        null=True,
        blank=True,
        help_text=_("When the running clock falls (milliseconds since 1970), if nobody acts."),
    )

    class Meta:
        verbose_name = _("online game")
        verbose_name_plural = _("online games")
        indexes = [models.Index(fields=["flag_at"], name="online_game_flag_at")]

    def __str__(self) -> str:
        return f"{self.match} (online)"


class DirectorActionKind(models.TextChoices):
    PAUSE = "pause", _("Paused")
    RESUME = "resume", _("Resumed")
    ADD_TIME = "add_time", _("Time added")
    TAKE_BACK = "take_back", _("Play taken back")
    FORFEIT = "forfeit", _("Forfeit declared")
    SCORE = "score", _("Agreed score declared")


class DirectorAction(TimeStampedModel):
    """Something the tournament director did to an online match, with the reason given: it
    appears in the match's history."""

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="director_actions"
    )
    kind = models.CharField(_("action"), max_length=16, choices=DirectorActionKind.choices)
    reason = models.CharField(_("reason"), max_length=300)
    side = models.PositiveSmallIntegerField(
        _("player"), choices=Side.choices, null=True, blank=True
    )
    seconds = models.PositiveIntegerField(_("seconds"), null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["match", "created_at"]
        verbose_name = _("director's action")
        verbose_name_plural = _("director's actions")
        constraints = [
            checks.Check(
                condition=Q(kind__in=DirectorActionKind.values),
                name="director_action_kind_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.get_kind_display()} ({self.reason})"
