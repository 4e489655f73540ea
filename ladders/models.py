"""Challenge ladders: the ladder and its rules, its challenges, and the history of every
change of its order. The order is never stored apart from the history: each change keeps the
ladder as it left it (``order``), the replay of the history up to it (``ladders.core``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, TimeStampedModel
from config import constraints as checks
from ladders.core.ladder import LadderRules
from matches.models import Match
from tournaments.models import Tournament


class Ladder(TimeStampedModel):
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="ladders"
    )
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), max_length=60)
    reach = models.PositiveSmallIntegerField(
        _("challenge up to"), default=3, help_text=_("Places above one's own.")
    )
    accept_days = models.PositiveSmallIntegerField(
        _("days to accept"),
        default=7,
        help_text=_("A challenge not accepted in time is lost by forfeit."),
    )
    play_days = models.PositiveSmallIntegerField(_("days to play"), default=14)
    loser_drops = models.BooleanField(_("a losing challenger drops one place"), default=False)
    idle_days = models.PositiveSmallIntegerField(
        _("days without a match before a drop"), default=0, help_text=_("0: nobody drops.")
    )
    idle_places = models.PositiveSmallIntegerField(_("places dropped"), default=1)
    #: The day the days without a match were last changed: days before it do not count.
    idle_from = models.DateField(_("days without a match count from"), null=True, blank=True)
    open_challenges = models.PositiveSmallIntegerField(_("open challenges per player"), default=1)
    match_length = models.PositiveSmallIntegerField(_("match length"), default=5)
    cube = models.BooleanField(_("with the cube"), default=True)
    online_play = models.BooleanField(_("played online"), default=False)
    #: Where its matches live (hidden from the club's tournaments), made with the ladder.
    tournament = models.OneToOneField(
        Tournament,
        verbose_name=_("tournament of its matches"),
        on_delete=models.PROTECT,
        related_name="ladder",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["club", "name"]
        verbose_name = _("ladder")
        verbose_name_plural = _("ladders")
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="ladder_slug_per_club"),
            checks.Check(
                condition=~Q(name=""),
                name="ladder_name_not_empty",
                violation_error_message=checks.NOT_EMPTY,
            ),
            checks.Check(
                condition=Q(
                    reach__gte=1,
                    accept_days__gte=1,
                    play_days__gte=1,
                    idle_places__gte=1,
                    open_challenges__gte=1,
                    match_length__gte=1,
                ),
                name="ladder_settings_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("ladders:detail", kwargs={"club": self.club.slug, "ladder": self.slug})

    def rules(self) -> LadderRules:
        return LadderRules(
            reach=self.reach,
            accept_days=self.accept_days,
            play_days=self.play_days,
            loser_drops=self.loser_drops,
            idle_days=self.idle_days,
            idle_places=self.idle_places,
            open_challenges=self.open_challenges,
            idle_from=self.idle_from,
        )


class ChallengeStatus(models.TextChoices):
    OPEN = "open", _("Waiting for an answer")
    ACCEPTED = "accepted", _("Accepted")
    DECIDED = "decided", _("Decided")
    LAPSED = "lapsed", _("Not played in time")


#: A challenge that still holds both players.
OPEN_STATUSES = (ChallengeStatus.OPEN, ChallengeStatus.ACCEPTED)


class Challenge(TimeStampedModel):
    ladder = models.ForeignKey(
        Ladder, verbose_name=_("ladder"), on_delete=models.CASCADE, related_name="challenges"
    )
    challenger = models.ForeignKey(
        Player, verbose_name=_("challenger"), on_delete=models.PROTECT, related_name="+"
    )
    defender = models.ForeignKey(
        Player, verbose_name=_("challenged player"), on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(
        _("status"), max_length=10, choices=ChallengeStatus.choices, default=ChallengeStatus.OPEN
    )
    accept_by = models.DateField(_("accept by"))
    play_by = models.DateField(_("play by"), null=True, blank=True)
    match = models.OneToOneField(
        Match,
        verbose_name=_("match"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ladder_challenge",
    )

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")
        constraints = [
            checks.Check(
                condition=~Q(challenger=models.F("defender")),
                name="challenge_two_players",
                violation_error_message=checks.TWO_PLAYERS,
            ),
            checks.Check(
                condition=Q(status__in=ChallengeStatus.values),
                name="challenge_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.challenger} → {self.defender}"


class ChangeKind(models.TextChoices):
    JOINED = "joined", _("joined at the bottom")
    LEFT = "left", _("left the ladder")
    REMOVED = "removed", _("removed by an organizer")
    WON = "won", _("won a challenge")
    LOST = "lost", _("lost a challenge")
    IDLE = "idle", _("dropped for not playing")
    CORRECTED_WON = "corrected_won", _("result corrected: the challenger won")
    CORRECTED_LOST = "corrected_lost", _("result corrected: the challenger lost")


#: The changes that are a challenge's result, first or corrected.
RESULT_KINDS = [
    ChangeKind.WON,
    ChangeKind.LOST,
    ChangeKind.CORRECTED_WON,
    ChangeKind.CORRECTED_LOST,
]


class LadderChange(TimeStampedModel):
    """One change of the ladder and why; ``order`` is the ladder after it, top first."""

    ladder = models.ForeignKey(
        Ladder, verbose_name=_("ladder"), on_delete=models.CASCADE, related_name="changes"
    )
    sequence = models.PositiveIntegerField(_("sequence"))
    kind = models.CharField(_("why"), max_length=16, choices=ChangeKind.choices)
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="+"
    )
    opponent = models.ForeignKey(
        Player,
        verbose_name=_("opponent"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    challenge = models.ForeignKey(
        Challenge,
        verbose_name=_("challenge"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="changes",
    )
    forfeit = models.BooleanField(_("by forfeit"), default=False)
    places = models.PositiveSmallIntegerField(_("places"), default=0)
    day = models.DateField(_("day"))
    order = models.JSONField(_("ladder after the change"), default=list, blank=True)

    class Meta:
        ordering = ["ladder", "sequence"]
        verbose_name = _("ladder change")
        verbose_name_plural = _("ladder changes")
        constraints = [
            models.UniqueConstraint(fields=["ladder", "sequence"], name="ladder_change_once"),
            checks.Check(
                condition=Q(kind__in=ChangeKind.values),
                name="ladder_change_kind_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(kind__in=RESULT_KINDS, opponent__isnull=False, challenge__isnull=False)
                | Q(
                    kind__in=[
                        ChangeKind.JOINED,
                        ChangeKind.LEFT,
                        ChangeKind.REMOVED,
                        ChangeKind.IDLE,
                    ]
                ),
                name="ladder_change_challenge_has_opponent",
                violation_error_message=_(
                    "A challenge's result names the challenge and the opponent."
                ),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.ladder} #{self.sequence} {self.kind}"
