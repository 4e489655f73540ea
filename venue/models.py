"""The venue's tables, which of them a tournament uses, and the calls of matches to them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club, Player, TimeStampedModel
from config import constraints as checks
from matches.models import Match
from tournaments.models import Tournament


class Table(TimeStampedModel):
    """A table of the club's venue, called by its number ("Table 7"), with a name if the
    players know it by one ("by the window")."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="venue_tables"
    )
    number = models.PositiveSmallIntegerField(pgettext_lazy("venue", "number"))
    name = models.CharField(
        _("name"), max_length=60, blank=True, help_text=_("Optional, e.g. “by the window”.")
    )
    has_board = models.BooleanField(_("with a board"), default=True)
    has_clock = models.BooleanField(_("with a clock"), default=False)
    in_service = models.BooleanField(
        _("in service"), default=True, help_text=_("A table out of service is never called.")
    )

    class Meta:
        ordering = ["club", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["club", "number"], name="venue_table_number_once"),
            checks.Check(
                condition=Q(number__gte=1),
                name="venue_table_number_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
        ]

    @property
    def label(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})

    def __str__(self) -> str:
        return f"{self.label} · {self.name}" if self.name else self.label


class TournamentVenue(TimeStampedModel):
    """How a tournament uses the venue; a tournament without one calls automatically to
    every table of its club."""

    tournament = models.OneToOneField(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="venue_setting",
    )
    auto_call = models.BooleanField(
        _("call matches to tables automatically"),
        default=True,
        help_text=_("A match is called as soon as both players are free and a table is."),
    )
    tables = models.ManyToManyField(
        Table,
        verbose_name=_("tables"),
        blank=True,
        related_name="tournaments",
        help_text=_("None chosen: every table of the club."),
    )

    class Meta:
        verbose_name = _("tournament's tables")
        verbose_name_plural = _("tournaments' tables")

    def __str__(self) -> str:
        return str(self.tournament)


class CallEnd(models.TextChoices):
    FINISHED = "finished", _("Match finished")
    MOVED = "moved", _("Moved to another table")
    TAKEN_BACK = "taken_back", _("Taken back")
    TABLE_CLOSED = "table_closed", _("Table taken out of service")


class Call(TimeStampedModel):
    """A match called to a table: open until the match finishes or the call is moved or
    taken back; the rows stay as the night's history."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="venue_calls"
    )
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="+"
    )
    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="venue_calls"
    )
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.PROTECT, related_name="calls"
    )
    player_a = models.ForeignKey(
        Player, verbose_name=_("first player"), on_delete=models.CASCADE, related_name="+"
    )
    player_b = models.ForeignKey(
        Player, verbose_name=_("second player"), on_delete=models.CASCADE, related_name="+"
    )
    called_at = models.DateTimeField(_("called"))
    called_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("called by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("Empty: called automatically."),
    )
    ended_at = models.DateTimeField(_("ended"), null=True, blank=True)
    end_reason = models.CharField(
        _("why it ended"), max_length=16, choices=CallEnd.choices, blank=True
    )

    class Meta:
        ordering = ["club", "-called_at"]
        verbose_name = _("call")
        verbose_name_plural = _("calls")
        constraints = [
            models.UniqueConstraint(
                fields=["table"], condition=Q(ended_at__isnull=True), name="venue_call_table_once"
            ),
            models.UniqueConstraint(
                fields=["match"], condition=Q(ended_at__isnull=True), name="venue_call_match_once"
            ),
            checks.Check(
                condition=Q(ended_at__isnull=True, end_reason="")
                | Q(ended_at__isnull=False, end_reason__in=CallEnd.values),
                name="venue_call_end_has_reason",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=~Q(player_a=models.F("player_b")),
                name="venue_call_two_players",
                violation_error_message=checks.TWO_PLAYERS,
            ),
        ]
        indexes = [models.Index(fields=["club", "ended_at"])]

    @property
    def is_open(self) -> bool:
        return self.ended_at is None

    def __str__(self) -> str:
        return f"{self.table.label}: {self.player_a} – {self.player_b}"
