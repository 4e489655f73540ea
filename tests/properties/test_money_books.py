"""Property: whatever the field, the fees, the house's share, the added money, the split over
the flights, the ties and the withdrawals, an event's payout sheet

* balances to the cent (collected + added = prizes + house + costs + pot + undistributed),
* pays no negative prize,
* gives the players of one shared place the same (to the cent: an odd cent to the better
  tie-break first; the rounding's remainder goes to the highest place, apart),
* is the same when computed again,

and a Calcutta's settlement balances (sales = payouts + house) with no negative share.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from money.core import (
    PayoutRow,
    PayoutTable,
    Placed,
    TournamentInput,
    among,
    pool_sheet,
    tournament_sheet,
)
from money.core.calcutta import Lot, calcutta_sheet
from money.core.fees import collected, refund_due
from money.core.payouts import DEFAULT_TABLE
from money.core.shares import WHOLE

FLIGHTS = ("main", "consolation", "last_chance")


@st.composite
def shares(draw, count):
    """``count`` basis points adding up to 100 %."""
    cuts = sorted(draw(st.lists(st.integers(0, WHOLE), min_size=count - 1, max_size=count - 1)))
    bounds = [0, *cuts, WHOLE]
    return tuple(bounds[i + 1] - bounds[i] for i in range(count))


@st.composite
def tables(draw):
    rows = []
    up_to = 0
    for _ in range(draw(st.integers(1, 3))):
        up_to += draw(st.integers(1, 12))
        places = draw(st.integers(1, up_to))
        rows.append(PayoutRow(up_to, places, draw(shares(places))))
    return PayoutTable(tuple(rows))


#: The default table or a random one, built once rather than afresh (and validated again) for
#: every flight of every example.
any_table = st.one_of(st.just(DEFAULT_TABLE), tables())


@st.composite
def bands(draw, entrants):
    """Final places of ``entrants`` with random ties: consecutive runs share a band."""
    placed, place, rest = [], 1, list(entrants)
    while rest:
        size = draw(st.integers(1, min(4, len(rest))))
        group, rest = rest[:size], rest[size:]
        placed.extend(Placed(entrant, place, place + size - 1) for entrant in group)
        place += size
    return placed


@st.composite
def events(draw):
    size = draw(st.integers(0, 40))
    # paid, unpaid, waived, withdrew before the start, withdrew after it
    statuses = draw(
        st.lists(
            st.sampled_from(["paid", "unpaid", "waived", "before", "after"]),
            min_size=size,
            max_size=size,
        )
    )
    fee = draw(st.integers(0, 10_000))
    refund_after = draw(st.booleans())
    fees = []
    for status in statuses:
        withdrew = status in ("before", "after")
        paid = status in ("paid", "after", "before")
        refunded = withdrew and refund_due(
            paid=paid, withdrew_before_start=status == "before", refund_after_start=refund_after
        )
        fees.append((fee, "refunded" if refunded else ("paid" if paid else status)))
    played = [i for i, status in enumerate(statuses) if status != "before"]
    count = draw(st.integers(1, 3))
    flights = FLIGHTS[:count]
    places = {}
    for flight in flights:
        entrants = (
            draw(st.permutations(played))
            if flight == "main"
            else draw(st.lists(st.sampled_from(played), unique=True) if played else st.just([]))
        )
        places[flight] = draw(bands(entrants))
    money_in = collected(fees)
    added = draw(st.integers(0, 50_000))
    costs = draw(st.integers(0, (money_in + added) // 4))
    return TournamentInput(
        collected=money_in,
        added=added,
        costs=costs,
        house_share=draw(st.integers(0, 3_000)),
        pot_share=draw(st.integers(0, 2_000)),
        flights=dict(zip(flights, draw(shares(count)), strict=True)),
        places=places,
        tables={flight: draw(any_table) for flight in flights},
        field_sizes={"main": len(played)},
        unit=draw(st.sampled_from([1, 5, 100, 500, 1_000])),
    )


@settings(max_examples=300, deadline=None)
@given(events())
def test_the_books_balance_and_ties_share_alike(data):
    sheet = tournament_sheet(data)
    books = sheet.books
    assert books.collected + books.added == (
        books.prizes + books.house + books.costs + books.pot + books.undistributed
    )
    assert sheet.pool == sum(sheet.flight_pools.values())
    for flight, result in sheet.flights.items():
        assert result.paid + result.undistributed == sheet.flight_pools[flight]
        assert all(prize.share >= 0 and prize.remainder >= 0 for prize in result.prizes)
        assert all(prize.share % data.unit == 0 for prize in result.prizes)
        bands = {}
        for prize in result.prizes:
            bands.setdefault((prize.first, prize.last), []).append(prize.share)
        for shared in bands.values():
            # the same; to the cent, an odd cent to the better tie-breaks first
            assert max(shared) - min(shared) <= (1 if data.unit == 1 else 0)
            assert shared == sorted(shared, reverse=True)
        # with a table that pays a better place more, a better single place never gets less
        row = result.row
        if row is not None and list(row.percentages) == sorted(row.percentages, reverse=True):
            singles = [s[0] for (first, last), s in sorted(bands.items()) if first == last]
            assert singles == sorted(singles, reverse=True)
    assert tournament_sheet(data) == sheet


@st.composite
def auctions(draw):
    players = draw(st.integers(1, 20))
    ids = list(range(1, players + 1))
    lots, start = [], 0
    number = 0
    while start < players:
        size = draw(st.integers(1, 3))
        group = tuple(ids[start : start + size])
        start += size
        number += 1
        max_share = draw(st.integers(0, 5_000))
        buybacks = {
            player: draw(st.integers(0, max_share // len(group)))
            for player in group
            if draw(st.booleans())
        }
        lots.append(Lot(number, group, draw(st.integers(0, 100_000)), 1000 + number % 3, buybacks))
    placed = draw(bands(draw(st.permutations(ids))))
    places = {p.entrant: (p.first, p.last) for p in placed if draw(st.integers(0, 9))}
    return lots, places


@settings(max_examples=200, deadline=None)
@given(
    auctions(),
    any_table,
    st.integers(0, 3_000),
    st.sampled_from([1, 100, 500]),
)
def test_a_calcutta_balances(auction, table, house, unit):
    lots, places = auction
    sheet = calcutta_sheet(lots, places, table, house, unit)
    assert sheet.sales == sheet.payouts + sheet.house + sheet.undistributed
    assert all(h.paid >= 0 and h.won >= 0 for h in sheet.holdings)
    assert sum(h.paid for h in sheet.holdings) == sheet.sales
    assert calcutta_sheet(lots, places, table, house, unit) == sheet


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1, 40), unique=True, max_size=20).flatmap(
        lambda ids: st.tuples(st.just(ids), bands(ids))
    ),
    st.integers(0, 5_000),
    any_table,
    st.integers(0, 3_000),
    st.sampled_from([1, 100, 500]),
    st.data(),
)
def test_a_side_pool_pays_by_place_among_its_entrants(field, fee, table, house, unit, data):
    """Some of the field enter a side pool; it balances, and its places count among them."""
    _ids, placed = field
    chosen = [p for p in placed if data.draw(st.booleans())]
    ranked = among(chosen)
    assert sorted(p.first for p in ranked)[:1] in ([], [1])
    assert [p.entrant for p in ranked] == [
        p.entrant for p in sorted(chosen, key=lambda p: (p.first, p.last))
    ]
    sheet = pool_sheet(fee * len(chosen), ranked, table, house, unit)
    books = sheet.books
    assert books.collected == books.prizes + books.house + books.undistributed
    assert all(prize.amount >= 0 for prize in sheet.result.prizes)
    assert pool_sheet(fee * len(chosen), ranked, table, house, unit) == sheet
