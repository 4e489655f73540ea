"""Booking a movement in the club's ledger, and reversing one (with the rows booked with it)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, Player
from config.errors import UserError
from config.logs import logged_service
from entries.models import Entry
from money.locks import money_lock_tournament
from money.models import (
    EntryFee,
    FeeStatus,
    LedgerEntry,
    LedgerKind,
    PaymentMethod,
    SidePoolEntry,
)
from tournaments.models import Tournament

#: The kinds of row a line of the payout booking is made of: its prize (paid and set against
#: the fees owed), the fees set against it (entry fees, side pools' fees), or the fixed costs.
LINE_KINDS = (
    LedgerKind.PRIZE,
    LedgerKind.CALCUTTA,
    LedgerKind.COSTS,
    LedgerKind.FEE,
    LedgerKind.SIDE_POOL,
)
#: A reversal's reason is its memo.
REASON_LENGTH = LedgerEntry._meta.get_field("memo").max_length or 200


def ledger_book(
    *,
    club: Club,
    kind: str,
    amount: int,
    recorded_by: Any,
    tournament: Tournament | None = None,
    player: Player | None = None,
    method: str = "",
    reference: str = "",
    memo: str = "",
    text_key: str = "",
    text_params: dict[str, Any] | None = None,
    fee_id: int | None = None,
    reverses: LedgerEntry | None = None,
) -> LedgerEntry:
    """One new row, checked; for the services of this app, inside their transaction. What
    the app says of it is ``text_key`` with ``text_params`` (``money.ledgertexts``), never a
    translated text; ``memo`` holds only what a person wrote."""
    row = LedgerEntry(
        club=club,
        tournament=tournament,
        player=player,
        kind=kind,
        amount=amount,
        method=method,
        reference=reference,
        memo=memo,
        text_key=text_key,
        text_params=text_params or {},
        recorded_by=recorded_by if getattr(recorded_by, "is_authenticated", False) else None,
        fee_id=fee_id,
        reverses=reverses,
    )
    row.full_clean()
    row.save()
    return row


@logged_service("ledger_record")
@transaction.atomic
def ledger_record(
    *,
    club: Club,
    kind: str,
    amount: int,
    recorded_by: Any,
    tournament: Tournament | None = None,
    player: Player | None = None,
    method: str = "",
    reference: str = "",
    memo: str = "",
) -> LedgerEntry:
    """A movement the treasurer books by hand (costs paid, added money put in …): its text is
    the treasurer's memo alone."""
    if kind == LedgerKind.REVERSAL:
        raise UserError(_("Reverse a movement from its row in the ledger."), field="kind")
    if tournament is not None and tournament.club_id != club.pk:
        raise UserError(_("The tournament is not the club's."), field="tournament")
    return ledger_book(
        club=club,
        kind=kind,
        amount=amount,
        recorded_by=recorded_by,
        tournament=tournament,
        player=player,
        method=method,
        reference=reference,
        memo=memo,
    )


def _line(row: LedgerEntry) -> str:
    line = row.text_params.get("line") if isinstance(row.text_params, dict) else None
    return line if isinstance(line, str) else ""


def _side_pool_entry(row: LedgerEntry) -> int:
    """The side pool's entrant whose fee the row set against a prize (0: none)."""
    found = row.text_params.get("side_pool_entry") if isinstance(row.text_params, dict) else None
    return found if isinstance(found, int) and row.kind == LedgerKind.SIDE_POOL else 0


def ledger_reversed_with(entry: LedgerEntry) -> list[LedgerEntry]:
    """The rows a reversal of ``entry`` reverses, ``entry`` first: a line of the payout
    booking (a prize paid, the part of it set against the fees owed, those fees) is reversed
    whole, so that it can be booked again; any other row alone."""
    line = _line(entry)
    if not line or entry.tournament_id is None:
        return [entry]
    together = (
        LedgerEntry.objects.filter(
            tournament_id=entry.tournament_id,
            kind__in=LINE_KINDS,
            text_params__line=line,
            reversed_by__isnull=True,
        )
        .exclude(pk=entry.pk)
        .order_by("pk")
    )
    return [entry, *together]


def _refused_by_kind(entry: LedgerEntry) -> str:
    if entry.kind == LedgerKind.REVERSAL:
        return _("A reversal is not reversed; book the movement again.")
    if _line(entry) and entry.amount > 0:
        return _("A fee set against a prize is reversed with the prize: reverse the prize's row.")
    if entry.fee_id is not None:
        return _(
            "A fee's payment or refund is changed on the tournament's fees page, which books it."
        )
    return ""


