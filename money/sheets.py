"""The payout sheet of a tournament (a selector): who gets what from which pool, with the
books of each pool checked by the pure core every time it is built.

Final places come from ``standings``; within a shared place the better tie-break is the
standings' order. The main's field size is the number of entries that played (drawn); another
flight's is the places it covers. An unpaid player's prize is shown with the fee he owes set
against it.

Which reading the sheet takes at each edge (the pure rule: :mod:`money.core.payouts`):

* finished tournament: final; every place paid, the remainder to the highest place of each
  flight, shared by the players tied there;
* running bracket: provisional; the bands of the players knocked out are final and paid, the
  places nobody holds yet are "to be decided" with their sum (the remainder waits with them),
  a flight with nobody placed waits whole (its field is not known); nothing is paid out;
* running Swiss or round robin: provisional, no place is final; everything waits;
* side pools on a provisional sheet: nothing paid (the entrants still in would rank above
  those out), the whole pool not yet paid out.
"""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _

from entries.models import Entry
from money import selectors
from money.core import (
    PayoutTable,
    Placed,
    PoolSheet,
    TournamentInput,
    among,
    pool_sheet,
    tournament_sheet,
)
from money.core.books import Books, BooksError
from money.core.payouts import DEFAULT_TABLE, FlightResult
from money.core.shares import percent_of
from money.errors import user_error
from money.models import EntryFee, FeeStatus, PaymentMethod, SidePool
from money.sheet_parts import (
    BooksLine,
    FlightBlock,
    OpenRow,
    PayoutSheet,
    PoolBlock,
    SheetRow,
    open_line,
    place_text,
)
from standings.placings import MAIN, placings
from standings.selectors import tournament_standings
from tournaments.formats import is_bracket
from tournaments.models import Tournament, TournamentStatus
from tournaments.presentation import flight_label


def _names(tournament: Tournament) -> dict[int, str]:
    return dict(Entry.objects.filter(tournament=tournament).values_list("pk", "player__name"))


def fees_owed(tournament: Tournament) -> dict[int, int]:
    """Entry id → the fees it owes, set against its prize (its entry fee while nothing is
    recorded; its side pools' fees, ``selectors.side_pool_owed``): those unpaid, and those
    paid by being set against the prize already (the
    payouts booked), so that the sheet stays what it was when it was booked."""
    entry_fee = selectors.tournament_money(tournament).entry_fee
    owed = dict.fromkeys(
        Entry.objects.filter(tournament=tournament).values_list("pk", flat=True), 0
    )
    recorded = set()
    for entry_id, number, amount, status, method in EntryFee.objects.filter(
        entry__tournament=tournament
    ).values_list("entry_id", "number", "amount", "status", "method"):
        if number == 1:
            recorded.add(entry_id)
        if status == FeeStatus.UNPAID or (
            status == FeeStatus.PAID and method == PaymentMethod.SET_OFF
        ):
            owed[entry_id] = owed.get(entry_id, 0) + amount
    for entry_id in owed:
        if entry_id not in recorded:
            owed[entry_id] += entry_fee
    for entry_id, amount in selectors.side_pool_owed(tournament).items():
        owed[entry_id] = owed.get(entry_id, 0) + amount
    return owed


def _set_off_lines(set_off: int) -> list[BooksLine]:
    """The fees paid by being set against prizes (when the payouts were booked): outside
    "Fees collected" and outside the pool, which was worked out while they were owed; the
    club's, as a fee paid late is."""
    label = _("Fees set against prizes (the club's; not in the pool)")
    return [BooksLine(label, set_off, True, note=True)] if set_off else []


def final_places(tournament: Tournament) -> tuple[dict[str, list[Placed]], list[int]]:
    """Per flight, the places best first, a shared place in the standings' order; and the
    entries in the standings' order (the tie-break order of every pool)."""
    found = placings([tournament]).get(tournament.pk, {})
    order = [row["entry_id"] for row in tournament_standings(tournament).rows]
    rank = {entry: index for index, entry in enumerate(order)}
    flights: dict[str, list[Placed]] = {}
    for entry, places in found.items():
        for place in places:
            flights.setdefault(place.flight, []).append(Placed(entry, place.first, place.last))
    for placed in flights.values():
        placed.sort(key=lambda p: (p.first, p.last, rank.get(p.entrant, len(rank))))
    return flights, order


def books_lines(books: Books, set_off: int = 0) -> list[BooksLine]:
    """The books' lines; ``set_off``: the fees set against prizes (``selectors.fees_set_off``),
    shown on a line of their own after the fees collected, if any."""
    lines = [
        BooksLine(_("Fees collected"), books.collected, True),
        *_set_off_lines(set_off),
        BooksLine(_("Added money"), books.added, True),
        BooksLine(_("Prizes"), books.prizes, False),
        BooksLine(_("House's share"), books.house, False),
        BooksLine(_("Fixed costs"), books.costs, False),
        BooksLine(_("Carried to the season pot"), books.pot, False),
    ]
    if books.undistributed:
        lines.append(BooksLine(_("Not yet paid out (no final places)"), books.undistributed, False))
    return lines


def pool_lines(books: Books, money_in: str = "", set_off: int = 0) -> list[BooksLine]:
    """The books of a pool with no added money, costs or pot (a side pool, the season's)."""
    return [
        BooksLine(money_in or _("Fees collected"), books.collected, True),
        *_set_off_lines(set_off),
        BooksLine(_("Prizes"), books.prizes, False),
        BooksLine(_("House's share"), books.house, False),
        *books_lines(books)[6:],
    ]


