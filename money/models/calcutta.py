"""The Calcutta auction of a tournament: its lots (a player, or the weakest players as one),
the bids, the sales and the players' buy-backs."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import TimeStampedModel
from config import constraints as checks
from entries.models import Entry
from money.models.settings import PERCENT_AT_MOST_100, WHOLE
from tournaments.models import Tournament


class Calcutta(TimeStampedModel):
    tournament = models.OneToOneField(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="calcutta"
    )
    house_share = models.PositiveIntegerField(_("house's share"), default=0)
    max_buyback = models.PositiveIntegerField(
        _("buy-back share"),
        default=5_000,
        help_text=_("The most of himself a player may buy back."),
    )
    min_bid = models.PositiveIntegerField(_("lowest bid"), default=100)
    payout_table = models.JSONField(
        _("payout table"), default=list, blank=True, help_text=_("Empty: the default.")
    )
    current_lot = models.ForeignKey(
        "money.CalcuttaLot",
        verbose_name=_("lot on sale"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = _("Calcutta")
        verbose_name_plural = _("Calcuttas")
        constraints = [
            checks.Check(
                condition=Q(house_share__lte=WHOLE) & Q(max_buyback__lte=WHOLE),
                name="calcutta_shares_at_most_whole",
                violation_error_message=PERCENT_AT_MOST_100,
            ),
            checks.Check(
                condition=Q(min_bid__gte=1),
                name="calcutta_min_bid_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
        ]

    def __str__(self) -> str:
        return str(self.tournament)


class CalcuttaLot(TimeStampedModel):
    calcutta = models.ForeignKey(
        Calcutta, verbose_name=_("Calcutta"), on_delete=models.CASCADE, related_name="lots"
    )
    number = models.PositiveSmallIntegerField(_("lot"))
    entries = models.ManyToManyField(Entry, verbose_name=_("players"), related_name="+")
    price = models.PositiveIntegerField(_("price"), null=True, blank=True)
    buyer = models.CharField(_("buyer"), max_length=120, blank=True)
    sold_at = models.DateTimeField(_("sold at"), null=True, blank=True)

    class Meta:
        ordering = ["calcutta", "number"]
        verbose_name = _("lot")
        verbose_name_plural = _("lots")
        constraints = [
            models.UniqueConstraint(fields=["calcutta", "number"], name="calcutta_lot_once"),
            checks.Check(
                condition=Q(sold_at__isnull=True) | (Q(price__isnull=False) & ~Q(buyer="")),
                name="calcutta_lot_sold_has_price_and_buyer",
                violation_error_message=checks.NOT_EMPTY,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.calcutta} #{self.number}"


class CalcuttaBid(TimeStampedModel):
    lot = models.ForeignKey(
        CalcuttaLot, verbose_name=_("lot"), on_delete=models.CASCADE, related_name="bids"
    )
    bidder = models.CharField(_("bidder"), max_length=120)
    amount = models.PositiveIntegerField(_("amount"))
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("recorded by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["lot", "amount"]
        verbose_name = _("bid")
        verbose_name_plural = _("bids")
        constraints = [
            models.UniqueConstraint(fields=["lot", "amount"], name="calcutta_bid_amount_once"),
            checks.Check(
                condition=~Q(bidder=""),
                name="calcutta_bid_bidder_not_empty",
                violation_error_message=checks.NOT_EMPTY,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.bidder} {self.amount}"


class CalcuttaBuyback(TimeStampedModel):
    """A player's share of his own lot, bought back from its buyer (basis points of the lot)."""

    lot = models.ForeignKey(
        CalcuttaLot, verbose_name=_("lot"), on_delete=models.CASCADE, related_name="buybacks"
    )
    entry = models.ForeignKey(
        Entry, verbose_name=_("player"), on_delete=models.CASCADE, related_name="+"
    )
    share = models.PositiveIntegerField(_("share"))

    class Meta:
        verbose_name = _("buy-back")
        verbose_name_plural = _("buy-backs")
        constraints = [
            models.UniqueConstraint(fields=["lot", "entry"], name="calcutta_buyback_once"),
            checks.Check(
                condition=Q(share__gte=1) & Q(share__lte=WHOLE),
                name="calcutta_buyback_share_valid",
                violation_error_message=PERCENT_AT_MOST_100,
            ),
        ]

    def __str__(self) -> str:
        return f"{self.lot}: {self.entry}"
