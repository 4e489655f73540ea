"""Chouette and money sessions: the session with its rules, what happened in it in order
(players joined and left, games were played) and every version of every game's sheet.

Nothing is ever deleted or edited: a correction is a new version of the game's sheet, and the
session's scores and seats are a replay of its happenings with the latest version of each game
(``chouettes.core.replay``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from chouettes.core import sheet as core
from clubs.models import Club, Player, TimeStampedModel
from config import constraints as checks

CUBE_VALUES = [2**n for n in range(0, 21)]
MAX_AUTOMATIC_DOUBLES = 3


class CubeMode(models.TextChoices):
    MEMBER = core.CubeMode.MEMBER.value, _("A cube per team member")
    TEAM = core.CubeMode.TEAM.value, _("One cube for the team")


class SessionStatus(models.TextChoices):
    OPEN = "open", pgettext_lazy("state", "Open")
    CLOSED = "closed", _("Closed")


class ChouetteSession(TimeStampedModel):
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="chouettes"
    )
    name = models.CharField(_("name"), max_length=120)
    stake = models.PositiveIntegerField(
        _("stake per point (cents)"),
        default=0,
        help_text=_("What one point is worth, in cents (0: played for points only)."),
    )
    currency = models.CharField(_("currency"), max_length=3, default="EUR")
    cube_mode = models.CharField(
        _("cube"), max_length=8, choices=CubeMode.choices, default=CubeMode.MEMBER
    )
    consulting = models.BooleanField(_("consulting allowed"), default=True)
    jacoby = models.BooleanField(
        _("Jacoby rule"),
        default=True,
        help_text=_("Gammons count single unless a double was offered and taken."),
    )
    beavers = models.BooleanField(_("beavers allowed"), default=False)
    automatic_limit = models.PositiveSmallIntegerField(
        _("automatic doubles (most)"),
        default=0,
        help_text=_("0: no automatic doubles."),
    )
    partner_from = models.PositiveSmallIntegerField(
        _("box partner from"),
        default=0,
        help_text=_(
            "From this many players the last in line is the box's partner and shares its "
            "result (0: never)."
        ),
    )
    keeper = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("score keeper"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    status = models.CharField(
        _("status"), max_length=8, choices=SessionStatus.choices, default=SessionStatus.OPEN
    )
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("chouette session")
        verbose_name_plural = _("chouette sessions")
        constraints = [
            checks.Check(
                condition=~Q(name=""),
                name="chouette_name_not_empty",
                violation_error_message=checks.NOT_EMPTY,
            ),
            checks.Check(
                condition=Q(cube_mode__in=CubeMode.values),
                name="chouette_cube_mode_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(automatic_limit__lte=MAX_AUTOMATIC_DOUBLES),
                name="chouette_automatic_limit_small",
                violation_error_message=_("At most 3 automatic doubles."),
            ),
            checks.Check(
                condition=Q(partner_from=0) | Q(partner_from__gte=4, partner_from__lte=10),
                name="chouette_partner_from_range",
                violation_error_message=_("A box partner from 4 to 10 players, or 0 for never."),
            ),
            checks.Check(
                condition=Q(status__in=SessionStatus.values),
                name="chouette_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(status=SessionStatus.CLOSED, closed_at__isnull=False)
                | Q(status=SessionStatus.OPEN, closed_at__isnull=True),
                name="chouette_closed_when_closed_at",
                violation_error_message=_("A closed session has the time it was closed."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("chouettes:detail", kwargs={"club": self.club.slug, "session": self.pk})

    @property
    def is_open(self) -> bool:
        return self.status == SessionStatus.OPEN

    def rules(self) -> core.Rules:
        return core.Rules(
            cube_mode=core.CubeMode(self.cube_mode),
            consulting=self.consulting,
            jacoby=self.jacoby,
            beavers=self.beavers,
            automatic_limit=self.automatic_limit,
            partner_from=self.partner_from,
        )


class HappeningKind(models.TextChoices):
    JOIN = "join", _("joined")
    LEAVE = "leave", _("left")
    GAME = "game", _("game")


class ChouetteHappening(TimeStampedModel):
    """One thing that happened in the session, in order: a player joined or left, or a game
    was played (its sheet in :class:`ChouetteSheet`, every version of it)."""

    session = models.ForeignKey(
        ChouetteSession,
        verbose_name=_("session"),
        on_delete=models.CASCADE,
        related_name="happenings",
    )
    sequence = models.PositiveIntegerField(_("sequence"))
    kind = models.CharField(_("kind"), max_length=8, choices=HappeningKind.choices)
    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="chouette_happenings",
    )
    game_number = models.PositiveIntegerField(_("game"), null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("recorded by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["session", "sequence"]
        verbose_name = _("chouette happening")
        verbose_name_plural = _("chouette happenings")
        constraints = [
            models.UniqueConstraint(fields=["session", "sequence"], name="chouette_happening_once"),
            models.UniqueConstraint(
                fields=["session", "game_number"], name="chouette_game_number_once"
            ),
            checks.Check(
                condition=Q(kind=HappeningKind.GAME, player__isnull=True, game_number__gte=1)
                | Q(
                    kind__in=[HappeningKind.JOIN, HappeningKind.LEAVE],
                    player__isnull=False,
                    game_number__isnull=True,
                ),
                name="chouette_happening_fields_fit_kind",
                violation_error_message=_("A game has a number; a join or leave has a player."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session} #{self.sequence} {self.kind}"


class ChouetteSheet(TimeStampedModel):
    """One version of a game's sheet: version 1 as entered, then each correction."""

    happening = models.ForeignKey(
        ChouetteHappening, verbose_name=_("game"), on_delete=models.CASCADE, related_name="sheets"
    )
    version = models.PositiveIntegerField(_("version"))
    winner = models.CharField(
        _("winner"),
        max_length=4,
        blank=True,
        choices=[(core.Side.BOX.value, _("Box")), (core.Side.TEAM.value, _("Team"))],
    )
    kind = models.CharField(
        _("result"),
        max_length=12,
        choices=[
            (core.Kind.SINGLE.value, _("Single game")),
            (core.Kind.GAMMON.value, _("Gammon")),
            (core.Kind.BACKGAMMON.value, _("Backgammon")),
        ],
        default=core.Kind.SINGLE.value,
    )
    resigned = models.BooleanField(_("resigned"), default=False)
    automatic = models.PositiveSmallIntegerField(_("automatic doubles"), default=0)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("recorded by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["happening", "version"]
        verbose_name = _("game sheet")
        verbose_name_plural = _("game sheets")
        constraints = [
            models.UniqueConstraint(
                fields=["happening", "version"], name="chouette_sheet_version_once"
            ),
            checks.Check(
                condition=Q(version__gte=1),
                name="chouette_sheet_version_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            checks.Check(
                condition=Q(automatic__lte=MAX_AUTOMATIC_DOUBLES),
                name="chouette_sheet_automatic_small",
                violation_error_message=_("At most 3 automatic doubles."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.happening} v{self.version}"

    def as_core(self, lines: list[ChouetteLine]) -> core.GameSheet:
        return core.GameSheet(
            lines=tuple(line.as_core() for line in sorted(lines, key=lambda line: line.seat)),
            winner=core.Side(self.winner) if self.winner else None,
            kind=core.Kind(self.kind),
            resigned=self.resigned,
            automatic=self.automatic,
        )


class ChouetteLine(TimeStampedModel):
    """One team member's line on a sheet, by seat (0: the captain)."""

    sheet = models.ForeignKey(
        ChouetteSheet, verbose_name=_("sheet"), on_delete=models.CASCADE, related_name="lines"
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    cube = models.PositiveIntegerField(_("cube"), default=1)
    owner = models.CharField(
        _("cube owner"),
        max_length=8,
        choices=[
            (core.Owner.CENTER.value, _("Middle")),
            (core.Owner.BOX.value, _("Box")),
            (core.Owner.MEMBER.value, _("Member")),
        ],
        default=core.Owner.CENTER.value,
    )
    drop = models.CharField(
        _("dropped"),
        max_length=8,
        choices=[
            (core.Drop.NONE.value, _("No drop")),
            (core.Drop.MEMBER.value, _("Member dropped")),
            (core.Drop.BOX.value, _("Box dropped")),
        ],
        default=core.Drop.NONE.value,
    )
    beaver = models.BooleanField(_("beaver"), default=False)

    class Meta:
        ordering = ["sheet", "seat"]
        verbose_name = _("line")
        verbose_name_plural = _("lines")
        constraints = [
            models.UniqueConstraint(fields=["sheet", "seat"], name="chouette_line_seat_once"),
            checks.Check(
                condition=Q(cube__in=CUBE_VALUES),
                name="chouette_line_cube_power_of_two",
                violation_error_message=checks.CUBE_POWER_OF_TWO,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sheet} seat {self.seat}"

    def as_core(self) -> core.Line:
        return core.Line(
            cube=self.cube,
            owner=core.Owner(self.owner),
            drop=core.Drop(self.drop),
            beaver=self.beaver,
        )