def ledger_offers_reversal(entry: LedgerEntry) -> bool:
    """Whether the ledger offers to reverse the row, were it not reversed already: not a
    reversal, not a fee's payment (the fees page changes those), not a fee set against a
    prize (reversed with the prize)."""
    return not _refused_by_kind(entry)


def ledger_reversal_refused(entry: LedgerEntry) -> str:
    """Why the ledger's row ``entry`` cannot be reversed, in the reader's language; "" when it
    can (the confirmation page then asks for the reason)."""
    refused = _refused_by_kind(entry)
    if refused:
        return refused
    reversal = LedgerEntry.objects.filter(reverses=entry).values_list("pk", flat=True).first()
    if reversal is not None:
        return _("Movement #%(number)s is already reversed by #%(reversal)s.") % {
            "number": entry.pk,
            "reversal": reversal,
        }
    return ""


@logged_service("ledger_reverse")
@transaction.atomic
def ledger_reverse(*, entry: LedgerEntry, recorded_by: Any, reason: str) -> LedgerEntry:
    """New rows that undo ``entry`` and the rows booked with it (``ledger_reversed_with``):
    the same amounts the other way, each with the treasurer's ``reason``; the reversal of
    ``entry``. A row is reversed once; a reversal is not reversed (book the movement again).
    A fee set against a prize is unpaid again once its prize is reversed.

    Locks in the house's order: the row's tournament, then the entries and fees of the line,
    then the rows; two confirmations of one reversal wait for each other and the second is
    refused."""
    reason = " ".join(reason.split())
    if not reason:
        raise UserError(_("Say why the movement is reversed."), field="reason")
    if len(reason) > REASON_LENGTH:
        raise UserError(
            _("Say why in at most %(limit)s characters.") % {"limit": REASON_LENGTH},
            field="reason",
        )
    tournament_id = LedgerEntry.objects.values_list("tournament_id", flat=True).get(pk=entry.pk)
    if tournament_id is not None:
        money_lock_tournament(tournament_id)
    entry = LedgerEntry.objects.get(pk=entry.pk)
    refused = ledger_reversal_refused(entry)
    if refused:
        raise UserError(refused)
    rows = ledger_reversed_with(entry)
    fee_ids = sorted({row.fee_id for row in rows if row.fee_id is not None})
    joined_ids = sorted({_side_pool_entry(row) for row in rows} - {0})
    entry_ids = sorted(
        {
            *EntryFee.objects.filter(pk__in=fee_ids).values_list("entry_id", flat=True),
            *SidePoolEntry.objects.filter(pk__in=joined_ids).values_list("entry_id", flat=True),
        }
    )
    list(
        Entry.objects.select_for_update(of=("self",))
        .filter(pk__in=entry_ids)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    set_off: list[EntryFee | SidePoolEntry] = [
        *EntryFee.objects.select_for_update().filter(pk__in=fee_ids).order_by("pk"),
        *SidePoolEntry.objects.select_for_update(of=("self",))
        .filter(pk__in=joined_ids)
        .order_by("pk"),
    ]
    list(
        LedgerEntry.objects.select_for_update()
        .filter(pk__in=[row.pk for row in rows])
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    if LedgerEntry.objects.filter(reverses__in=rows).exists():
        raise UserError(ledger_reversal_refused(entry) or _("This movement is already reversed."))
    reversals = [
        ledger_book(
            club=row.club,
            kind=LedgerKind.REVERSAL,
            amount=-row.amount,
            recorded_by=recorded_by,
            tournament=row.tournament,
            player=row.player,
            method=row.method,
            reference=row.reference,
            memo=reason,
            text_key="reversal",
            text_params={"number": row.pk},
            fee_id=row.fee_id,
            reverses=row,
        )
        for row in rows
    ]
    for paid in set_off:
        if paid.status == FeeStatus.PAID and paid.method == PaymentMethod.SET_OFF:
            # Its prize is no longer paid: the fee is owed again.
            paid.status, paid.method, paid.reference = FeeStatus.UNPAID, "", ""
            paid.recorded_by = (
                recorded_by if getattr(recorded_by, "is_authenticated", False) else None
            )
            if isinstance(paid, EntryFee):
                paid.recorded_at = timezone.now()
            paid.full_clean()
            paid.save()
    return reversals[0]
