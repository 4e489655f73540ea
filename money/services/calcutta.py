"""The Calcutta auction: set up, lots, bids recorded live, sales (booked), buy-backs.

Every write locks the auction's row first, so two bids on one lot wait for each other and
the second is checked against the first. Lots are sold before the draw only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from money.core.calcutta import BidError, check_bid, check_buyback
from money.errors import user_error
from money.locks import money_lock_calcutta, money_lock_tournament
from money.models import Calcutta, CalcuttaBid, CalcuttaBuyback, CalcuttaLot, LedgerKind
from money.services.ledger import ledger_book
from money.services.settings import check_table
from tournaments.models import Entry, EntryStatus, Tournament, TournamentStatus

BEFORE_THE_DRAW = {TournamentStatus.DRAFT, TournamentStatus.REGISTRATION}


def _locked(calcutta: Calcutta) -> Calcutta:
    found = money_lock_calcutta(calcutta.pk)
    if found.tournament.status not in BEFORE_THE_DRAW:
        raise UserError(_("The Calcutta is held before the draw; the tournament has started."))
    return found


@logged_service("calcutta_setup")
@transaction.atomic
def calcutta_setup(*, tournament: Tournament, **fields: Any) -> Calcutta:
    money_lock_tournament(tournament.pk)
    calcutta, _created = Calcutta.objects.select_for_update(of=("self",)).get_or_create(
        tournament=tournament
    )
    for name, value in fields.items():
        setattr(calcutta, name, value)
    if calcutta.payout_table:
        check_table(calcutta.payout_table)
    calcutta.full_clean()
    calcutta.save()
    return calcutta


@logged_service("calcutta_make_lots")
@transaction.atomic
def calcutta_make_lots(*, calcutta: Calcutta, group: Sequence[int] = ()) -> list[CalcuttaLot]:
    """One lot per player, the players of ``group`` (the weakest) together as the last lot.
    Only while nothing is sold."""
    calcutta = _locked(calcutta)
    lots = CalcuttaLot.objects.filter(calcutta=calcutta)
    if (
        lots.filter(sold_at__isnull=False).exists()
        or CalcuttaBid.objects.filter(lot__calcutta=calcutta).exists()
    ):
        raise UserError(_("The lots are bid on already."))
    lots.delete()
    entries = list(
        Entry.objects.filter(tournament=calcutta.tournament)
        .exclude(status=EntryStatus.WITHDRAWN)
        .order_by("seed", "player__name", "pk")
    )
    grouped = [entry for entry in entries if entry.pk in set(group)]
    if len(grouped) == 1:
        raise UserError(_("A group lot needs at least two players."), field="group")
    made = []
    singles = [entry for entry in entries if entry not in grouped]
    for number, members in enumerate([*([e] for e in singles), *([grouped] if grouped else [])], 1):
        lot = CalcuttaLot.objects.create(calcutta=calcutta, number=number)
        lot.entries.set(members)
        made.append(lot)
    calcutta.current_lot = made[0] if made else None
    calcutta.save(update_fields=["current_lot", "updated_at"])
    return made


@logged_service("calcutta_open_lot")
@transaction.atomic
def calcutta_open_lot(*, lot: CalcuttaLot) -> CalcuttaLot:
    """Put a lot up for sale (the venue display shows it)."""
    calcutta = _locked(lot.calcutta)
    if lot.sold_at is not None:
        raise UserError(_("This lot is sold."))
    calcutta.current_lot = lot
    calcutta.save(update_fields=["current_lot", "updated_at"])
    return lot


@logged_service("calcutta_bid")
@transaction.atomic
def calcutta_bid(*, lot: CalcuttaLot, bidder: str, amount: int, recorded_by: Any) -> CalcuttaBid:
    calcutta = _locked(lot.calcutta)
    lot = CalcuttaLot.objects.get(pk=lot.pk)
    if lot.sold_at is not None:
        raise UserError(_("This lot is sold."))
    if not bidder.strip():
        raise UserError(_("Say who bids."), field="bidder")
    last = CalcuttaBid.objects.filter(lot=lot).order_by("-amount").values_list("amount", flat=True)
    try:
        check_bid(amount, last.first(), calcutta.min_bid)
    except BidError as error:
        raise user_error(error, "amount") from error
    bid = CalcuttaBid(
        lot=lot,
        bidder=bidder.strip(),
        amount=amount,
        recorded_by=recorded_by if getattr(recorded_by, "is_authenticated", False) else None,
    )
    bid.full_clean()
    bid.save()
    if calcutta.current_lot_id != lot.pk:
        calcutta.current_lot = lot
        calcutta.save(update_fields=["current_lot", "updated_at"])
    return bid


@logged_service("calcutta_sell")
@transaction.atomic
def calcutta_sell(*, lot: CalcuttaLot, recorded_by: Any, method: str = "cash") -> CalcuttaLot:
    """Sell the lot to its highest bid (booked in the ledger); the next lot goes up."""
    calcutta = _locked(lot.calcutta)
    lot = CalcuttaLot.objects.get(pk=lot.pk)
    if lot.sold_at is not None:
        raise UserError(_("This lot is sold."))
    best = CalcuttaBid.objects.filter(lot=lot).order_by("-amount").first()
    if best is None:
        raise UserError(_("Nobody has bid on this lot."))
    lot.price, lot.buyer, lot.sold_at = best.amount, best.bidder, timezone.now()
    lot.full_clean()
    lot.save()
    ledger_book(
        club=calcutta.tournament.club,
        tournament=calcutta.tournament,
        kind=LedgerKind.CALCUTTA,
        amount=lot.price,
        method=method,
        text_key="calcutta_sale",
        text_params={"lot": lot.number, "buyer": lot.buyer},
        recorded_by=recorded_by,
    )
    calcutta.current_lot = (
        CalcuttaLot.objects.filter(calcutta=calcutta, sold_at__isnull=True)
        .order_by("number")
        .first()
    )
    calcutta.save(update_fields=["current_lot", "updated_at"])
    return lot


@logged_service("calcutta_buyback")
@transaction.atomic
def calcutta_buyback(*, lot: CalcuttaLot, entry: Entry, share: int) -> CalcuttaBuyback:
    """A player of a sold lot buys back a share of himself (at most the set share of his own
    part of the lot; ``share`` is of his part, in basis points)."""
    calcutta = _locked(lot.calcutta)
    lot = CalcuttaLot.objects.get(pk=lot.pk)
    players = list(lot.entries.values_list("pk", flat=True))
    if lot.sold_at is None:
        raise UserError(_("A player buys back a share of a sold lot."))
    if entry.pk not in players:
        raise UserError(_("The player is not in this lot."), field="entry")
    of_lot = share // len(players)
    try:
        if share < 1:
            raise BidError("buyback_over_share")
        check_buyback(of_lot, len(players), calcutta.max_buyback)
    except BidError as error:
        raise user_error(error, "share") from error
    buyback, _created = CalcuttaBuyback.objects.update_or_create(
        lot=lot, entry=entry, defaults={"share": of_lot}
    )
    return buyback
