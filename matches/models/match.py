"""Matches and the games they are made of."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from clubs.models import Player, TimeStampedModel
from config import constraints as checks
from tournaments.models import Entry, MatchFormat, Round

#: Every cube value the database accepts: a power of two.
CUBE_VALUES = [2**n for n in range(0, 21)]


class MatchStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for players")
    READY = "ready", _("Ready to play")
    PLAYING = "playing", _("In play")
    FINISHED = "finished", _("Finished")
    VOID = "void", _("Not played")


class MatchOutcome(models.TextChoices):
    PLAYED = "played", _("Played")
    BYE = "bye", _("Bye")
    FORFEIT = "forfeit", _("Forfeit")


class Slot(models.IntegerChoices):
    A = 1, _("first player")
    B = 2, _("second player")


#: A match that can be played now: both players known, no result yet.
OPEN_STATUSES = (MatchStatus.READY, MatchStatus.PLAYING)
#: A match without its result yet, including one still waiting for its players.
UNDECIDED_STATUSES = (MatchStatus.PENDING, MatchStatus.READY, MatchStatus.PLAYING)


class MatchQuerySet(models.QuerySet["Match"]):
    def of_tournament(self, tournament: Any) -> MatchQuerySet:
        """The matches of a tournament (a ``Tournament`` or its id), every stage and round."""
        return self.filter(round__stage__tournament=tournament)

    def open(self) -> MatchQuerySet:
        """Matches that can be played now (ready or being played)."""
        return self.filter(status__in=OPEN_STATUSES)

    def undecided(self) -> MatchQuerySet:
        """Matches without a result yet (waiting, ready or being played)."""
        return self.filter(status__in=UNDECIDED_STATUSES)


class Match(TimeStampedModel):
    """One match of a round: two entries (or one and a bye), played to a target.

    In elimination formats every match of the bracket exists from the start (players still
    unknown are empty) and ``bracket_key`` names its place in the pure bracket plan, which
    says where winners and losers go (``tournaments.pairing``). A match nobody reaches, or a
    grand-final reset that is not needed, is ``void``.
    """

    round = models.ForeignKey(
        Round, verbose_name=_("round"), on_delete=models.CASCADE, related_name="matches"
    )
    index = models.PositiveSmallIntegerField(
        _("position"), help_text=_("Position in the round or bracket, from the top.")
    )
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    entry_a = models.ForeignKey(
        Entry,
        verbose_name=_("first player"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="matches_as_a",
    )
    entry_b = models.ForeignKey(
        Entry,
        verbose_name=_("second player"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="matches_as_b",
    )
    status = models.CharField(
        _("status"), max_length=16, choices=MatchStatus.choices, default=MatchStatus.PENDING
    )
    outcome = models.CharField(
        _("outcome"), max_length=16, choices=MatchOutcome.choices, blank=True
    )
    match_format = models.CharField(
        _("match format"), max_length=8, choices=MatchFormat.choices, default=MatchFormat.POINTS
    )
    length = models.PositiveSmallIntegerField(_("match length"))
    score_a = models.IntegerField(_("score of the first player"), default=0)
    score_b = models.IntegerField(_("score of the second player"), default=0)
    winner = models.ForeignKey(
        Entry,
        verbose_name=_("winner"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="matches_won",
    )
    referee = models.ForeignKey(
        Player,
        verbose_name=_("referee"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="refereed_matches",
    )
    is_online = models.BooleanField(_("played online"), default=False)
    bracket_key = models.CharField(
        _("bracket position"),
        max_length=24,
        blank=True,
        help_text=_("The match's key in the bracket plan (elimination formats only)."),
    )
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    version = models.PositiveIntegerField(
        _("version"), default=0, help_text=_("Grows with every change to the result.")
    )
    history = HistoricalRecords(excluded_fields=["updated_at"])

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["round", "index"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.UniqueConstraint(fields=["round", "index"], name="match_index_per_round"),
            models.CheckConstraint(
                condition=Q(index__gte=1),
                name="match_index_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            models.CheckConstraint(
                condition=Q(table__isnull=True) | Q(table__gte=1),
                name="match_table_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            models.CheckConstraint(
                condition=Q(score_a__gte=0) & Q(score_b__gte=0),
                name="match_scores_not_negative",
                violation_error_message=checks.NOT_NEGATIVE,
            ),
            models.CheckConstraint(
                condition=Q(length__gte=1),
                name="match_length_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            models.CheckConstraint(
                condition=Q(entry_a__isnull=True)
                | Q(entry_b__isnull=True)
                | ~Q(entry_a=F("entry_b")),
                name="match_two_different_entries",
                violation_error_message=checks.TWO_PLAYERS,
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner=F("entry_a")) | Q(winner=F("entry_b")),
                name="match_winner_is_a_player",
                violation_error_message=checks.WINNER_IS_A_PLAYER,
            ),
            models.CheckConstraint(
                condition=Q(status=MatchStatus.FINISHED, winner__isnull=False)
                | (~Q(status=MatchStatus.FINISHED) & Q(winner__isnull=True)),
                name="match_finished_iff_winner",
                violation_error_message=checks.FINISHED_HAS_WINNER,
            ),
            models.CheckConstraint(
                condition=Q(status=MatchStatus.FINISHED) | Q(outcome=""),
                name="match_outcome_only_when_finished",
                violation_error_message=checks.OUTCOME_WHEN_FINISHED,
            ),
            models.CheckConstraint(
                condition=Q(status__in=MatchStatus.values),
                name="match_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(outcome__in=[*MatchOutcome.values, ""]),
                name="match_outcome_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(match_format__in=MatchFormat.values),
                name="match_format_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.UniqueConstraint(
                fields=["round", "bracket_key"],
                condition=~Q(bracket_key=""),
                name="match_bracket_key_per_round",
            ),
        ]
        indexes = [models.Index(fields=["status"])]

    def __str__(self) -> str:
        a = self.entry_a or _("(to be decided)")
        b = self.entry_b or (_("bye") if self.outcome == MatchOutcome.BYE else _("(to be decided)"))
        return f"{a} – {b}"


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
            models.CheckConstraint(
                condition=Q(number__gte=1),
                name="game_number_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            models.CheckConstraint(
                condition=Q(winner__in=Side.values),
                name="game_winner_side",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(kind__in=WinKind.values),
                name="game_kind_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(ended_by__in=EndedBy.values),
                name="game_ended_by_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(source__in=ResultSource.values),
                name="game_source_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            models.CheckConstraint(
                condition=Q(cube__in=CUBE_VALUES),
                name="game_cube_power_of_two",
                violation_error_message=checks.CUBE_POWER_OF_TWO,
            ),
            models.CheckConstraint(
                condition=~Q(ended_by=EndedBy.DROP) | Q(kind=WinKind.SINGLE),
                name="game_drop_is_single",
                violation_error_message=checks.DROP_IS_SINGLE,
            ),
            models.CheckConstraint(
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


class ReportStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for confirmation")
    CONFIRMED = "confirmed", _("Confirmed")
    DISPUTED = "disputed", _("Disputed")
    REPLACED = "replaced", _("Replaced by a referee's entry")


class MatchReport(TimeStampedModel):
    """A player's report of his own match result; it counts once the opponent or a referee
    confirms it. A dispute flags the match for the referee."""

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="reports"
    )
    reported_by = models.ForeignKey(
        Player, verbose_name=_("reported by"), on_delete=models.CASCADE, related_name="+"
    )
    score_a = models.PositiveIntegerField(_("score of the first player"))
    score_b = models.PositiveIntegerField(_("score of the second player"))
    status = models.CharField(
        _("status"), max_length=12, choices=ReportStatus.choices, default=ReportStatus.PENDING
    )
    decided_by = models.ForeignKey(
        Player,
        verbose_name=_("confirmed or disputed by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    note = models.CharField(_("note"), max_length=300, blank=True)
    # The opponent's side of a dispute: his own note and, if he gave it, the score he says.
    dispute_note = models.CharField(_("the opponent's note"), max_length=300, blank=True)
    dispute_score_a = models.PositiveIntegerField(
        _("first player's score by the opponent"), null=True, blank=True
    )
    dispute_score_b = models.PositiveIntegerField(
        _("second player's score by the opponent"), null=True, blank=True
    )
    games = models.JSONField(
        _("games"),
        default=list,
        blank=True,
        help_text=_(
            "The games of a match file the player sent (winner, kind, cube, ended by, moves); "
            "recorded when the report is confirmed."
        ),
    )
    file = models.ForeignKey(
        "MatchFile",
        verbose_name=_("match file"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reports",
    )

    class Meta:
        ordering = ["match", "-created_at"]
        verbose_name = _("result report")
        verbose_name_plural = _("result reports")
        constraints = [
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(status__in=["pending", "disputed"]),
                name="report_one_open_per_match",
            ),
            models.CheckConstraint(
                condition=Q(status__in=ReportStatus.values),
                name="report_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.score_a}–{self.score_b} ({self.get_status_display()})"

    @property
    def has_counter_score(self) -> bool:
        """The disputing opponent said which score he thinks is right."""
        return self.dispute_score_a is not None and self.dispute_score_b is not None


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
        indexes = [models.Index(fields=["flag_at"])]

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
            models.CheckConstraint(
                condition=Q(kind__in=DirectorActionKind.values),
                name="director_action_kind_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.get_kind_display()} ({self.reason})"
