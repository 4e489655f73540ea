"""Property: a Calcutta pays each lot what a plain reading of the rule gives, for random lots
of one to four players and random places with ties, final or provisional:

* a lot is placed by its best-placed player; lots whose best players share a band share a
  place among the lots, and the next lot comes after all of them (competition ranking);
* provisional: a lot with a player still in (no place yet) finishes above every lot placed, so
  those lots take the first places, which wait; final: a lot with nobody placed gets nothing;
* the table's row for the number of lots pays the places among the lots; the money of places
  no lot reaches goes to the highest place, shared by the lots tied there (odd cents one each,
  lower lot number first); shares of a band are rounded down to the unit, alike;
* each owner's part is his share of the lot rounded down, the buyer has the rest; the books
  balance.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from money.core import PayoutRow, PayoutTable
from money.core.calcutta import Lot, calcutta_sheet
from money.core.shares import WHOLE


@st.composite
def percentages(draw):
    count = draw(st.integers(1, 6))
    cuts = sorted(draw(st.lists(st.integers(0, WHOLE), min_size=count - 1, max_size=count - 1)))
    bounds = [0, *cuts, WHOLE]
    return [bounds[i + 1] - bounds[i] for i in range(count)]


@st.composite
def auctions(draw):
    """Lots of one to four players, and the players' places: a random order, cut in bands of
    one to three (ties); provisional, the best few have no place yet (still in); final, a
    player may have none (withdrew without a place)."""
    players = draw(st.integers(1, 16))
    order = draw(st.permutations(range(1, players + 1)))
    lots, start = [], 0
    ids = list(range(1, players + 1))
    while start < players:
        size = draw(st.integers(1, 4))
        group = tuple(ids[start : start + size])
        start += size
        number = len(lots) + 1
        buybacks = {p: draw(st.integers(0, 2_500)) for p in group if draw(st.booleans())}
        lots.append(Lot(number, group, draw(st.integers(0, 50_000)), 1_000 + number, buybacks))
    final = draw(st.booleans())
    still_in = 0 if final else draw(st.integers(0, players))
    places, place, rest = {}, still_in + 1, list(order[still_in:])
    while rest:
        width = draw(st.integers(1, min(3, len(rest))))
        band, rest = rest[:width], rest[width:]
        for player in band:
            if not final or draw(st.integers(0, 9)):
                places[player] = (place, place + width - 1)
        place += width
    return lots, places, final


def reference_prizes(lots, places, shares, pool, unit, final):
    """Lot number → its prize, by the rule read plainly."""
    best, still_in = {}, 0
    for lot in lots:
        bands = [places[p] for p in lot.players if p in places]
        if not final and len(bands) < len(lot.players):
            still_in += 1
        elif bands:
            best[lot.lot] = min(bands)
    place_of = {}
    for lot, band in best.items():
        better = sum(1 for other in best.values() if other < band)
        tied = sum(1 for other in best.values() if other == band)
        place_of[lot] = (still_in + better + 1, still_in + better + tied)
    prize_of = {place: pool * share // WHOLE for place, share in enumerate(shares, start=1)}
    prizes = {}
    groups = sorted({band for band in place_of.values()})
    for first, last in groups:
        members = sorted(lot for lot, band in place_of.items() if band == (first, last))
        total = sum(prize_of.get(place, 0) for place in range(first, last + 1))
        for index, lot in enumerate(members):
            if unit == 1:
                prizes[lot] = total // len(members) + (1 if index < total % len(members) else 0)
            else:
                prizes[lot] = total // len(members) // unit * unit
    held = {place for first, last in groups for place in range(first, last + 1)}
    nobody = [place for place in prize_of if place not in held]
    if groups and (final or not nobody):
        top = sorted(lot for lot, band in place_of.items() if band == groups[0])
        together = sum(prizes[lot] for lot in top) + pool - sum(prizes.values())
        for index, lot in enumerate(top):
            prizes[lot] = together // len(top) + (1 if index < together % len(top) else 0)
    return {lot.lot: prizes.get(lot.lot, 0) for lot in lots}


@settings(max_examples=400, deadline=None)
@given(auctions(), percentages(), st.integers(0, 3_000), st.sampled_from([1, 100, 500]))
def test_each_lot_receives_what_the_rule_says(auction, shares, house, unit):
    lots, places, final = auction
    table = PayoutTable((PayoutRow(64, len(shares), tuple(shares)),))
    sheet = calcutta_sheet(lots, places, table, house, unit, final=final)
    expected = reference_prizes(lots, places, shares, sheet.pool, unit, final)
    assert {lot.lot: sheet.prizes.get(lot.lot, 0) for lot in lots} == expected
    for lot in lots:
        won = [h.won for h in sheet.holdings if h.lot == lot.lot]
        assert sum(won) == expected[lot.lot] and min(won) >= 0
    assert sheet.sales == sheet.payouts + sheet.house + sheet.undistributed + sheet.open_amount
    assert sheet.balances
