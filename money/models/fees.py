"""What each entry owes and paid."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import TimeStampedModel
from config import constraints as checks
from entries.models import Entry


class FeeStatus(models.TextChoices):
    UNPAID = "unpaid", _("Unpaid")
    PAID = "paid", _("Paid")
    WAIVED = "waived", _("Waived")
    REFUNDED = "refunded", _("Refunded")


class PaymentMethod(models.TextChoices):
    CASH = "cash", _("Cash")
    CARD = "card", _("Card")
    TRANSFER = "transfer", _("Bank transfer")
    OTHER = "other", _("Other")
    """The club's own method (its name is a club setting: PayPal, the club's account …)."""
    SET_OFF = "set_off", _("Set against a prize")
    """A fee taken from the player's prize when the prizes are paid."""


class EntryFee(TimeStampedModel):
    """The fee of an entry (``number`` 1) or of a re-entry or buy-back (2, 3 …)."""

    entry = models.ForeignKey(
        Entry, verbose_name=_("entry"), on_delete=models.CASCADE, related_name="fees"
    )
    number = models.PositiveSmallIntegerField(_("number"), default=1)
    amount = models.PositiveIntegerField(_("amount"))
    status = models.CharField(
        _("status"), max_length=10, choices=FeeStatus.choices, default=FeeStatus.UNPAID
    )
    method = models.CharField(_("method"), max_length=10, choices=PaymentMethod.choices, blank=True)
    reference = models.CharField(_("reference"), max_length=120, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("recorded by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    recorded_at = models.DateTimeField(_("recorded at"), null=True, blank=True)

    class Meta:
        ordering = ["entry", "number"]
        verbose_name = _("entry fee")
        verbose_name_plural = _("entry fees")
        constraints = [
            models.UniqueConstraint(fields=["entry", "number"], name="entry_fee_number_once"),
            checks.Check(
                condition=Q(number__gte=1),
                name="entry_fee_number_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            checks.Check(
                condition=Q(status__in=FeeStatus.values),
                name="entry_fee_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(method__in=[*PaymentMethod.values, ""]),
                name="entry_fee_method_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=~Q(status__in=[FeeStatus.PAID, FeeStatus.REFUNDED]) | ~Q(method=""),
                name="entry_fee_paid_has_method",
                violation_error_message=_("Say how it was paid."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry} #{self.number}"

    @property
    def is_reentry(self) -> bool:
        return self.number > 1
