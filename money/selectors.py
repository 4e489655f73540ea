"""The money app's reads: settings (the defaults where none are saved), fees, the ledger."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from clubs.models import Club
from matches.models import Match
from money.core.fees import refund_due
from money.models import ClubMoneySettings, EntryFee, EventMoney, FeeStatus, LedgerEntry
from tournaments.models import Entry, EntryStatus, Tournament, TournamentFormat

MAIN, CONSOLATION, LAST_CHANCE = "main", "consolation", "last_chance"

#: The split over the flights where the organizer sets none.
DEFAULT_SPLITS = {
    (MAIN,): {MAIN: 10_000},
    (MAIN, CONSOLATION): {MAIN: 7_500, CONSOLATION: 2_500},
    (MAIN, CONSOLATION, LAST_CHANCE): {MAIN: 7_000, CONSOLATION: 2_000, LAST_CHANCE: 1_000},
}


def club_money_settings(club: Club) -> ClubMoneySettings:
    """The club's settings, or the defaults (unsaved) while it has none."""
    found = ClubMoneySettings.objects.filter(club=club).first()
    return found or ClubMoneySettings(club=club)


def event_money(tournament: Tournament) -> EventMoney:
    found = EventMoney.objects.filter(tournament=tournament).first()
    return found or EventMoney(tournament=tournament)


def flights_of(tournament: Tournament) -> tuple[str, ...]:
    """The flights a tournament pays: Main / Consolation / Last Chance, or the main alone."""
    if tournament.format != TournamentFormat.MAIN_CONSOLATION:
        return (MAIN,)
    if tournament.last_chance:
        return (MAIN, CONSOLATION, LAST_CHANCE)
    return (MAIN, CONSOLATION)


def flight_split(tournament: Tournament, money: EventMoney) -> dict[str, int]:
    flights = flights_of(tournament)
    saved = money.flight_split or DEFAULT_SPLITS[flights]
    return {flight: int(saved.get(flight, 0)) for flight in flights}


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
    """Paid by a player who withdrew before the start (or after it, where the club refunds)."""

    @property
    def status_label(self) -> str:
        return str(FeeStatus(self.status).label)

    @property
    def number(self) -> int:
        return self.fee.number if self.fee else 1


def fee_rows(tournament: Tournament) -> list[FeeRow]:
    """Every fee of every entry (withdrawn ones too), by player, a re-entry after its entry.
    Two queries."""
    money = event_money(tournament)
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
    rows = []
    for entry in entries:
        found = fees.get(entry.pk, [])
        if not found or found[0].number != 1:
            rows.append(FeeRow(entry, None, money.entry_fee, FeeStatus.UNPAID))
        withdrawn = entry.status == EntryStatus.WITHDRAWN
        rows.extend(
            FeeRow(
                entry,
                fee,
                fee.amount,
                fee.status,
                withdrawn
                and refund_due(
                    paid=fee.status == FeeStatus.PAID,
                    withdrew_before_start=entry.pk not in played,
                    refund_after_start=refund_after_start,
                ),
            )
            for fee in found
        )
    return rows


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
    """The fees paid and not refunded (re-entries too)."""
    return sum(
        EntryFee.objects.filter(entry__tournament=tournament, status=FeeStatus.PAID).values_list(
            "amount", flat=True
        )
    )


def may_check_in(entry: Entry) -> bool:
    """Whether the entry may check in: always, unless the club lets only players who paid (or
    were let off) check in."""
    if club_money_settings(entry.tournament.club).check_in_unpaid:
        return True
    status = EntryFee.objects.filter(entry=entry, number=1).values_list("status", flat=True).first()
    owed = event_money(entry.tournament).entry_fee
    return status in (FeeStatus.PAID, FeeStatus.WAIVED) or (status is None and owed == 0)


def club_ledger(club: Club) -> QuerySet[LedgerEntry]:
    return (
        LedgerEntry.objects.filter(club=club)
        .select_related("tournament", "player", "recorded_by", "reverses")
        .order_by("created_at", "pk")
    )
