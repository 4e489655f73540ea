"""The cash-up at the end of the night: per payment method, what the books say should be
there and what the treasurer counted; a difference is booked in the ledger.

A cash-up is append-only like the ledger: never changed or deleted. It covers the ledger's
rows it counted (each row by one cash-up at most: :class:`CashUpMovement`), so a row committed
while the till was being counted belongs to the next cash-up, never to none or to two.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, TimeStampedModel
from config import constraints as checks
from money.models.fees import PaymentMethod
from money.models.ledger import AppendOnly, LedgerEntry

#: The methods a till counts, in the order the cash-up shows them. A fee set against a prize
#: (``SET_OFF``) moves no money and is not counted.
COUNTED_METHODS: tuple[str, ...] = (
    PaymentMethod.CASH,
    PaymentMethod.CARD,
    PaymentMethod.TRANSFER,
    PaymentMethod.OTHER,
)

Row = TypeVar("Row", bound=models.Model)


class AppendOnlyQuerySet(models.QuerySet[Row]):
    def update(self, **kwargs: Any) -> int:
        raise AppendOnly("a cash-up is never changed")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnly("a cash-up is never deleted")


class AppendOnlyModel(models.Model):
    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnly("a cash-up is never changed")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnly("a cash-up is never deleted")


class CashUp(AppendOnlyModel, TimeStampedModel):
    """One count of the club's till: who, when, the period it covers."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.PROTECT, related_name="cash_ups"
    )
    number = models.PositiveIntegerField(_("number"))
    """1, 2, 3 … per club, in the order they were taken."""
    since = models.DateTimeField(_("since"), null=True, blank=True)
    """The start of the period: the previous cash-up's moment, or the first booking counted
    (empty: nothing was ever booked)."""
    taken_at = models.DateTimeField(_("taken at"))
    reason = models.CharField(_("reason for the difference"), max_length=200, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("recorded by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["club", "-number"]
        verbose_name = _("cash-up")
        verbose_name_plural = _("cash-ups")
        constraints = [
            models.UniqueConstraint(fields=["club", "number"], name="cash_up_number_once"),
            checks.Check(
                condition=Q(number__gte=1),
                name="cash_up_number_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} #{self.number}"


class CashUpLine(AppendOnlyModel, TimeStampedModel):
    """One payment method of a cash-up: the previous count, the period's movements in and out,
    what the books say (their sum), what was counted, and the ledger row of the difference."""

    cash_up = models.ForeignKey(
        CashUp, verbose_name=_("cash-up"), on_delete=models.PROTECT, related_name="lines"
    )
    method = models.CharField(_("method"), max_length=10, choices=PaymentMethod.choices)
    opening = models.BigIntegerField(_("previous count"))
    money_in = models.BigIntegerField(_("in"))
    money_out = models.BigIntegerField(_("out"))
    expected = models.BigIntegerField(_("expected"))
    counted = models.BigIntegerField(_("counted"))
    booked = models.OneToOneField(
        LedgerEntry,
        verbose_name=_("difference booked"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="cash_up_line",
    )

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["cash_up", "pk"]
        verbose_name = _("cash-up line")
        verbose_name_plural = _("cash-up lines")
        constraints = [
            models.UniqueConstraint(fields=["cash_up", "method"], name="cash_up_method_once"),
            checks.Check(
                condition=Q(method__in=list(COUNTED_METHODS)),
                name="cash_up_method_counted",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(money_in__gte=0) & Q(money_out__lte=0),
                name="cash_up_in_and_out_signed",
                violation_error_message=_("Money in is at least 0, money out at most 0."),
            ),
            checks.Check(
                condition=Q(expected=F("opening") + F("money_in") + F("money_out")),
                name="cash_up_expected_adds_up",
                violation_error_message=_(
                    "What the books say is the previous count and the movements since."
                ),
            ),
            checks.Check(
                condition=(Q(counted=F("expected")) & Q(booked__isnull=True))
                | (~Q(counted=F("expected")) & Q(booked__isnull=False)),
                name="cash_up_difference_booked",
                violation_error_message=_("A difference is booked in the ledger, and only one."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.cash_up} {self.method}"

    @property
    def difference(self) -> int:
        """Counted minus expected: below 0 the till is short, above 0 it holds more."""
        return self.counted - self.expected


class CashUpMovement(AppendOnlyModel):
    """A ledger row counted by a cash-up (each row by one at most)."""

    cash_up = models.ForeignKey(
        CashUp, verbose_name=_("cash-up"), on_delete=models.PROTECT, related_name="movements"
    )
    entry = models.OneToOneField(
        LedgerEntry,
        verbose_name=_("ledger entry"),
        on_delete=models.PROTECT,
        related_name="cash_up_movement",
    )

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["cash_up", "entry"]
        verbose_name = _("movement counted")
        verbose_name_plural = _("movements counted")

    def __str__(self) -> str:
        return f"{self.cash_up} ← {self.entry_id}"
