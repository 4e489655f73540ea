"""Entry fees: paid, waived, refunded, taken back; re-entries. Every movement of money is
booked in the club's ledger in the same transaction."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from entries.models import Entry, EntryStatus
from money.core.fees import refund_due
from money.locks import money_lock_tournament
from money.models import EntryFee, FeeStatus, LedgerEntry, LedgerKind, PaymentMethod
from money.selectors import (
    club_money_settings,
    in_the_field,
    played_before_withdrawing,
    tournament_money,
)
from money.services.ledger import ledger_book
from tournaments.models import Tournament


def _fee_locked(entry: Entry, number: int) -> EntryFee:
    """The fee row, locked after the tournament's and the entry's rows (the house's order);
    the entry's first fee is made on first use at today's fee."""
    money_lock_tournament(entry.tournament_id)
    Entry.objects.select_for_update(of=("self",)).filter(pk=entry.pk).first()
    fee = EntryFee.objects.select_for_update().filter(entry=entry, number=number).first()
    if fee is not None:
        return fee
    if number != 1:
        raise UserError(_("There is no such re-entry."))
    return EntryFee.objects.create(
        entry=entry, number=1, amount=tournament_money(entry.tournament).entry_fee
    )


def _check_in_the_field(entry: Entry) -> None:
    """A fee is taken from a player in the field only (not one waiting, withdrawn before the
    start or who did not come); call with the tournament's row locked (read here afresh)."""
    tournament = Tournament.objects.get(pk=entry.tournament_id)
    if not Entry.objects.filter(in_the_field(tournament), pk=entry.pk).exists():
        status = Entry.objects.values_list("status", flat=True).get(pk=entry.pk)
        raise UserError(
            _("%(name)s has no place in the field (%(status)s): no fee is taken.")
            % {"name": entry.player.name, "status": EntryStatus(status).label},
            field="entry",
        )


def _recorded(fee: EntryFee, status: str, by: Any, method: str = "", reference: str = "") -> None:
    fee.status = status
    fee.method = method
    fee.reference = reference
    fee.recorded_by = by if getattr(by, "is_authenticated", False) else None
    fee.recorded_at = timezone.now()
    fee.full_clean()
    fee.save()


def _check_not_set_off(fee: EntryFee) -> None:
    """A fee set against a prize is undone with its prize: reversing the prize's line in the
    ledger makes it owed again (``money.services.payouts``)."""
    if fee.method == PaymentMethod.SET_OFF:
        raise UserError(
            _(
                "This fee was set against a prize; reverse the prize's line in the ledger, "
                "which makes the fee owed again."
            )
        )


def _book(fee: EntryFee, entry: Entry, kind: str, amount: int, by: Any, **extra: Any) -> None:
    if amount:
        ledger_book(
            club=entry.tournament.club,
            tournament=entry.tournament,
            player=entry.player,
            kind=kind,
            amount=amount,
            recorded_by=by,
            fee_id=fee.pk,
            **extra,
        )


@logged_service("fee_mark_paid")
@transaction.atomic
def fee_mark_paid(
    *, entry: Entry, method: str, recorded_by: Any, reference: str = "", number: int = 1
) -> EntryFee:
    if method not in PaymentMethod.values or method == PaymentMethod.SET_OFF:
        # A fee is set against a prize only by booking the payouts, which pays the rest.
        raise UserError(_("Say how it was paid."), field="method")
    fee = _fee_locked(entry, number)
    _check_in_the_field(entry)
    if fee.status == FeeStatus.PAID:
        raise UserError(_("This fee is already paid."))
    _recorded(fee, FeeStatus.PAID, recorded_by, method, reference)
    _book(fee, entry, LedgerKind.FEE, fee.amount, recorded_by, method=method, reference=reference)
    return fee


@logged_service("fee_waive")
@transaction.atomic
def fee_waive(*, entry: Entry, recorded_by: Any, reference: str = "", number: int = 1) -> EntryFee:
    fee = _fee_locked(entry, number)
    _check_in_the_field(entry)
    if fee.status != FeeStatus.UNPAID:
        raise UserError(_("Only an unpaid fee is waived."))
    _recorded(fee, FeeStatus.WAIVED, recorded_by, reference=reference)
    return fee


@logged_service("fee_mark_unpaid")
@transaction.atomic
def fee_mark_unpaid(*, entry: Entry, recorded_by: Any, number: int = 1) -> EntryFee:
    """Undo a payment recorded by mistake, or a waiver: the payment's ledger row is reversed
    by a new one."""
    fee = _fee_locked(entry, number)
    if fee.status not in (FeeStatus.PAID, FeeStatus.WAIVED):
        raise UserError(_("Only a paid or waived fee is set back to unpaid."))
    _check_not_set_off(fee)
    if fee.status == FeeStatus.PAID:
        payment = (
            LedgerEntry.objects.filter(fee_id=fee.pk, kind=LedgerKind.FEE, reversed_by__isnull=True)
            .order_by("-pk")
            .first()
        )
        if payment is not None:
            _book(
                fee,
                entry,
                LedgerKind.REVERSAL,
                -payment.amount,
                recorded_by,
                method=payment.method,
                reference=payment.reference,
                reverses=payment,
            )
    _recorded(fee, FeeStatus.UNPAID, recorded_by)
    return fee


@logged_service("fee_refund")
@transaction.atomic
def fee_refund(
    *, entry: Entry, recorded_by: Any, method: str = "", reference: str = "", number: int = 1
) -> EntryFee:
    """Pay a fee back. A player who withdrew after the start (he played) gets it back only
    where the club's setting says so."""
    fee = _fee_locked(entry, number)
    if fee.status != FeeStatus.PAID:
        raise UserError(_("Only a paid fee is refunded."))
    _check_not_set_off(fee)
    if entry.status == EntryStatus.WITHDRAWN and not refund_due(
        paid=True,
        withdrew_before_start=not played_before_withdrawing(entry),
        refund_after_start=club_money_settings(entry.tournament.club).refund_after_start,
    ):
        raise UserError(_("A withdrawal after the start is not refunded in this club."))
    method = method or fee.method
    _recorded(fee, FeeStatus.REFUNDED, recorded_by, method, reference or fee.reference)
    _book(
        fee, entry, LedgerKind.REFUND, -fee.amount, recorded_by, method=method, reference=reference
    )
    return fee


@logged_service("reentry_add")
@transaction.atomic
def reentry_add(*, entry: Entry, recorded_by: Any) -> EntryFee:
    """A re-entry or buy-back: a new fee at the re-entry fee, unpaid."""
    fee_amount = tournament_money(entry.tournament).reentry_fee
    if fee_amount is None:
        raise UserError(_("This tournament has no re-entries."))
    _fee_locked(entry, 1)
    _check_in_the_field(entry)
    last = EntryFee.objects.filter(entry=entry).order_by("-number").first()
    number = (last.number if last else 1) + 1
    fee = EntryFee(entry=entry, number=number, amount=fee_amount)
    fee.full_clean()
    fee.save()
    return fee
