"""The club's ledger: every money movement, append-only.

A row is never changed or deleted; a mistake is undone by a new row that reverses it. The
model refuses updates and deletes (so do its querysets), and the admin only reads.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club, Player, TimeStampedModel
from config import constraints as checks
from money.models.fees import PaymentMethod
from tournaments.models import Tournament


class LedgerKind(models.TextChoices):
    FEE = "fee", _("Entry fee")
    REFUND = "refund", pgettext_lazy("ledger kind", "Refund")
    PRIZE = "prize", _("Prize")
    COSTS = "costs", _("Costs")
    ADDED = "added", _("Added money")
    POT = "pot", _("Season pot")
    SIDE_POOL = "side_pool", _("Side pool")
    CALCUTTA = "calcutta", _("Calcutta")
    OTHER = "other", _("Other")
    REVERSAL = "reversal", _("Reversal")
    CASH_UP = "cash_up", _("Cash-up difference")


class AppendOnly(ValueError):
    """An attempt to change or delete a ledger row."""


class LedgerQuerySet(models.QuerySet["LedgerEntry"]):
    def update(self, **kwargs: Any) -> int:
        raise AppendOnly("ledger rows are never changed")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnly("ledger rows are never deleted")


class LedgerEntry(TimeStampedModel):
    """One movement of the club's money: positive into the till, negative out of it."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.PROTECT, related_name="ledger"
    )
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ledger",
    )
    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    kind = models.CharField(_("kind"), max_length=12, choices=LedgerKind.choices)
    amount = models.BigIntegerField(_("amount"))
    method = models.CharField(_("method"), max_length=10, choices=PaymentMethod.choices, blank=True)
    reference = models.CharField(_("reference"), max_length=120, blank=True)
    memo = models.CharField(_("memo"), max_length=200, blank=True)
    """The treasurer's own words (a hand-booked movement's memo, a reversal's reason)."""
    text_key = models.CharField(_("text"), max_length=40, blank=True)
    """What the app says of the movement, as a key of ``money.ledgertexts`` …"""
    text_params = models.JSONField(_("text's parameters"), default=dict, blank=True)
    """… and its parameters: shown in the reader's language, never stored translated."""
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("recorded by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    #: The fee this movement paid or refunded (no database link: the ledger outlives entries).
    fee = models.ForeignKey(
        "money.EntryFee",
        verbose_name=_("fee"),
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        null=True,
        blank=True,
        related_name="+",
    )
    reverses = models.OneToOneField(
        "self",
        verbose_name=_("reverses"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reversed_by",
    )

    objects = LedgerQuerySet.as_manager()

    class Meta:
        ordering = ["club", "created_at", "pk"]
        verbose_name = _("ledger entry")
        verbose_name_plural = _("ledger entries")
        constraints = [
            checks.Check(
                condition=Q(kind__in=LedgerKind.values),
                name="ledger_kind_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(method__in=[*PaymentMethod.values, ""]),
                name="ledger_method_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=~Q(amount=0),
                name="ledger_amount_not_zero",
                violation_error_message=_("A movement of nothing is not booked."),
            ),
            checks.Check(
                condition=Q(reverses__isnull=True) | Q(kind="reversal"),
                name="ledger_reversal_kind",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnly("ledger rows are never changed")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnly("ledger rows are never deleted")
