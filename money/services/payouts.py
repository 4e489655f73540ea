"""Booking a finished tournament's payouts in the club's ledger: every prize paid out, the
Calcutta's payouts to the owners and the fixed costs.

Each line of the sheet is booked once: a line is named by its pool, flight (or lot), place
and player (or the Calcutta's owner), and that name is kept with its rows. A line reversed in
the ledger (a prize paid to the wrong person) is booked again by the next booking; the lines
still booked are not. A fee still owed by a player with a prize is set against the prize: the
fee is paid ("set against a prize", booked in), the prize is booked as two rows, the part set
against the fee and the rest paid out, so each payment method's till sees only what moved in
it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import UserError
from config.logs import logged_service
from entries.models import Entry
from money.calcutta import full_payout_sheet
from money.currency import number_format
from money.locks import money_lock_tournament
from money.models import (
    EntryFee,
    FeeStatus,
    LedgerEntry,
    LedgerKind,
    PaymentMethod,
    SidePoolEntry,
)
from money.selectors import club_money_settings, tournament_money
from money.services.ledger import ledger_book
from money.sheets import PayoutSheet, SheetRow
from tournaments.models import Tournament, TournamentStatus

COSTS_LINE = "costs"
SET_OFF = PaymentMethod.SET_OFF
Lines = dict[str, SheetRow | None]
"""Lines of the sheet by name; the fixed costs' line has no row."""


def payout_line(row: SheetRow) -> str:
    """The name of a line of the sheet: pool, flight (or the Calcutta's lot), place and the
    entry (or the Calcutta's owner, as the sheet spells him)."""
    who = f"e{row.entry_id}" if row.entry_id else "o:" + " ".join(row.player.split()).casefold()
    return "/".join((row.pool_key, row.flight_code, row.place, who))


def _lines(sheet: PayoutSheet, costs: int) -> Lines:
    """The sheet's lines to book by name (the fixed costs as ``COSTS_LINE``), in its order."""
    lines: Lines = {payout_line(row): row for row in sheet.rows if row.prize}
    if costs:
        lines[COSTS_LINE] = None
    return lines


def _booked(tournament: Tournament) -> tuple[set[str], bool]:
    """The names of the lines booked and not reversed; and whether rows booked before lines
    were named are still standing (then the whole sheet counts as booked, as it did)."""
    booked: set[str] = set()
    unnamed = False
    for kind, params, text_key in LedgerEntry.objects.filter(
        tournament=tournament,
        kind__in=(LedgerKind.PRIZE, LedgerKind.CALCUTTA, LedgerKind.COSTS),
        amount__lt=0,
        reversed_by__isnull=True,
    ).values_list("kind", "text_params", "text_key"):
        line = params.get("line") if isinstance(params, dict) else None
        if isinstance(line, str):
            booked.add(line)
        elif kind != LedgerKind.COSTS or text_key == "fixed_costs":
            # Only the booking pays a tournament's prizes (a cost by hand may name it).
            unnamed = True
    return booked, unnamed


def _unbooked(tournament: Tournament, sheet: PayoutSheet) -> tuple[Lines, bool]:
    """The lines of the sheet not booked yet; and whether any line is booked."""
    lines = _lines(sheet, tournament_money(tournament).fixed_costs)
    booked, unnamed = _booked(tournament)
    if unnamed:
        return {}, True
    return {name: row for name, row in lines.items() if name not in booked}, bool(booked)


def payouts_booked(tournament: Tournament, sheet: PayoutSheet | None = None) -> bool:
    """Whether the payouts are in the ledger: something booked and every line of the sheet
    booked (a line reversed since is not). ``sheet``: the tournament's full payout sheet, if
    the caller has it."""
    if tournament.status != TournamentStatus.FINISHED:
        return False  # booked only once finished
    unbooked, any_booked = _unbooked(tournament, sheet or full_payout_sheet(tournament))
    return any_booked and not unbooked


def _owed(entry_id: int, entry_fee: int) -> tuple[list[EntryFee], list[SidePoolEntry]]:
    """What the entry owes, locked (the entry, its fees, its side pools' fees): its fees and
    side pools' fees unpaid or set against a prize already (the sheet still counts those);
    its entry fee made at today's fee if none is recorded."""
    Entry.objects.select_for_update(of=("self",)).filter(pk=entry_id).values_list("pk").first()
    fees = list(EntryFee.objects.select_for_update().filter(entry_id=entry_id).order_by("number"))
    if not any(fee.number == 1 for fee in fees):
        fees.insert(0, EntryFee.objects.create(entry_id=entry_id, number=1, amount=entry_fee))
    joined = (
        SidePoolEntry.objects.select_for_update(of=("self",))
        .select_related("side_pool")
        .filter(entry_id=entry_id)
    )
    return (
        [fee for fee in fees if _owing(fee.status, fee.method)],
        [one for one in joined.order_by("pk") if _owing(one.status, one.method)],
    )


def _owing(status: str, method: str) -> bool:
    return status == FeeStatus.UNPAID or (status == FeeStatus.PAID and method == SET_OFF)


