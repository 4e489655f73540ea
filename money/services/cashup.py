"""The cash-up: the treasurer's count of the club's till, per payment method, stored with
what the books said; a difference is booked in the ledger with the treasurer's reason, so the
books then say what was counted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club
from config.errors import UserError
from config.logs import logged_service
from money.cashup import Till, till
from money.locks import money_lock_club
from money.models import (
    COUNTED_METHODS,
    CashUp,
    CashUpLine,
    CashUpMovement,
    LedgerKind,
    PaymentMethod,
)
from money.selectors import club_money_settings
from money.services.ledger import ledger_book

REASON_LENGTH = 200


def counts_checked(books: Till, counted: Mapping[str, int | None]) -> dict[str, int]:
    """What was counted per method; a method left out counts as nothing only where the books
    expect nothing."""
    unknown = set(counted) - set(COUNTED_METHODS)
    if unknown:
        raise UserError(_("Count only cash, card, bank transfer and the club's own method."))
    checked: dict[str, int] = {}
    for line in books.methods:
        value = counted.get(line.method)
        if value is None:
            if line.expected:
                raise UserError(
                    _("Enter what was counted for %(method)s.") % {"method": line.label},
                    field=f"counted_{line.method}",
                )
            value = 0
        if line.method == PaymentMethod.CASH and value < 0:
            raise UserError(_("Cash counted is at least 0."), field=f"counted_{line.method}")
        checked[line.method] = int(value)
    return checked


@logged_service("cash_up_take")
@transaction.atomic
def cash_up_take(
    *,
    club: Club,
    counted: Mapping[str, int | None],
    recorded_by: Any,
    reason: str = "",
    seen: str | None = None,
) -> CashUp:
    """Store the count of the till and book each method's difference (counted minus what the
    books say) in the ledger with ``reason``, which a difference requires. It counts the ledger's
    rows no cash-up counted yet; ``seen`` is the token of the till the form showed
    (:attr:`money.cashup.Till.token`): a movement booked since, or another cash-up, refuses the
    form as stale, and nothing is stored."""
    money_lock_club(club.pk)
    books = till(club)
    if seen is not None and seen != books.token:
        raise UserError(
            _(
                "Money was booked (or the till counted) while you counted: the books say "
                "something else now. Check the figures and save again."
            ),
            code="stale",
        )
    counts = counts_checked(books, counted)
    reason = reason.strip()
    if len(reason) > REASON_LENGTH:
        raise UserError(
            _("Say it in at most %(count)s characters.") % {"count": REASON_LENGTH},
            field="reason",
        )
    differences = {line.method: counts[line.method] - line.expected for line in books.methods}
    if any(differences.values()) and not reason:
        raise UserError(
            _("The count differs from the books: say why (it is booked with the difference)."),
            field="reason",
        )
    user = recorded_by if getattr(recorded_by, "is_authenticated", False) else None
    cash_up = CashUp(
        club=club,
        number=(books.previous.number if books.previous else 0) + 1,
        since=books.since,
        taken_at=timezone.now(),
        reason=reason,
        recorded_by=user,
    )
    cash_up.full_clean()
    cash_up.save()
    counted_ids = list(books.entry_ids)
    # The name the club gives its own method, as typed (a name, never a translated word).
    own = club_money_settings(club).own_method.strip()
    for line in books.methods:
        difference = differences[line.method]
        booked = None
        if difference:
            booked = ledger_book(
                club=club,
                kind=LedgerKind.CASH_UP,
                amount=difference,
                method=line.method,
                memo=reason,
                text_key="cash_up",
                text_params={
                    "number": cash_up.number,
                    "method": line.method,
                    "method_name": own if line.method == PaymentMethod.OTHER else "",
                    "expected": line.expected,
                    "counted": counts[line.method],
                },
                recorded_by=recorded_by,
            )
            counted_ids.append(booked.pk)
        row = CashUpLine(
            cash_up=cash_up,
            method=line.method,
            opening=line.opening,
            money_in=line.money_in,
            money_out=line.money_out,
            expected=line.expected,
            counted=counts[line.method],
            booked=booked,
        )
        row.full_clean()
        row.save()
    CashUpMovement.objects.bulk_create(
        CashUpMovement(cash_up=cash_up, entry_id=entry_id) for entry_id in counted_ids
    )
    return cash_up