def sheet_places(tournament: Tournament) -> tuple[bool, dict[str, list[Placed]]]:
    """Whether the sheet is final (the tournament finished), and the places it pays: every
    place when final; while the tournament runs, only the places that are final already,
    a bracket's players knocked out (their band no longer changes). A table's places change
    until its last round: none is final before."""
    final = tournament.status == TournamentStatus.FINISHED
    if not final and not is_bracket(tournament):
        return False, {}
    return final, final_places(tournament)[0]


def payout_sheet(tournament: Tournament) -> PayoutSheet:
    money = selectors.tournament_money(tournament)
    unit = selectors.club_money_settings(tournament.club).rounding_unit
    flights = selectors.flight_split(tournament, money)
    final, places = sheet_places(tournament)
    seeded = Entry.objects.filter(tournament=tournament, seed__isnull=False).count()
    table = PayoutTable.from_data(money.payout_table) if money.payout_table else DEFAULT_TABLE
    data = TournamentInput(
        collected=selectors.collected(tournament),
        added=money.added_money,
        house_share=money.house_share,
        costs=money.fixed_costs,
        pot_share=money.pot_share,
        flights=flights,
        places={flight: places.get(flight, []) for flight in flights},
        tables=dict.fromkeys(flights, table),
        # The main's field is the draw; another flight's is the places it covers.
        field_sizes={MAIN: seeded},
        unit=unit,
        final=final,
    )
    sheet = PayoutSheet(tournament, final, unit)
    try:
        computed = tournament_sheet(data)
    except BooksError as error:
        # Nothing to pay yet (e.g. the costs are set before the fees come in): said on the
        # sheet with the money as it stands, nothing paid.
        sheet.problem = " ".join(user_error(error).messages)
        house = percent_of(data.collected, data.house_share)
        pot = percent_of(data.collected, data.pot_share)
        short = Books(data.collected, data.added, house, data.costs, pot, 0)
        sheet.pools.append(
            PoolBlock(
                key="prizes",
                label=_("Prize pool"),
                lines=books_lines(short),
                money_in=short.money_in,
                money_out=short.money_out,
                balances=False,
            )
        )
        return sheet
    names = _names(tournament)
    owed = fees_owed(tournament)
    prize_pool = _("Prize pool")
    charged: set[int] = set()

    def add_flight(
        pool: str, flight: str, result: FlightResult, key: str = "prizes", split: int | None = None
    ) -> None:
        block = FlightBlock(
            key,
            flight,
            pool,
            flight_label(flight),
            result.pool,
            split,
            undistributed=result.undistributed,
        )
        sharing = Counter((prize.first, prize.last) for prize in result.prizes)
        for prize in result.prizes:
            if not prize.amount:
                continue
            row = SheetRow(
                pool=pool,
                flight=flight_label(flight),
                place=place_text(prize.first, prize.last),
                entry_id=prize.entrant,
                player=names.get(prize.entrant, ""),
                share=prize.share,
                remainder=prize.remainder,
                owed=0 if prize.entrant in charged else owed.get(prize.entrant, 0),
                pool_key=key,
                flight_code=flight,
                first=prize.first,
                last=prize.last,
                percentage=result.percentage(prize.first, prize.last),
                sharing=sharing[prize.first, prize.last],
            )
            sheet.rows.append(row)
            block.rows.append(row)
            charged.add(prize.entrant)
        block.open = [
            OpenRow(band.first, band.last, band.amount, result.percentage(band.first, band.last))
            for band in result.open
        ]
        if not result.prizes and flight != MAIN and key == "prizes" and result.open:
            # Nobody is placed in this flight yet, so neither is its field known, nor the
            # places its table pays: the whole flight waits, with no places named.
            block.open = [OpenRow(0, 0, result.open_amount, 0)]
        sheet.flights.append(block)

    for flight, result in computed.flights.items():
        add_flight(prize_pool, flight, result, split=flights[flight])
    books = computed.books
    sheet.pools.append(
        PoolBlock(
            key="prizes",
            label=prize_pool,
            lines=books_lines(books, selectors.fees_set_off(tournament)) + open_line(books.open),
            money_in=books.money_in,
            money_out=books.money_out,
            balances=books.balances,
            remainder=sum(result.remainder for result in computed.flights.values()),
            open=books.open,
        )
    )
    # A side pool pays by the places among its entrants: on a provisional sheet nothing
    # (those still in would rank above the players already out), its money not paid out yet.
    main = places.get(MAIN, []) if final else []
    for side_pool, side in side_pool_sheets(tournament, main, unit):
        key = f"side-{side_pool.pk}"
        add_flight(side_pool.name, MAIN, side.result, key)
        sheet.pools.append(
            PoolBlock(
                key=key,
                label=side_pool.name,
                lines=pool_lines(side.books) + open_line(side.books.open),
                money_in=side.books.money_in,
                money_out=side.books.money_out,
                balances=side.books.balances,
                remainder=side.result.remainder,
                open=side.books.open,
            )
        )
    return sheet


def side_pool_sheets(
    tournament: Tournament, main: list[Placed], unit: int
) -> list[tuple[SidePool, PoolSheet]]:
    """Every side pool of the tournament, paid by the main flight's places among its own
    entrants: those in the field and not refunded (paid, unpaid or waived: each plays for
    its prizes; an unpaid one's fee is owed, ``selectors.side_pool_owed``). Its money is the
    fees paid (a paid fee of a player who left the field stays in it until refunded)."""
    found = []
    for state in selectors.side_pool_states(tournament):
        pool = state.pool
        entrants = {e.joined.entry_id for e in state.entrants if e.in_pool}
        table = PayoutTable.from_data(pool.payout_table) if pool.payout_table else DEFAULT_TABLE
        placed = among([p for p in main if p.entrant in entrants])
        found.append(
            (
                pool,
                pool_sheet(state.collected, placed, table, pool.house_share, unit, len(entrants)),
            )
        )
    return found
