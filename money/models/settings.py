"""The money settings of a club and of one tournament."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, TimeStampedModel
from config import constraints as checks
from tournaments.models import Tournament

WHOLE = 10_000
PERCENT_AT_MOST_100 = _("Enter a percentage from 0 to 100.")

#: Currencies a club may keep its books in (ISO 4217).
CURRENCIES = [
    ("EUR", "EUR €"),
    ("CHF", "CHF"),
    ("GBP", "GBP £"),
    ("USD", "USD $"),
    ("DKK", "DKK"),
    ("SEK", "SEK"),
    ("NOK", "NOK"),
    ("PLN", "PLN"),
    ("CZK", "CZK"),
    ("JPY", "JPY ¥"),
]


class ClubMoneySettings(TimeStampedModel):
    """A club's currency and the unit its prizes are rounded to; kept by the money app, so
    the clubs app knows nothing of money."""

    club = models.OneToOneField(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="money_settings"
    )
    currency = models.CharField(_("currency"), max_length=3, choices=CURRENCIES, default="EUR")
    rounding_unit = models.PositiveIntegerField(
        _("prizes rounded down to"),
        default=1,
        help_text=_("In the currency's smallest unit (cents): 500 rounds prizes to 5 €."),
    )
    calcutta_rounding_unit = models.PositiveIntegerField(
        _("Calcutta prizes rounded down to"),
        default=1,
        help_text=_("In the currency's smallest unit (cents); 1: to the cent."),
    )
    own_method = models.CharField(
        _("the club's own payment method"),
        max_length=40,
        blank=True,
        help_text=_("Its name (PayPal, the club's account …); empty: “Other”."),
    )
    check_in_unpaid = models.BooleanField(
        _("unpaid players may check in"),
        default=True,
        help_text=_("Off: a player must have paid (or been let off) the entry fee to check in."),
    )
    refund_after_start = models.BooleanField(
        _("refund a withdrawal after the start"),
        default=False,
        help_text=_("A withdrawal before the start is always refunded."),
    )

    class Meta:
        verbose_name = _("club's money settings")
        verbose_name_plural = _("clubs' money settings")
        constraints = [
            checks.Check(
                condition=Q(rounding_unit__gte=1),
                name="club_money_rounding_unit_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
            checks.Check(
                condition=Q(calcutta_rounding_unit__gte=1),
                name="club_money_calcutta_unit_positive",
                violation_error_message=checks.AT_LEAST_ONE,
            ),
        ]

    def __str__(self) -> str:
        return str(self.club)


class TournamentMoney(TimeStampedModel):
    """One tournament's fees, the house's and the season pot's shares, its costs and added
    money, the split over its flights and its payout table. Amounts in minor units,
    percentages in basis points (1 % = 100)."""

    tournament = models.OneToOneField(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="money"
    )
    entry_fee = models.PositiveIntegerField(_("entry fee"), default=0)
    reentry_fee = models.PositiveIntegerField(
        _("re-entry fee"),
        null=True,
        blank=True,
        help_text=_("Empty: no re-entries or buy-backs."),
    )
    house_share = models.PositiveIntegerField(_("house's share"), default=0)
    pot_share = models.PositiveIntegerField(_("season pot's share"), default=0)
    fixed_costs = models.PositiveIntegerField(_("fixed costs"), default=0)
    added_money = models.PositiveIntegerField(_("added money"), default=0)
    flight_split = models.JSONField(
        _("split over the flights"), default=dict, blank=True, help_text=_("Empty: the default.")
    )
    payout_table = models.JSONField(
        _("payout table"), default=list, blank=True, help_text=_("Empty: the default.")
    )

    class Meta:
        verbose_name = _("tournament's money")
        verbose_name_plural = _("tournaments' money")
        constraints = [
            checks.Check(
                condition=Q(house_share__lte=WHOLE) & Q(pot_share__lte=WHOLE),
                name="tournament_money_shares_at_most_whole",
                violation_error_message=PERCENT_AT_MOST_100,
            ),
        ]

    def __str__(self) -> str:
        return str(self.tournament)
