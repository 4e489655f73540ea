"""The games of a match, as they ended, and where their results came from."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from clubs.models import TimeStampedModel
from config import constraints as checks
from matches.models.match import Match

#: Every cube value the database accepts: a power of two.
CUBE_VALUES = [2**n for n in range(0, 21)]


class Side(models.IntegerChoices):
    """Which player of the match: 0 is ``entry_a``, 1 is ``entry_b`` (as in the engine)."""

    A = 0, _("first player")
    B = 1, _("second player")


class WinKind(models.TextChoices):
    SINGLE = "single", _("Single game")
    GAMMON = "gammon", _("Gammon")
    BACKGAMMON = "backgammon", _("Backgammon")


class EndedBy(models.TextChoices):
    BEAROFF = "bearoff", _("Bear-off")
    DROP = "drop", _("Dropped double")
    RESIGN = "resign", _("Resignation")
    FORFEIT = "forfeit", _("Forfeit")


class ResultSource(models.TextChoices):
    REFEREE = "referee", _("Referee")
    PLAYER = "player", _("Player report")
    ONLINE = "online", _("Online game")
    FILE = "file", _("Match file")
    API = "api", _("API")
    RECORDED = "recorded", _("Recorded on the clock")


class Game(TimeStampedModel):
    """One game of a match, as it ended. ``created_at`` is when it was entered."""

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="games"
    )
    number = models.PositiveSmallIntegerField(_("game"))
    winner = models.PositiveSmallIntegerField(_("winner"), choices=Side.choices)
    kind = models.CharField(_("kind"), max_length=12, choices=WinKind.choices)
    cube = models.PositiveIntegerField(_("cube"), default=1)
    ended_by = models.CharField(
        _("ended by"), max_length=12, choices=EndedBy.choices, default=EndedBy.BEAROFF
    )
    points = models.PositiveIntegerField(_("points"))
    source = models.CharField(
        _("source"), max_length=12, choices=ResultSource.choices, default=ResultSource.REFEREE
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    record = models.JSONField(
        _("move record"),
        null=True,
        blank=True,
        help_text=_("The moves of the game when it was played online or imported from a file."),
    )
    history = HistoricalRecords(excluded_fields=["updated_at"])

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="game_number_per_match"),
            checks.Check(
                condition=Q(number__gte=1),
                name="game_number_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            checks.Check(
                condition=Q(winner__in=Side.values),
                name="game_winner_side",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(kind__in=WinKind.values),
                name="game_kind_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(ended_by__in=EndedBy.values),
                name="game_ended_by_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(source__in=ResultSource.values),
                name="game_source_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(cube__in=CUBE_VALUES),
                name="game_cube_power_of_two",
                violation_error_message=checks.CUBE_POWER_OF_TWO,
            ),
            checks.Check(
                condition=~Q(ended_by=EndedBy.DROP) | Q(kind=WinKind.SINGLE),
                name="game_drop_is_single",
                violation_error_message=checks.DROP_IS_SINGLE,
            ),
            checks.Check(
                # N-point: kind × cube; best-of-N: every game counts one.
                condition=Q(points=1)
                | Q(kind=WinKind.SINGLE, points=F("cube"))
                | Q(kind=WinKind.GAMMON, points=F("cube") * 2)
                | Q(kind=WinKind.BACKGAMMON, points=F("cube") * 3),
                name="game_points_match_kind_and_cube",
                violation_error_message=checks.POINTS_OF_A_GAME,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} · {_('game')} {self.number}"
