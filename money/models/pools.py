"""Side pools a player enters by choice, and a season's pot."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import TimeStampedModel
from config import constraints as checks
from entries.models import Entry
from money.models.fees import FeeStatus, PaymentMethod
from money.models.settings import PERCENT_AT_MOST_100, WHOLE
from tournaments.models import Season, Tournament


class SidePool(TimeStampedModel):
    """A pool with its own fee and payout table, paid by the tournament's results, by place
    among its own entrants."""

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="side_pools",
    )
    name = models.CharField(_("name"), max_length=80)
    fee = models.PositiveIntegerField(_("fee"))
    house_share = models.PositiveIntegerField(_("house's share"), default=0)
    payout_table = models.JSONField(
        _("payout table"), default=list, blank=True, help_text=_("Empty: the default.")
    )

    class Meta:
        ordering = ["tournament", "created_at", "pk"]
        verbose_name = _("side pool")
        verbose_name_plural = _("side pools")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="side_pool_name_once"),
            checks.Check(
                condition=Q(house_share__lte=WHOLE),
                name="side_pool_house_share_at_most_whole",
                violation_error_message=PERCENT_AT_MOST_100,
            ),
            checks.Check(
                condition=~Q(name=""),
                name="side_pool_name_not_empty",
                violation_error_message=checks.NOT_EMPTY,
            ),
        ]

    def __str__(self) -> str:
        return self.name


class SidePoolEntry(TimeStampedModel):
    """An entry's place in a side pool and its fee: paid, unpaid (owed, set against a prize),
    waived (in the pool for nothing) or refunded (out of the pool), as an entry fee is."""

    side_pool = models.ForeignKey(
        SidePool, verbose_name=_("side pool"), on_delete=models.CASCADE, related_name="entrants"
    )
    entry = models.ForeignKey(
        Entry, verbose_name=_("entry"), on_delete=models.CASCADE, related_name="side_pools"
    )
    amount = models.PositiveIntegerField(_("amount"))
    status = models.CharField(
        _("status"), max_length=10, choices=FeeStatus.choices, default=FeeStatus.PAID
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

    class Meta:
        ordering = ["side_pool", "entry"]
        verbose_name = _("side pool entry")
        verbose_name_plural = _("side pool entries")
        constraints = [
            models.UniqueConstraint(fields=["side_pool", "entry"], name="side_pool_entry_once"),
            checks.Check(
                condition=Q(method__in=[*PaymentMethod.values, ""]),
                name="side_pool_entry_method_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=Q(status__in=FeeStatus.values),
                name="side_pool_entry_status_valid",
                violation_error_message=checks.CHOOSE_LISTED,
            ),
            checks.Check(
                condition=~Q(status__in=[FeeStatus.PAID, FeeStatus.REFUNDED]) | ~Q(method=""),
                name="side_pool_entry_paid_has_method",
                violation_error_message=_("Say how it was paid."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.side_pool}: {self.entry}"


class SeasonPot(TimeStampedModel):
    """How a season's pot (the shares its tournaments carried) is paid by its table."""

    season = models.OneToOneField(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="pot"
    )
    payout_table = models.JSONField(
        _("payout table"), default=list, blank=True, help_text=_("Empty: the default.")
    )

    class Meta:
        verbose_name = _("season pot")
        verbose_name_plural = _("season pots")

    def __str__(self) -> str:
        return str(self.season)
