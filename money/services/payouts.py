"""Booking a finished tournament's payouts in the club's ledger: every prize paid out (the
fee still owed set against it), the Calcutta's payouts to the owners and the fixed costs,
once; a mistake is reversed row by row in the ledger, and then the payouts may be booked
again."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Player
from config.errors import UserError
from config.logs import logged_service
from money.calcutta import full_payout_sheet
from money.locks import money_lock_tournament
from money.models import LedgerEntry, LedgerKind
from money.selectors import event_money
from money.services.ledger import ledger_book
from tournaments.models import Entry, Tournament, TournamentStatus

PAYOUT_KINDS = (LedgerKind.PRIZE, LedgerKind.CALCUTTA, LedgerKind.COSTS)


def payouts_booked(tournament: Tournament) -> bool:
    """Whether the payouts are in the ledger (and not all reversed)."""
    return LedgerEntry.objects.filter(
        tournament=tournament, kind__in=PAYOUT_KINDS, amount__lt=0, reversed_by__isnull=True
    ).exists()


@logged_service("payouts_book")
@transaction.atomic
def payouts_book(*, tournament: Tournament, recorded_by: Any, method: str = "cash") -> int:
    """Book the payout sheet's payouts; the number of rows booked."""
    tournament = money_lock_tournament(tournament.pk)
    if tournament.status != TournamentStatus.FINISHED:
        raise UserError(_("The payouts are booked when the tournament is finished."))
    if payouts_booked(tournament):
        raise UserError(_("The payouts are booked already."))
    sheet = full_payout_sheet(tournament)
    if not sheet.balances:
        raise UserError(_("The books do not balance."))
    players = dict(Entry.objects.filter(tournament=tournament).values_list("pk", "player_id"))
    by_id = Player.objects.in_bulk(list(players.values()))
    booked = 0
    for row in sheet.rows:
        if not row.net:
            continue
        is_calcutta = row.pool_key == "calcutta"
        if is_calcutta:
            text = ("calcutta_payout", {"owner": row.player, "players": row.flight})
        else:
            first, _dash, last = row.place.partition("–")
            text = (
                "prize",
                {
                    "pool": row.pool_key,
                    "pool_name": "" if row.pool_key == "prizes" else row.pool,
                    "flight": row.flight_code,
                    "first": int(first),
                    "last": int(last or first),
                    "owed": row.owed,
                },
            )
        ledger_book(
            club=tournament.club,
            tournament=tournament,
            player=None if is_calcutta else by_id.get(players.get(row.entry_id, 0)),
            kind=LedgerKind.CALCUTTA if is_calcutta else LedgerKind.PRIZE,
            amount=-row.net,
            method=method,
            text_key=text[0],
            text_params=text[1],
            recorded_by=recorded_by,
        )
        booked += 1
    costs = event_money(tournament).fixed_costs
    if costs:
        ledger_book(
            club=tournament.club,
            tournament=tournament,
            kind=LedgerKind.COSTS,
            amount=-costs,
            method=method,
            text_key="fixed_costs",
            recorded_by=recorded_by,
        )
        booked += 1
    return booked
