"""The money app's reads: settings (the defaults where none are saved), the field the money
counts, fees, side pools' entrants, the ledger."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Club
from matches.models import Match
from money.core.fees import refund_due
from money.models import (
    CalcuttaBid,
    CalcuttaLot,
    ClubMoneySettings,
    EntryFee,
    EventMoney,
    FeeStatus,
    LedgerEntry,
    PaymentMethod,
    SidePool,
    SidePoolEntry,
)
from tournaments.models import (
    HOLDING_A_PLACE,
    Entry,
    EntryStatus,
    Tournament,
    TournamentFormat,
    TournamentStatus,
)

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


#: While the field may still change; from the draw on, the field is who was drawn.
BEFORE_THE_DRAW = (TournamentStatus.DRAFT, TournamentStatus.REGISTRATION)


def in_the_field(tournament: Tournament, prefix: str = "") -> Q:
    """The entries with a place in the field, as the tournaments app counts them: before the
    draw those holding a place (approved, checked in, or awaiting approval: the cap counts
    them); from the draw on those drawn (seeded: a late entry too, and a player who withdrew
    after the start, who played and whose fee stands as the club's refund setting says).
    Never a waiting entry, a withdrawal before the start, a no-show, or an entry still
    awaiting approval when the draw was made. ``prefix`` reads it through a relation
    (``"entry__"``)."""
    if tournament.status in BEFORE_THE_DRAW:
        return Q(**{f"{prefix}status__in": HOLDING_A_PLACE})
    return Q(**{f"{prefix}seed__isnull": False})


def field_entries(tournament: Tournament) -> QuerySet[Entry]:
    """The entries in the field (:func:`in_the_field`), their players read with them."""
    return Entry.objects.filter(in_the_field(tournament), tournament=tournament).select_related(
        "player"
    )


@dataclass(frozen=True)
class FieldCount:
    """How many players the money pages count, and the entries they leave out."""

    players: int
    waiting: int = 0
    withdrawn: int = 0
    """Withdrew before the start."""
    no_show: int = 0
    not_drawn: int = 0
    """Still awaiting approval when the draw was made."""

    @property
    def note(self) -> str:
        """What a page counts, said in a sentence: "16 players in the field; not counted:
        3 on the waiting list."."""
        counted = ngettext(
            "%(count)d player in the field", "%(count)d players in the field", self.players
        ) % {"count": self.players}
        left_out = [
            text % {"count": count}
            for count, text in (
                (
                    self.waiting,
                    ngettext(
                        "%(count)d on the waiting list",
                        "%(count)d on the waiting list",
                        self.waiting,
                    ),
                ),
                (
                    self.withdrawn,
                    ngettext(
                        "%(count)d withdrawn before the start",
                        "%(count)d withdrawn before the start",
                        self.withdrawn,
                    ),
                ),
                (
                    self.no_show,
                    ngettext(
                        "%(count)d who did not check in",
                        "%(count)d who did not check in",
                        self.no_show,
                    ),
                ),
                (
                    self.not_drawn,
                    ngettext(
                        "%(count)d still awaiting approval at the draw",
                        "%(count)d still awaiting approval at the draw",
                        self.not_drawn,
                    ),
                ),
            )
            if count
        ]
        if not left_out:
            return f"{counted}."
        return _("%(counted)s; not counted: %(left_out)s.") % {
            "counted": counted,
            "left_out": ", ".join(left_out),
        }


def field_count(tournament: Tournament) -> FieldCount:
    """The players in the field and the entries left out of it, by why. Two queries."""
    inside = in_the_field(tournament)
    entries = Entry.objects.filter(tournament=tournament)
    players = entries.filter(inside).count()
    outside = Counter(entries.exclude(inside).values_list("status", flat=True))
    return FieldCount(
        players=players,
        waiting=outside[EntryStatus.WAITING],
        withdrawn=outside[EntryStatus.WITHDRAWN],
        no_show=outside[EntryStatus.NO_SHOW],
        not_drawn=sum(
            outside[status]
            for status in (EntryStatus.PENDING, EntryStatus.APPROVED, EntryStatus.CHECKED_IN)
        ),
    )


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
    money = event_money(tournament)
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
    owed = event_money(entry.tournament).entry_fee
    return status in (FeeStatus.PAID, FeeStatus.WAIVED) or (status is None and owed == 0)


def club_ledger(club: Club) -> QuerySet[LedgerEntry]:
    return (
        LedgerEntry.objects.filter(club=club)
        .select_related("tournament", "player", "recorded_by", "reverses")
        .order_by("created_at", "pk")
    )


@dataclass(frozen=True)
class SidePoolEntrant:
    joined: SidePoolEntry
    in_field: bool
    """False: the entry left the field (withdrew before the start, did not check in): out of
    the pool's field, its fee owed back if paid."""

    @property
    def in_pool(self) -> bool:
        """In the pool's field: plays for its prizes (paid, unpaid or waived)."""
        return self.in_field and self.joined.status != FeeStatus.REFUNDED

    @property
    def owed(self) -> int:
        """The side pool's fee this entrant still owes (set against a prize of his)."""
        return self.joined.amount if self.in_pool and self.joined.status == FeeStatus.UNPAID else 0

    @property
    def refund_due(self) -> bool:
        return not self.in_field and self.joined.status == FeeStatus.PAID


@dataclass(frozen=True)
class SidePoolState:
    """A side pool as its page shows it: its entrants, who is in its field, the money."""

    pool: SidePool
    entrants: list[SidePoolEntrant]

    @property
    def players(self) -> int:
        return sum(1 for entrant in self.entrants if entrant.in_pool)

    def _count(self, status: str) -> int:
        return sum(1 for e in self.entrants if e.in_pool and e.joined.status == status)

    @property
    def paid(self) -> int:
        return self._count(FeeStatus.PAID)

    @property
    def unpaid(self) -> int:
        return self._count(FeeStatus.UNPAID)

    @property
    def waived(self) -> int:
        return self._count(FeeStatus.WAIVED)

    @property
    def collected(self) -> int:
        """The fees paid and not refunded: the pool's money (an unpaid fee is owed, a
        waived one never comes in); not those set against a prize when the payouts were
        booked, as the prize pool's (the pool was worked out while they were owed)."""
        return sum(
            e.joined.amount
            for e in self.entrants
            if e.joined.status == FeeStatus.PAID and e.joined.method != PaymentMethod.SET_OFF
        )

    @property
    def owed(self) -> int:
        return sum(entrant.owed for entrant in self.entrants)


def side_pool_states(tournament: Tournament) -> list[SidePoolState]:
    """Every side pool of the tournament with its entrants, by name. Three queries."""
    field = set(
        Entry.objects.filter(in_the_field(tournament), tournament=tournament).values_list(
            "pk", flat=True
        )
    )
    pools = list(SidePool.objects.filter(tournament=tournament).order_by("created_at", "pk"))
    joined: dict[int, list[SidePoolEntrant]] = {pool.pk: [] for pool in pools}
    for row in (
        SidePoolEntry.objects.filter(side_pool__tournament=tournament)
        .select_related("entry__player", "recorded_by")
        .order_by("entry__player__name", "pk")
    ):
        joined[row.side_pool_id].append(SidePoolEntrant(row, row.entry_id in field))
    return [SidePoolState(pool, joined[pool.pk]) for pool in pools]


def side_pool_owed(tournament: Tournament) -> dict[int, int]:
    """Entry id → the side pools' fees it owes, set against its prizes: those of the pools
    it entered unpaid, while it is in the field, and those set against a prize already (the
    payouts booked), so that the sheet stays what it was when it was booked."""
    owed: dict[int, int] = {}
    for entry_id, amount in SidePoolEntry.objects.filter(
        Q(status=FeeStatus.UNPAID) | Q(status=FeeStatus.PAID, method=PaymentMethod.SET_OFF),
        in_the_field(tournament, "entry__"),
        side_pool__tournament=tournament,
    ).values_list("entry_id", "amount"):
        owed[entry_id] = owed.get(entry_id, 0) + amount
    return owed


@dataclass(frozen=True)
class LotsAndField:
    """The Calcutta's lots against the field as it stands now."""

    made: bool
    """Whether any lot is made."""
    bid_on: bool
    """Whether a lot is bid on or sold (then the lots are not made again)."""
    missing: list[Entry]
    """In the field and in no lot: moved up from the waiting list after the lots were made."""
    gone: list[Entry]
    """In a lot and no longer in the field (withdrew before the start, did not check in)."""


def calcutta_lots_and_field(tournament: Tournament) -> LotsAndField:
    """Who came into the field, or left it, since the Calcutta's lots were made."""
    lot_entries = set(
        CalcuttaLot.entries.through.objects.filter(
            calcuttalot__calcutta__tournament=tournament
        ).values_list("entry_id", flat=True)
    )
    lots = CalcuttaLot.objects.filter(calcutta__tournament=tournament)
    made = lots.exists()
    bid_on = made and (
        lots.filter(sold_at__isnull=False).exists()
        or CalcuttaBid.objects.filter(lot__calcutta__tournament=tournament).exists()
    )
    field = list(field_entries(tournament).order_by("player__name", "pk"))
    field_ids = {entry.pk for entry in field}
    return LotsAndField(
        made=made,
        bid_on=bid_on,
        missing=[entry for entry in field if made and entry.pk not in lot_entries],
        gone=list(
            Entry.objects.filter(pk__in=lot_entries - field_ids)
            .select_related("player")
            .order_by("player__name", "pk")
        ),
    )
