"""The club's money settings and a tournament's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club
from config.errors import UserError
from config.logs import logged_service
from money.core import PayoutTable, TableError
from money.core.shares import SplitError, check_split
from money.errors import user_error
from money.models import ClubMoneySettings, LedgerEntry, TournamentMoney
from money.selectors import flights_of
from tournaments.models import Tournament


@logged_service("club_money_settings_update")
@transaction.atomic
def club_money_settings_update(*, club: Club, **fields: Any) -> ClubMoneySettings:
    found, _created = ClubMoneySettings.objects.select_for_update().get_or_create(club=club)
    changed = fields.get("currency", found.currency) != found.currency
    if changed and LedgerEntry.objects.filter(club=club).exists():
        # The amounts are kept in the currency's smallest unit: another currency would read
        # every booked amount wrongly.
        raise UserError(
            _("The club has booked money in %(currency)s; its currency stays.")
            % {"currency": found.currency},
            field="currency",
        )
    for name, value in fields.items():
        setattr(found, name, value)
    found.full_clean()
    found.save()
    return found


def check_split_of(tournament: Tournament, split: Mapping[str, int]) -> None:
    flights = flights_of(tournament)
    if set(split) - set(flights):
        raise UserError(_("Split only over the flights this tournament has."), field="flight_split")
    try:
        check_split(split)
    except SplitError as error:
        raise user_error(error, "flight_split") from error


def check_table(rows: list[dict[str, object]]) -> None:
    try:
        PayoutTable.from_data(rows).check()
    except TableError as error:
        raise user_error(error, "payout_table") from error


@logged_service("tournament_money_update")
@transaction.atomic
def tournament_money_update(*, tournament: Tournament, **fields: Any) -> TournamentMoney:
    """A tournament's fees, shares, costs, added money, split and payout table; an empty
    split or table means the default. Refused whole when one of them does not add up."""
    found, _created = TournamentMoney.objects.select_for_update().get_or_create(
        tournament=tournament
    )
    for name, value in fields.items():
        setattr(found, name, value)
    if found.flight_split:
        check_split_of(tournament, found.flight_split)
    if found.payout_table:
        check_table(found.payout_table)
    if found.house_share + found.pot_share > 10_000:
        raise UserError(_("The house's and the pot's shares are more than 100 %."))
    found.full_clean()
    found.save()
    return found
