"""The cash-up's reads: what the books say is in the club's till per payment method (the
previous count and the movements since, the ledger's rows no cash-up counted yet), the sheet of
a cash-up taken, the club's past cash-ups.

The till counts cash, card, bank transfer and the club's own method; a fee set against a prize
moves no money and is not counted, nor is a movement booked without a method.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet

from clubs.models import Club
from money.methods import method_label
from money.models import COUNTED_METHODS, CashUp, CashUpLine, LedgerEntry
from money.selectors import club_money_settings


@dataclass(frozen=True)
class MethodBooks:
    """One payment method: the previous count, the money in and out since, what the books
    say (their sum) and, once counted, what was counted."""

    method: str
    label: str
    opening: int
    money_in: int
    money_out: int
    counted: int | None = None

    @property
    def expected(self) -> int:
        return self.opening + self.money_in + self.money_out

    @property
    def difference(self) -> int | None:
        """Counted minus expected: below 0 the till is short."""
        return None if self.counted is None else self.counted - self.expected


@dataclass(frozen=True)
class Till:
    """What the books say now, per method, for the period since the last cash-up."""

    club: Club
    previous: CashUp | None
    since: datetime | None
    methods: tuple[MethodBooks, ...]
    entry_ids: tuple[int, ...]
    """The ledger rows no cash-up counted yet, oldest first."""

    @property
    def token(self) -> str:
        """What the form was shown, in short: a form whose token is no longer the till's was
        filled in before a movement was booked (or before another cash-up)."""
        number = self.previous.number if self.previous else 0
        seen = f"{number}:" + ",".join(map(str, self.entry_ids))
        return hashlib.sha256(seen.encode()).hexdigest()[:20]

    def expected(self) -> dict[str, int]:
        return {books.method: books.expected for books in self.methods}

    @property
    def total(self) -> MethodBooks:
        return total_of(self.methods)


def total_of(methods: Sequence[MethodBooks]) -> MethodBooks:
    """Every method together (the sheet's last line)."""
    counted = [books.counted for books in methods]
    return MethodBooks(
        method="",
        label="",
        opening=sum(books.opening for books in methods),
        money_in=sum(books.money_in for books in methods),
        money_out=sum(books.money_out for books in methods),
        counted=None if None in counted else sum(c or 0 for c in counted),
    )


def uncounted_rows(club: Club) -> QuerySet[LedgerEntry]:
    """The club's ledger rows of a counted method that no cash-up counted yet."""
    return LedgerEntry.objects.filter(
        club=club, method__in=COUNTED_METHODS, cash_up_movement__isnull=True
    ).order_by("created_at", "pk")


def sums_by_method(rows: Iterable[tuple[str, int]]) -> dict[str, tuple[int, int]]:
    """(money in, money out) per method of ``(method, amount)`` rows."""
    sums = {method: (0, 0) for method in COUNTED_METHODS}
    for method, amount in rows:
        money_in, money_out = sums[method]
        sums[method] = (money_in + max(amount, 0), money_out + min(amount, 0))
    return sums


def till(club: Club) -> Till:
    """What the books say is in the till now: three queries."""
    previous = CashUp.objects.filter(club=club).order_by("-number").first()
    opening: dict[str, int] = {}
    if previous is not None:
        opening = dict(CashUpLine.objects.filter(cash_up=previous).values_list("method", "counted"))
    rows = list(uncounted_rows(club).values_list("pk", "method", "amount", "created_at"))
    sums = sums_by_method((method, amount) for _pk, method, amount, _at in rows)
    own = club_money_settings(club).own_method
    methods = tuple(
        MethodBooks(
            method=method,
            label=method_label(method, own),
            opening=opening.get(method, 0),
            money_in=sums[method][0],
            money_out=sums[method][1],
        )
        for method in COUNTED_METHODS
    )
    since = previous.taken_at if previous else (rows[0][3] if rows else None)
    return Till(
        club=club,
        previous=previous,
        since=since,
        methods=methods,
        entry_ids=tuple(pk for pk, *_rest in rows),
    )


@dataclass(frozen=True)
class CashUpSheet:
    """A cash-up taken: its lines, their total and the movements it counted."""

    cash_up: CashUp
    methods: tuple[MethodBooks, ...]
    movements: list[tuple[LedgerEntry, str]]
    """Each row counted, with its method's name."""

    @property
    def total(self) -> MethodBooks:
        return total_of(self.methods)

    @property
    def balances(self) -> bool:
        return all(books.difference == 0 for books in self.methods)


def lines_of(cash_up: CashUp, own_method: str) -> tuple[MethodBooks, ...]:
    order = {method: index for index, method in enumerate(COUNTED_METHODS)}
    lines = sorted(cash_up.lines.all(), key=lambda line: order.get(line.method, len(order)))
    return tuple(
        MethodBooks(
            method=line.method,
            label=method_label(line.method, own_method),
            opening=line.opening,
            money_in=line.money_in,
            money_out=line.money_out,
            counted=line.counted,
        )
        for line in lines
    )


def cash_up_sheet(cash_up: CashUp) -> CashUpSheet:
    own = club_money_settings(cash_up.club).own_method
    movements = list(
        LedgerEntry.objects.filter(cash_up_movement__cash_up=cash_up)
        .select_related("tournament", "player", "recorded_by")
        .order_by("created_at", "pk")
    )
    return CashUpSheet(
        cash_up=cash_up,
        methods=lines_of(cash_up, own),
        movements=[(row, method_label(row.method, own)) for row in movements],
    )


@dataclass(frozen=True)
class PastCashUp:
    cash_up: CashUp
    methods: tuple[MethodBooks, ...]

    @property
    def total(self) -> MethodBooks:
        return total_of(self.methods)


def club_cash_ups(club: Club) -> list[PastCashUp]:
    """The club's cash-ups, the latest first, with their lines: three queries."""
    own = club_money_settings(club).own_method
    found = (
        CashUp.objects.filter(club=club)
        .select_related("recorded_by")
        .prefetch_related("lines")
        .order_by("-number")
    )
    return [PastCashUp(cash_up=cash_up, methods=lines_of(cash_up, own)) for cash_up in found]


def cash_ups_with_recorder() -> QuerySet[CashUp]:
    """Cash-ups with who took them, for a page to pick one from."""
    return CashUp.objects.select_related("recorded_by")
