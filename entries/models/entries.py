"""The players entered in a tournament, and the pairing rules between two of them.

Their tables keep the names they had when the tournaments app held them (``db_table``): the
models moved with every row, the tables did not."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Player, TimeStampedModel
from config import constraints as checks
from tournaments.models import Tournament


class EntryStatus(models.TextChoices):
    PENDING = "pending", _("Awaiting approval")
    WAITING = "waiting", _("On the waiting list")
    APPROVED = "approved", _("Approved")
    CHECKED_IN = "checked_in", _("Checked in")
    NO_SHOW = "no_show", _("Did not check in")
    WITHDRAWN = "withdrawn", _("Withdrawn")


#: The entries that hold one of the field's places (a cap counts them).
HOLDING_A_PLACE = (EntryStatus.PENDING, EntryStatus.APPROVED, EntryStatus.CHECKED_IN)
#: The entries that are not (or no longer) in the field: never drawn, not counted.
OUT_OF_THE_FIELD = (EntryStatus.WAITING, EntryStatus.NO_SHOW, EntryStatus.WITHDRAWN)


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
    waiting_number = models.PositiveIntegerField(
        _("place on the waiting list"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("Waiting entries move up in the order of these numbers."),
    )
    requested_byes = models.JSONField(
        _("byes on request"),
        default=dict,
        blank=True,
        help_text=_("Swiss rounds the player asked not to be paired in, with the points given."),
    )

    class Meta:
        db_table = "tournaments_entry"
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
            checks.Check(
                condition=Q(seed__isnull=True) | Q(seed__gte=1),
                name="entry_seed_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            checks.Check(
                condition=Q(status__in=EntryStatus.values),
                name="entry_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            # A waiting entry has its number on the list, and only a waiting one.
            checks.Check(
                condition=Q(status=EntryStatus.WAITING, waiting_number__isnull=False)
                | (~Q(status=EntryStatus.WAITING) & Q(waiting_number__isnull=True)),
                name="entry_waiting_number_iff_waiting",
                violation_error_message=checks.WAITING_NUMBER,
            ),
            models.UniqueConstraint(
                fields=["tournament", "waiting_number"],
                condition=Q(waiting_number__isnull=False),
                name="entry_waiting_number_once_per_tournament",
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
        db_table = "tournaments_pairingrule"
        ordering = ["tournament", "kind", "pk"]
        verbose_name = _("pairing rule")
        verbose_name_plural = _("pairing rules")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "entry_a", "entry_b"], name="pairing_rule_pair_once"
            ),
            checks.Check(
                condition=~Q(entry_a=models.F("entry_b")),
                name="pairing_rule_two_players",
                violation_error_message=checks.PAIR_OF_TWO,
            ),
            checks.Check(
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
