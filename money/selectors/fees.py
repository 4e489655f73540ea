"""Fees: each entry's, what was collected and set against prizes, who may check in; the club's
ledger."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from clubs.models import Club
from entries.models import Entry, EntryStatus
from matches.models import Match
from money.core.fees import refund_due
from money.models import (
    EntryFee,
    FeeStatus,
    LedgerEntry,
    PaymentMethod,
)
from money.selectors.field import in_the_field
from money.selectors.settings import club_money_settings, tournament_money
from tournaments.models import Tournament


def played_before_withdrawing(entry: Entry) -> bool:
    """Whether the entry is in a match: a player who withdraws before his first match
    withdrew before the start (his fee is refunded)."""
    return Match.objects.filter(Q(entry_a=entry) | Q(entry_b=entry)).exists()


@dataclass(frozen=True)
class FeeRow:
    entry: Entry
    fee: EntryFee | None
    """None while nothing was recorded: the entry fee, unpaid."""
    amount: int
    status: str
    refund_due: bool = False
    """Paid by a player who withdrew before the start (or after it, where the club refunds),
    or who never had a place in the field."""
    in_field: bool = True
    """False: the entry has no place in the field (waiting, withdrawn before the start, a
    no-show); listed only for a fee recorded before it left (or before it moved up)."""

    @property
    def status_label(self) -> str:
        return str(FeeStatus(self.status).label)

    @property
    def number(self) -> int:
        return self.fee.number if self.fee else 1


def fee_rows(tournament: Tournament) -> list[FeeRow]:
    """Every fee of every entry in the field (a withdrawal after the start too), by player, a
    re-entry after its entry; then the fees recorded for entries out of the field (paid,
    waived or refunded: money to give back, or the record of it), never one they do not owe.
    Four queries."""
    money = tournament_money(tournament)
    field = set(
        Entry.objects.filter(in_the_field(tournament), tournament=tournament).values_list(
            "pk", flat=True
        )
    )
    entries = list(
        Entry.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("player__name", "pk")
    )
    fees: dict[int, list[EntryFee]] = {}
    for fee in (
        EntryFee.objects.filter(entry__tournament=tournament)
        .select_related("recorded_by")
        .order_by("number")
    ):
        fees.setdefault(fee.entry_id, []).append(fee)
    played = set()
    for a, b in Match.objects.filter(round__stage__tournament=tournament).values_list(
        "entry_a_id", "entry_b_id"
    ):
        played.update((a, b))
    refund_after_start = club_money_settings(tournament.club).refund_after_start
    inside: list[FeeRow] = []
    outside: list[FeeRow] = []
    for entry in entries:
        in_field = entry.pk in field
        found = fees.get(entry.pk, [])
        if not in_field:
            found = [fee for fee in found if fee.status != FeeStatus.UNPAID]
        elif not found or found[0].number != 1:
            inside.append(FeeRow(entry, None, money.entry_fee, FeeStatus.UNPAID))
        leaving = entry.status == EntryStatus.WITHDRAWN or not in_field
        (inside if in_field else outside).extend(
            FeeRow(
                entry,
                fee,
                fee.amount,
                fee.status,
                leaving
                and refund_due(
                    paid=fee.status == FeeStatus.PAID,
                    withdrew_before_start=entry.pk not in played,
                    refund_after_start=refund_after_start,
                ),
                in_field,
            )
            for fee in found
        )
    return inside + outside


def fee_statuses(tournament: Tournament) -> dict[int, str]:
    """Entry id → the status of its entry fee (unpaid while nothing is recorded)."""
    found = dict(
        EntryFee.objects.filter(entry__tournament=tournament, number=1).values_list(
            "entry_id", "status"
        )
    )
    entries = Entry.objects.filter(tournament=tournament).values_list("pk", flat=True)
    return {pk: found.get(pk, FeeStatus.UNPAID) for pk in entries}


def collected(tournament: Tournament) -> int:
    """The fees paid and not refunded (re-entries too), less those set against a prize: the
    prize pool was worked out while they were owed, and stays what it was
    (:func:`fees_set_off`)."""
    return sum(
        EntryFee.objects.filter(entry__tournament=tournament, status=FeeStatus.PAID)
        .exclude(method=PaymentMethod.SET_OFF)
        .values_list("amount", flat=True)
    )


def fees_set_off(tournament: Tournament) -> int:
    """The entry fees paid by being set against their player's prize (the payouts booked)."""
    return sum(
        EntryFee.objects.filter(
            entry__tournament=tournament, status=FeeStatus.PAID, method=PaymentMethod.SET_OFF
        ).values_list("amount", flat=True)
    )


def may_check_in(entry: Entry) -> bool:
    """Whether the entry may check in: always, unless the club lets only players who paid (or
    were let off) check in."""
    if club_money_settings(entry.tournament.club).check_in_unpaid:
        return True
    status = EntryFee.objects.filter(entry=entry, number=1).values_list("status", flat=True).first()
    owed = tournament_money(entry.tournament).entry_fee
    return status in (FeeStatus.PAID, FeeStatus.WAIVED) or (status is None and owed == 0)


def club_ledger(club: Club) -> QuerySet[LedgerEntry]:
    return (
        LedgerEntry.objects.filter(club=club)
        .select_related("tournament", "player", "recorded_by", "reverses")
        .order_by("created_at", "pk")
    )