def _set_off(
    tournament: Tournament, row: SheetRow, entry_fee: int
) -> tuple[list[EntryFee], list[SidePoolEntry]]:
    """The fees set against the line's prize: those the sheet counted as owed."""
    fees, joined = _owed(row.entry_id, entry_fee)
    numbers = number_format(club_money_settings(tournament.club).currency)
    if row.prize < row.owed:
        raise UserError(
            _(
                "%(name)s's prize (%(prize)s) does not cover the fees owed (%(owed)s): record "
                "them on the fees page (paid or waived) first."
            )
            % {
                "name": row.player,
                "prize": numbers.amount(row.prize),
                "owed": numbers.amount(row.owed),
            }
        )
    entry_fees = sum(fee.amount for fee in fees)
    if entry_fees + sum(one.amount for one in joined) == row.owed:
        return fees, joined
    if entry_fees == row.owed:
        return fees, []
    raise UserError(
        _("%(name)s's fees changed while the sheet was read; look at the sheet again.")
        % {"name": row.player}
    )


def _paid_by_set_off(paid: EntryFee | SidePoolEntry, by: Any) -> None:
    paid.status, paid.method, paid.reference = FeeStatus.PAID, SET_OFF, ""
    paid.recorded_by = by if getattr(by, "is_authenticated", False) else None
    if isinstance(paid, EntryFee):
        paid.recorded_at = timezone.now()
    paid.full_clean()
    paid.save()


def _prize_text(row: SheetRow) -> dict[str, Any]:
    first, _dash, last = row.place.partition("–")
    return {
        "pool": row.pool_key,
        "pool_name": "" if row.pool_key == "prizes" else row.pool,
        "flight": row.flight_code,
        "first": int(first),
        "last": int(last or first),
    }


def _book_line(
    tournament: Tournament,
    name: str,
    row: SheetRow,
    *,
    players: dict[int, Any],
    entry_fee: int,
    method: str,
    recorded_by: Any,
) -> None:
    common = {"club": tournament.club, "tournament": tournament, "recorded_by": recorded_by}
    if row.pool_key == "calcutta":
        ledger_book(
            **common,
            kind=LedgerKind.CALCUTTA,
            amount=-row.net,
            method=method,
            text_key="calcutta_payout",
            text_params={"owner": row.player, "players": row.flight, "line": name},
        )
        return
    player = players.get(row.entry_id)
    prize = _prize_text(row)
    set_off = row.prize - row.net
    if set_off:
        fees, joined = _set_off(tournament, row, entry_fee)
        for fee in fees:
            if fee.status == FeeStatus.PAID:
                continue  # set against a prize on the fees page, and booked in then
            _paid_by_set_off(fee, recorded_by)
            ledger_book(
                **common,
                player=player,
                kind=LedgerKind.FEE,
                amount=fee.amount,
                method=SET_OFF,
                text_key="fee_set_off",
                text_params={**prize, "line": name},
                fee_id=fee.pk,
            )
        for one in joined:
            if one.status == FeeStatus.PAID:
                continue
            _paid_by_set_off(one, recorded_by)
            ledger_book(
                **common,
                player=player,
                kind=LedgerKind.SIDE_POOL,
                amount=one.amount,
                method=SET_OFF,
                text_key="fee_set_off",
                text_params={
                    **prize,
                    "line": name,
                    "side_pool_entry": one.pk,
                    "side_pool_name": one.side_pool.name,
                },
            )
        ledger_book(
            **common,
            player=player,
            kind=LedgerKind.PRIZE,
            amount=-set_off,
            method=SET_OFF,
            text_key="prize",
            text_params={**prize, "set_off": True, "line": name},
        )
    if row.net:
        ledger_book(
            **common,
            player=player,
            kind=LedgerKind.PRIZE,
            amount=-row.net,
            method=method,
            text_key="prize",
            text_params={**prize, "owed": set_off, "line": name},
        )


def _players(tournament: Tournament, rows: Iterable[SheetRow | None]) -> dict[int, Any]:
    wanted = {row.entry_id for row in rows if row is not None and row.entry_id}
    return {
        entry.pk: entry.player
        for entry in Entry.objects.filter(tournament=tournament, pk__in=wanted).select_related(
            "player"
        )
    }


@logged_service("payouts_book")
@transaction.atomic
def payouts_book(*, tournament: Tournament, recorded_by: Any, method: str = "cash") -> int:
    """Book the lines of the payout sheet not booked yet; the number of lines booked."""
    if method not in PaymentMethod.values or method == SET_OFF:
        raise UserError(_("Say how it was paid."), field="method")
    tournament = money_lock_tournament(tournament.pk)
    if tournament.status != TournamentStatus.FINISHED:
        raise UserError(_("The payouts are booked when the tournament is finished."))
    sheet = full_payout_sheet(tournament)
    if not sheet.balances:
        raise UserError(_("The books do not balance."))
    unbooked, any_booked = _unbooked(tournament, sheet)
    if not unbooked:
        if any_booked:
            raise UserError(_("The payouts are booked already."))
        raise UserError(_("The sheet has nothing to pay out."))
    players = _players(tournament, unbooked.values())
    entry_fee = tournament_money(tournament).entry_fee
    for name, row in unbooked.items():
        if row is None:
            ledger_book(
                club=tournament.club,
                tournament=tournament,
                kind=LedgerKind.COSTS,
                amount=-tournament_money(tournament).fixed_costs,
                method=method,
                text_key="fixed_costs",
                text_params={"line": name},
                recorded_by=recorded_by,
            )
            continue
        _book_line(
            tournament,
            name,
            row,
            players=players,
            entry_fee=entry_fee,
            method=method,
            recorded_by=recorded_by,
        )
    return len(unbooked)
