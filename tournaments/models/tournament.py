"""Tournaments, the players entered in them, their stages and rounds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, TimeStampedModel, VersionedSave
from config import constraints as checks

#: Cube values a tournament may cap the cube at.
CUBE_LIMITS = [2**n for n in range(1, 13)]
#: The cube limit of a tournament that sets none (the club rulebook's 64).
DEFAULT_CUBE_LIMIT = 64


class TournamentStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    REGISTRATION = "registration", _("Registration open")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class TournamentFormat(models.TextChoices):
    SINGLE_ELIMINATION = "single_elimination", _("Single elimination")
    MAIN_CONSOLATION = "main_consolation", _("Main / Consolation / Last Chance")
    DOUBLE_ELIMINATION = "double_elimination", _("Double elimination")
    SWISS = "swiss", _("Swiss")
    ROUND_ROBIN = "round_robin", _("Round robin")


class MatchFormat(models.TextChoices):
    POINTS = "points", _("N-point match")
    GAMES = "games", _("Best of N games")


class StartingRule(models.TextChoices):
    OPENING_ROLL = "opening_roll", _("Opening roll every game")
    WINNER_STARTS = "winner_starts", _("Winner of the previous game starts")
    LOSER_STARTS_SECOND = "loser_starts_second", _("Loser of game 1 starts game 2, then roll again")


class Seeding(models.TextChoices):
    MANUAL = "manual", _("Manual")
    RATING = "rating", _("By club rating")
    RANDOM = "random", _("Random")


class RefereeScope(models.TextChoices):
    CLUB = "club", _("All club referees")
    LISTED = "listed", _("Only the referees chosen below")


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


def page_version(pk: int, created: int, version: int) -> str:
    """What the cached pages of a tournament are keyed by: its version, with its id and
    creation time (``created``: :func:`epoch_microseconds`; a deleted tournament's id may come
    again on SQLite)."""
    return f"{pk}.{created}.{version}"


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def epoch_microseconds(moment: datetime | None) -> int:
    """``moment`` (aware) in whole microseconds since 1970, exactly (0 for None): what
    PostgreSQL's ``created_at`` reads as in the plain version queries (``tournaments.selectors``),
    so a model and such a query key its pages alike."""
    return 0 if moment is None else (moment - _EPOCH) // timedelta(microseconds=1)


class Tournament(VersionedSave, TimeStampedModel):
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.PROTECT, related_name="tournaments"
    )
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), max_length=60)
    description = models.TextField(_("description"), blank=True)
    venue = models.CharField(_("venue"), max_length=120, blank=True)
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    status = models.CharField(
        _("status"),
        max_length=16,
        choices=TournamentStatus.choices,
        default=TournamentStatus.DRAFT,
    )
    is_published = models.BooleanField(
        _("published"),
        default=True,
        help_text=_("Anyone may read the draw and standings of a published tournament."),
    )
    format = models.CharField(
        _("format"),
        max_length=24,
        choices=TournamentFormat.choices,
        default=TournamentFormat.SINGLE_ELIMINATION,
    )
    match_format = models.CharField(
        _("match format"), max_length=8, choices=MatchFormat.choices, default=MatchFormat.POINTS
    )
    default_length = models.PositiveSmallIntegerField(
        _("match length"),
        default=5,
        help_text=_("Points to win an N-point match, or N in a best-of-N games match."),
    )
    referee_scope = models.CharField(
        _("referees"),
        max_length=8,
        choices=RefereeScope.choices,
        default=RefereeScope.CLUB,
        help_text=_(
            "The club's referees referee all its tournaments; a tournament may narrow that to "
            "the referees chosen below. The club's organizers always may."
        ),
    )
    referees = models.ManyToManyField(
        Player,
        verbose_name=_("chosen referees"),
        blank=True,
        related_name="refereed_tournaments",
        help_text=_("Only used when the tournament narrows its referees to those chosen."),
    )
    season = models.ForeignKey(
        Season,
        verbose_name=_("season"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    # Rule settings: the variants in the rules the club plays by (see DESIGN.md).
    starting_rule = models.CharField(
        _("who starts games 2 and later"),
        max_length=24,
        choices=StartingRule.choices,
        default=StartingRule.OPENING_ROLL,
    )
    lower_die_starts = models.BooleanField(
        _("lower die starts"),
        default=False,
        help_text=_("The player with the lower opening die starts (by agreement, Regel 7)."),
    )
    cube_enabled = models.BooleanField(
        _("doubling cube"),
        default=True,
        help_text=_("Used in N-point matches only; best-of-N games never use the cube."),
    )
    crawford = models.BooleanField(_("Crawford rule"), default=True)
    holland = models.BooleanField(
        _("Holland rule"),
        default=False,
        help_text=_("After the Crawford game the trailer may double only after two rolls each."),
    )
    max_cube = models.PositiveIntegerField(
        _("cube limit"),
        null=True,
        blank=True,
        choices=[(value, str(value)) for value in CUBE_LIMITS],
        help_text=_("Highest cube value allowed; empty means unlimited."),
    )
    last_checker_larger_die = models.BooleanField(
        _("last checker home uses the larger die"),
        default=False,
        help_text=_("Regel 15: the last checker to come home must use the larger die."),
    )
    no_hit_and_continue_home = models.BooleanField(
        _("no hit-and-continue in the home board"),
        default=False,
        help_text=_(
            "Regel 16: a checker that hits in its home board may not continue to an own blot."
        ),
    )

    online_play = models.BooleanField(
        _("played online"),
        default=False,
        help_text=_("Matches are played on Crawford's online board instead of at a table."),
    )
    analysis_plies = models.PositiveSmallIntegerField(
        _("match analysis"),
        null=True,
        blank=True,
        choices=[(0, _("0-ply")), (1, _("1-ply")), (2, _("2-ply (world class)"))],
        help_text=_(
            "Analyse every match with moves with GNU Backgammon at this level when it ends "
            "(online) or its file is accepted. Empty: off."
        ),
    )
    require_check_in = models.BooleanField(
        _("check-in required"),
        default=False,
        help_text=_("Only players who checked in on the day are drawn."),
    )

    # Format settings.
    seeding = models.CharField(
        _("seeding"), max_length=8, choices=Seeding.choices, default=Seeding.MANUAL
    )
    swiss_rounds = models.PositiveSmallIntegerField(_("Swiss rounds"), null=True, blank=True)
    bye_match_points = models.PositiveSmallIntegerField(_("match points for a bye"), default=1)
    avoid_same_club = models.BooleanField(_("avoid pairing club mates"), default=False)
    auto_pair_next_round = models.BooleanField(
        _("pair the next round automatically"),
        default=True,
        help_text=_("Pair the next Swiss round as soon as the last result of a round is in."),
    )
    review_rounds = models.BooleanField(
        _("review rounds before publishing"),
        default=False,
        help_text=_(
            "Swiss and round robin: a drawn round is a draft that only organizers see; they "
            "can swap players or pair it again, then publish it to the players."
        ),
    )
    last_chance = models.BooleanField(_("last chance bracket"), default=False)
    progressive_consolation = models.BooleanField(_("progressive consolation"), default=False)
    grand_final_reset = models.BooleanField(_("grand final reset"), default=True)
    double_round_robin = models.BooleanField(_("double round robin"), default=False)
    tiebreaks = models.JSONField(
        _("tie-breaks"),
        default=list,
        blank=True,
        help_text=_("Tie-break keys in the order they apply."),
    )
    #: Raised by one in the transaction of every change a public page shows (results,
    #: corrections, draws, entries, settings): the key of the pages' cache and their ETag.
    #: Only ever written by ``tournaments.versions.bump`` (an UPDATE ... version + 1).
    version = models.PositiveBigIntegerField(_("version"), default=1, editable=False)

    class Meta:
        ordering = ["-starts_at", "-created_at"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="tournament_slug_per_club"),
            models.CheckConstraint(
                condition=~Q(slug=""),
                name="tournament_slug_not_empty",
                violation_error_message=checks.NOT_EMPTY,
            ),
            models.CheckConstraint(
                condition=Q(status__in=TournamentStatus.values),
                name="tournament_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(format__in=TournamentFormat.values),
                name="tournament_format_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(match_format__in=MatchFormat.values),
                name="tournament_match_format_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(starting_rule__in=StartingRule.values),
                name="tournament_starting_rule_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(seeding__in=Seeding.values),
                name="tournament_seeding_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(default_length__gte=1),
                name="tournament_length_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            models.CheckConstraint(
                condition=Q(max_cube__isnull=True) | Q(max_cube__in=CUBE_LIMITS),
                name="tournament_max_cube_power_of_two",
                violation_error_message=checks.CUBE_POWER_OF_TWO,
            ),
            models.CheckConstraint(
                condition=Q(swiss_rounds__isnull=True) | Q(swiss_rounds__gte=1),
                name="tournament_swiss_rounds_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            models.CheckConstraint(
                condition=Q(referee_scope__in=RefereeScope.values),
                name="tournament_referee_scope_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse(
            "tournaments:detail", kwargs={"club": self.club.slug, "tournament": self.slug}
        )

    @property
    def page_version(self) -> str:
        """What the cached pages of this tournament are keyed by (:func:`page_version`)."""
        return page_version(self.pk, epoch_microseconds(self.created_at), self.version)

    @property
    def uses_cube(self) -> bool:
        return self.match_format == MatchFormat.POINTS and self.cube_enabled

    @property
    def cube_limit(self) -> int:
        """The highest cube value: the one set, else :data:`DEFAULT_CUBE_LIMIT`."""
        return self.max_cube or DEFAULT_CUBE_LIMIT


class EntryStatus(models.TextChoices):
    PENDING = "pending", _("Awaiting approval")
    APPROVED = "approved", _("Approved")
    CHECKED_IN = "checked_in", _("Checked in")
    WITHDRAWN = "withdrawn", _("Withdrawn")


class Entry(TimeStampedModel):
    """A player's place in one tournament."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="entries"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="entries"
    )
    seed = models.PositiveSmallIntegerField(_("seed"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=16, choices=EntryStatus.choices, default=EntryStatus.PENDING
    )
    joined_round = models.PositiveSmallIntegerField(
        _("entered from round"),
        null=True,
        blank=True,
        help_text=_("A late entry into a Swiss: the first round the player is paired in."),
    )
    starting_points = models.PositiveSmallIntegerField(
        _("starting score"),
        default=0,
        help_text=_("Match points a late entry starts with."),
    )
    requested_byes = models.JSONField(
        _("byes on request"),
        default=dict,
        blank=True,
        help_text=_("Swiss rounds the player asked not to be paired in, with the points given."),
    )

    class Meta:
        ordering = ["tournament", "seed", "player__name"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="entry_player_once_per_tournament"
            ),
            models.UniqueConstraint(
                fields=["tournament", "seed"],
                condition=Q(seed__isnull=False),
                name="entry_seed_once_per_tournament",
            ),
            models.CheckConstraint(
                condition=Q(seed__isnull=True) | Q(seed__gte=1),
                name="entry_seed_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            models.CheckConstraint(
                condition=Q(status__in=EntryStatus.values),
                name="entry_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return str(self.player)


class PairingRuleKind(models.TextChoices):
    FORBIDDEN = "forbidden", _("Never pair")
    PINNED = "pinned", _("Always pair")


class PairingRuleReason(models.TextChoices):
    FAMILY = "family", _("Family")
    HOUSEHOLD = "household", _("Same household")
    REQUEST = "request", _("A player's request")
    OTHER = "other", _("Other")


class PairingRule(TimeStampedModel):
    """Two players of a tournament who must not meet (forbidden) or must meet (pinned)."""

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="pairing_rules",
    )
    entry_a = models.ForeignKey(
        Entry, verbose_name=_("player"), on_delete=models.CASCADE, related_name="+"
    )
    entry_b = models.ForeignKey(
        Entry, verbose_name=_("other player"), on_delete=models.CASCADE, related_name="+"
    )
    kind = models.CharField(_("rule"), max_length=12, choices=PairingRuleKind.choices)
    reason = models.CharField(
        _("reason"),
        max_length=12,
        choices=PairingRuleReason.choices,
        default=PairingRuleReason.OTHER,
    )

    class Meta:
        ordering = ["tournament", "kind", "pk"]
        verbose_name = _("pairing rule")
        verbose_name_plural = _("pairing rules")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "entry_a", "entry_b"], name="pairing_rule_pair_once"
            ),
            models.CheckConstraint(
                condition=~Q(entry_a=models.F("entry_b")),
                name="pairing_rule_two_players",
                violation_error_message=checks.PAIR_OF_TWO,
            ),
            models.CheckConstraint(
                condition=Q(kind__in=PairingRuleKind.values),
                name="pairing_rule_kind_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry_a} – {self.entry_b} ({self.get_kind_display()})"

    @property
    def pair(self) -> frozenset[int]:
        return frozenset((self.entry_a_id, self.entry_b_id))


class StageKind(models.TextChoices):
    MAIN = "main", _("Main")
    CONSOLATION = "consolation", _("Consolation")
    LAST_CHANCE = "last_chance", _("Last Chance")
    LOSERS = "losers", _("Losers' bracket")
    FINAL = "final", _("Grand final")
    SWISS = "swiss", _("Swiss")
    ROUND_ROBIN = "round_robin", _("Round robin")


class ClockKind(models.TextChoices):
    NONE = "none", _("No clock")
    PER_POINT = "per_point", _("Minutes per point of the match")
    FIXED = "fixed", _("Fixed minutes per match")


class Stage(TimeStampedModel):
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="stages"
    )
    kind = models.CharField(_("kind"), max_length=16, choices=StageKind.choices)
    order = models.PositiveSmallIntegerField(_("order"), default=1)
    # The clock of the stage's online matches.
    clock = models.CharField(
        _("clock"), max_length=12, choices=ClockKind.choices, default=ClockKind.NONE
    )
    clock_minutes = models.PositiveSmallIntegerField(
        _("reserve (minutes)"),
        default=2,
        help_text=_("Per point of the match, or for the whole match with a fixed reserve."),
    )
    clock_delay = models.PositiveSmallIntegerField(_("delay per move (seconds)"), default=12)
    clock_bronstein = models.BooleanField(
        _("Bronstein delay"),
        default=False,
        help_text=_("Give back the time used up to the delay, instead of a simple delay."),
    )

    class Meta:
        ordering = ["tournament", "order"]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "kind"], name="stage_kind_once"),
            models.CheckConstraint(
                condition=Q(kind__in=StageKind.values),
                name="stage_kind_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(clock__in=ClockKind.values),
                name="stage_clock_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(clock_minutes__gte=1),
                name="stage_clock_minutes_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.get_kind_display()}"


class RoundStatus(models.TextChoices):
    PENDING = "pending", _("Not drawn yet")
    PAIRED = "paired", _("Drawn")
    FINISHED = "finished", _("Finished")


class Round(TimeStampedModel):
    stage = models.ForeignKey(
        Stage, verbose_name=_("stage"), on_delete=models.CASCADE, related_name="rounds"
    )
    number = models.PositiveSmallIntegerField(_("number"))
    match_format = models.CharField(
        _("match format"), max_length=8, choices=MatchFormat.choices, default=MatchFormat.POINTS
    )
    length = models.PositiveSmallIntegerField(_("match length"))
    status = models.CharField(
        _("status"), max_length=16, choices=RoundStatus.choices, default=RoundStatus.PENDING
    )
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)
    draft = models.JSONField(
        _("draft pairings"),
        null=True,
        blank=True,
        help_text=_("Pairings the organizer reviews before publishing; empty once published."),
    )
    pairing_notes = models.JSONField(
        _("why the pairings are so"),
        default=dict,
        blank=True,
        help_text=_("Codes per table (match index), shown translated on the round page."),
    )

    class Meta:
        ordering = ["stage", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["stage", "number"], name="round_number_per_stage"),
            models.CheckConstraint(
                condition=Q(number__gte=1),
                name="round_number_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            models.CheckConstraint(
                condition=Q(length__gte=1),
                name="round_length_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            models.CheckConstraint(
                condition=Q(match_format__in=MatchFormat.values),
                name="round_match_format_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(status__in=RoundStatus.values),
                name="round_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.stage} · {_('Round')} {self.number}"

    @property
    def is_draft(self) -> bool:
        """Drawn but not published: only organizers see its pairings."""
        return self.draft is not None
