"""The pure arithmetic, by hand-worked examples, and the input it refuses."""

from __future__ import annotations

import doctest

import pytest

from money.core import (
    AmountError,
    BooksError,
    PayoutRow,
    PayoutTable,
    Placed,
    TableError,
    TournamentInput,
    amounts,
    format_amount,
    parse_amount,
    parse_percent,
    place_prizes,
    shares,
    split_by_percent,
    tournament_sheet,
)
from money.core.calcutta import BidError, Lot, calcutta_sheet, check_bid, check_buyback
from money.core.shares import SplitError


def test_doctests():
    for module in (amounts, shares):
        assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize(
    ("text", "decimal", "group", "cents"),
    [
        ("12", ".", ",", 1200),
        ("12.5", ".", ",", 1250),
        ("1,234.56", ".", ",", 123456),
        ("1.234,56", ",", ".", 123456),
        (" 7,05 ", ",", ".", 705),
    ],
)
def test_amounts_in_the_readers_format(text, decimal, group, cents):
    assert parse_amount(text, 2, decimal, group) == cents
    assert parse_amount(format_amount(cents, 2, decimal, group), 2, decimal, group) == cents


@pytest.mark.parametrize("text", ["", "abc", "-5", "1.234", "12,3,4", "1e3", "12.", "1,23"])
def test_an_amount_in_the_wrong_format_is_refused(text):
    with pytest.raises(AmountError):
        parse_amount(text, 2, ".", ",")


def test_percentages():
    assert parse_percent("12,5", ",") == 1250
    with pytest.raises(AmountError):
        parse_percent("100.01")


def test_a_split_must_add_up_to_100_percent():
    with pytest.raises(SplitError):
        split_by_percent(1000, {"main": 7000, "consolation": 2000})


def test_a_table_with_fewer_percentages_than_paid_places_is_refused():
    with pytest.raises(TableError) as refused:
        PayoutTable((PayoutRow(8, 3, (7000, 3000)),)).check()
    assert refused.value.code == "fewer_places"


def test_tied_places_share_the_sum_of_their_prizes_the_odd_cent_to_the_better_tie_break():
    table = PayoutTable((PayoutRow(8, 3, (5000, 3001, 1999)),))
    # pool 1001: places 500, 300, 200 (rounded down; 1 cent left to the winner)
    placed = [Placed(10, 1, 1), Placed(20, 2, 3), Placed(30, 2, 3)]
    result = place_prizes(1001, table, placed, unit=1)
    amounts_ = {prize.entrant: prize.amount for prize in result.prizes}
    # 2–3 share 300 + 200 = 500 → 250 each; 1001 − 500 − 500 = 1 left to the winner
    assert amounts_ == {10: 501, 20: 250, 30: 250}
    odd = place_prizes(1000, PayoutTable((PayoutRow(8, 3, (5000, 2550, 2450)),)), placed)
    # 255 + 245 = 500 is even; with a band of three the odd cents go to the better tie-breaks
    assert {p.entrant: p.amount for p in odd.prizes} == {10: 500, 20: 250, 30: 250}
    three = place_prizes(
        1000,
        PayoutTable((PayoutRow(8, 4, (5000, 2000, 2000, 1000)),)),
        [Placed(1, 1, 1), Placed(2, 2, 4), Placed(3, 2, 4), Placed(4, 2, 4)],
    )
    assert [p.amount for p in three.prizes] == [500, 167, 167, 166]


def test_rounding_to_the_clubs_unit_leaves_the_rest_to_the_highest_place():
    # 8 players × 20 € = 160 €, 10 % house → 144 €, 70/30, rounded to 5 €
    sheet = tournament_sheet(
        TournamentInput(
            collected=16000,
            house_share=1000,
            flights={"main": 10000},
            places={
                "main": [Placed(i, p, p) for i, p in zip(range(1, 9), range(1, 9), strict=True)]
            },
            unit=500,
        )
    )
    prizes = {p.entrant: (p.share, p.remainder) for p in sheet.flights["main"].prizes}
    # 70 % of 144 = 100.80 → 100; 30 % = 43.20 → 40; 4.00 left to the winner
    assert prizes[1] == (10000, 400) and prizes[2] == (4000, 0)
    assert sheet.books.house == 1600 and sheet.books.balances


def test_costs_above_the_money_are_refused():
    with pytest.raises(BooksError):
        tournament_sheet(
            TournamentInput(collected=1000, costs=2000, flights={"main": 10000}, places={})
        )


def test_bids_and_buy_backs():
    check_bid(1500, 1000)
    with pytest.raises(BidError):
        check_bid(1000, 1000)
    check_buyback(2500, 1, 5000)
    with pytest.raises(BidError):
        check_buyback(3000, 2, 5000)


def test_calcutta_settlement():
    table = PayoutTable((PayoutRow(10, 2, (7000, 3000)),))
    lots = [
        Lot(1, (1,), 10000, 100, {1: 2500}),  # player 1 bought back a quarter of himself
        Lot(2, (2,), 6000, 200),
        Lot(3, (3, 4), 4000, 100),  # the weakest two as one lot
    ]
    sheet = calcutta_sheet(lots, {1: (2, 2), 2: (3, 4), 3: (3, 4), 4: (1, 1)}, table, 1000)
    # sales 200 €, house 20 €, pool 180 €: 1st 126 € (lot 3, by player 4), 2nd 54 € (lot 1)
    assert {lot: won for lot, won in sheet.prizes.items() if won} == {3: 12600, 1: 5400}
    statement = {(h.lot, h.owner): (h.paid, h.won) for h in sheet.holdings}
    assert statement[(1, 1)] == (2500, 1350) and statement[(1, 100)] == (7500, 4050)
    assert sheet.balances and sheet.payouts == 18000
