"""A tournament: its format, its rules of play, and the version its cached pages are keyed by."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, TimeStampedModel, VersionedSave
from config import constraints as checks
from config.moments import sane_moment
from tournaments.models.late import LateRuleSettings
from tournaments.models.seasons import Season

#: Cube values a tournament may cap the cube at.
CUBE_LIMITS = [2**n for n in range(1, 13)]
#: The cube limit of a tournament that sets none (the club rulebook's 64).
DEFAULT_CUBE_LIMIT = 64
#: The longest spectator delay, in checker plays (a game has about 50).
MAX_SPECTATOR_DELAY = 30


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


class TournamentKind(models.TextChoices):
    TOURNAMENT = "tournament", _("Tournament")
    #: A challenge ladder's matches (``ladders``): no draw of its own, not listed with the
    #: club's tournaments; its matches are recorded, reported, played online and rated as
    #: any tournament's.
    LADDER = "ladder", _("Ladder matches")


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


class Spectators(models.TextChoices):
    ANYONE = "anyone", _("Anyone who may see the tournament")
    MEMBERS = "members", _("The club's members only")


class RefereeScope(models.TextChoices):
    CLUB = "club", _("All club referees")
    LISTED = "listed", _("Only the referees chosen below")


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


class Tournament(VersionedSave, LateRuleSettings, TimeStampedModel):
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.PROTECT, related_name="tournaments"
    )
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), max_length=60)
    description = models.TextField(_("description"), blank=True)
    venue = models.CharField(_("venue"), max_length=120, blank=True)
    starts_at = models.DateTimeField(
        _("starts at"), null=True, blank=True, validators=[sane_moment]
    )
    status = models.CharField(
        _("status"),
        max_length=16,
        choices=TournamentStatus.choices,
        default=TournamentStatus.DRAFT,
    )
    kind = models.CharField(
        _("kind"), max_length=12, choices=TournamentKind.choices, default=TournamentKind.TOURNAMENT
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
        help_text=_("The player with the lower opening die starts (a house rule, by agreement)."),
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
        help_text=_("House rule: the last checker to come home must use the larger die."),
    )
    no_hit_and_continue_home = models.BooleanField(
        _("no hit-and-continue in the home board"),
        default=False,
        help_text=_(
            "House rule: a checker that hits in its home board may not continue to an own blot."
        ),
    )

    online_play = models.BooleanField(
        _("played online"),
        default=False,
        help_text=_("Matches are played on Crawford's online board instead of at a table."),
    )
    spectators = models.CharField(
        _("who may watch the online boards"),
        max_length=8,
        choices=Spectators.choices,
        default=Spectators.ANYONE,
    )
    spectator_delay = models.PositiveSmallIntegerField(
        _("spectator delay"),
        default=0,
        validators=[MaxValueValidator(MAX_SPECTATOR_DELAY)],
        help_text=_(
            "Spectators see the online boards this many checker plays behind (the players, "
            "the club's organizers and referees see them live); 0: live."
        ),
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
    #: Only ever written by the blocks of ``tournaments.versions`` (an UPDATE ... version + 1).
    version = models.PositiveBigIntegerField(_("version"), default=1, editable=False)

    class Meta:
        ordering = ["-starts_at", "-created_at"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="tournament_slug_per_club"),
            checks.Check(
                condition=~Q(slug=""),
                name="tournament_slug_not_empty",
                violation_error_message=checks.NOT_EMPTY,
            ),
            checks.Check(
                condition=Q(kind__in=TournamentKind.values),
                name="tournament_kind_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(status__in=TournamentStatus.values),
                name="tournament_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(format__in=TournamentFormat.values),
                name="tournament_format_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(match_format__in=MatchFormat.values),
                name="tournament_match_format_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(starting_rule__in=StartingRule.values),
                name="tournament_starting_rule_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(seeding__in=Seeding.values),
                name="tournament_seeding_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(default_length__gte=1),
                name="tournament_length_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            checks.Check(
                condition=Q(max_cube__isnull=True) | Q(max_cube__in=CUBE_LIMITS),
                name="tournament_max_cube_power_of_two",
                violation_error_message=checks.CUBE_POWER_OF_TWO,
            ),
            checks.Check(
                condition=Q(swiss_rounds__isnull=True) | Q(swiss_rounds__gte=1),
                name="tournament_swiss_rounds_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            checks.Check(
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
