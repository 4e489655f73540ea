"""Booking a movement in the club's ledger, and reversing one."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Player
from config.errors import UserError
from config.logs import logged_service
from money.models import LedgerEntry, LedgerKind
from tournaments.models import Tournament


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
    """A movement the treasurer books by hand (costs paid, added money put in …)."""
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


@logged_service("ledger_reverse")
@transaction.atomic
def ledger_reverse(*, entry: LedgerEntry, recorded_by: Any, memo: str = "") -> LedgerEntry:
    """A new row that undoes ``entry``: the same amount the other way. A row is reversed
    once; a reversal is not reversed (book the movement again instead)."""
    entry = LedgerEntry.objects.select_for_update().get(pk=entry.pk)
    if entry.kind == LedgerKind.REVERSAL:
        raise UserError(_("A reversal is not reversed; book the movement again."))
    if entry.fee_id is not None:
        raise UserError(
            _("A fee's payment or refund is changed on the tournament's fees page, which books it.")
        )
    if LedgerEntry.objects.filter(reverses=entry).exists():
        raise UserError(_("This movement is already reversed."))
    return ledger_book(
        club=entry.club,
        kind=LedgerKind.REVERSAL,
        amount=-entry.amount,
        recorded_by=recorded_by,
        tournament=entry.tournament,
        player=entry.player,
        method=entry.method,
        reference=entry.reference,
        memo=memo,
        text_key="reversal",
        text_params={"number": entry.pk},
        fee_id=entry.fee_id,
        reverses=entry,
    )
