"""A match of a round: its players, status and score."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from clubs.models import Player, TimeStampedModel
from config import constraints as checks
from entries.models import Entry
from tournaments.models import MatchFormat, Round


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
    #: A match played elsewhere and resumed from a saved score (a FIBS or Snowie log that
    #: starts at 3–0): its games are recorded from that score, the games before it are not
    #: known, and the score counts the whole match.
    start_score_a = models.PositiveSmallIntegerField(
        _("resumed at (first player)"),
        default=0,
        help_text=_("The score the match was resumed from; its earlier games are not recorded."),
    )
    start_score_b = models.PositiveSmallIntegerField(
        _("resumed at (second player)"),
        default=0,
        help_text=_("The score the match was resumed from; its earlier games are not recorded."),
    )
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
            checks.Check(
                condition=Q(index__gte=1),
                name="match_index_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            checks.Check(
                condition=Q(table__isnull=True) | Q(table__gte=1),
                name="match_table_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            checks.Check(
                condition=Q(score_a__gte=0) & Q(score_b__gte=0),
                name="match_scores_not_negative",
                violation_error_message=checks.NOT_NEGATIVE,
            ),
            checks.Check(
                condition=Q(score_a__gte=F("start_score_a")) & Q(score_b__gte=F("start_score_b")),
                name="match_score_from_resumed_score",
                violation_error_message=checks.FROM_RESUMED_SCORE,
            ),
            checks.Check(
                condition=Q(length__gte=1),
                name="match_length_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            checks.Check(
                condition=Q(entry_a__isnull=True)
                | Q(entry_b__isnull=True)
                | ~Q(entry_a=F("entry_b")),
                name="match_two_different_entries",
                violation_error_message=checks.TWO_PLAYERS,
            ),
            checks.Check(
                condition=Q(winner__isnull=True) | Q(winner=F("entry_a")) | Q(winner=F("entry_b")),
                name="match_winner_is_a_player",
                violation_error_message=checks.WINNER_IS_A_PLAYER,
            ),
            checks.Check(
                condition=Q(status=MatchStatus.FINISHED, winner__isnull=False)
                | (~Q(status=MatchStatus.FINISHED) & Q(winner__isnull=True)),
                name="match_finished_iff_winner",
                violation_error_message=checks.FINISHED_HAS_WINNER,
            ),
            checks.Check(
                condition=Q(status=MatchStatus.FINISHED) | Q(outcome=""),
                name="match_outcome_only_when_finished",
                violation_error_message=checks.OUTCOME_WHEN_FINISHED,
            ),
            checks.Check(
                condition=Q(status__in=MatchStatus.values),
                name="match_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(outcome__in=[*MatchOutcome.values, ""]),
                name="match_outcome_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
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

    @property
    def start_score(self) -> tuple[int, int]:
        """The score the match was resumed from: (0, 0) for a match recorded from its start."""
        return (self.start_score_a, self.start_score_b)

    @property
    def is_resumed(self) -> bool:
        return self.start_score != (0, 0)

    def __str__(self) -> str:
        a = self.entry_a or _("(to be decided)")
        b = self.entry_b or (_("bye") if self.outcome == MatchOutcome.BYE else _("(to be decided)"))
        return f"{a} – {b}"
