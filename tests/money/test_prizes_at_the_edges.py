"""Prizes at the edges, by hand-worked examples (each amount is what one player receives):
players tied at the top share the remainder, a provisional result pays only final places,
and a Calcutta ranks its lots among the lots."""

from __future__ import annotations

import doctest

from money.core import (
    OpenBand,
    PayoutRow,
    PayoutTable,
    Placed,
    TournamentInput,
    place_prizes,
    pool_sheet,
    tournament_sheet,
)
from money.core import calcutta as calcutta_module
from money.core import payouts as payouts_module
from money.core.calcutta import Lot, calcutta_sheet, lot_places
from money.core.payouts import DEFAULT_TABLE


def amounts(result):
    return {prize.entrant: prize.amount for prize in result.prizes}


def test_the_doctests():
    for module in (payouts_module, calcutta_module):
        assert doctest.testmod(module).failed == 0


def test_three_tied_for_first_at_a_5_euro_unit_share_the_rounding():
    # 100 €, three players: the default table pays the winner alone. 100 / 3 = 33.33 → 30 €
    # each at a 5 € unit; the 10 € left is the highest place's, so all three share it:
    # 3.34 + 3.33 + 3.33 (the odd cent to the best tie-break). Not 40 / 30 / 30.
    tied = [Placed(1, 1, 3), Placed(2, 1, 3), Placed(3, 1, 3)]
    result = place_prizes(10_000, DEFAULT_TABLE, tied, unit=500)
    assert amounts(result) == {1: 3334, 2: 3333, 3: 3333}
    assert [(p.share, p.remainder) for p in result.prizes] == [
        (3000, 334),
        (3000, 333),
        (3000, 333),
    ]


def test_three_tied_for_first_at_a_cent_share_the_percentages_cent():
    # 10.01 €, two places of 50 %: 5.00 each, 1 cent left by the percentages. The three tied
    # for first hold both places: 10.00 €, and the cent, split 3.34 / 3.34 / 3.33 (not
    # 3.35 / 3.33 / 3.33: two cents apart).
    table = PayoutTable((PayoutRow(4, 2, (5_000, 5_000)),))
    tied = [Placed(1, 1, 3), Placed(2, 1, 3), Placed(3, 1, 3)]
    assert amounts(place_prizes(1_001, table, tied)) == {1: 334, 2: 334, 3: 333}


def test_the_prize_of_a_place_nobody_holds_is_shared_by_the_tied_winners():
    # A field of four, the 4th withdrew without a place: his 25 € goes to the highest place,
    # which three players share: 30 + 25 + 20 + 25 = 100 € over three (not 50 / 25 / 25).
    table = PayoutTable((PayoutRow(8, 4, (3_000, 2_500, 2_000, 2_500)),))
    tied = [Placed(1, 1, 3), Placed(2, 1, 3), Placed(3, 1, 3)]
    assert amounts(place_prizes(10_000, table, tied, field_size=4)) == {
        1: 3334,
        2: 3333,
        3: 3333,
    }


def test_a_winner_alone_still_has_the_whole_remainder():
    table = PayoutTable((PayoutRow(8, 2, (7_000, 3_000)),))
    placed = [Placed(1, 1, 1), Placed(2, 2, 2), Placed(3, 3, 4), Placed(4, 3, 4)]
    # 100.10 €: 70.07 → 70, 30.03 → 30 at 5 €: 0.10 left to the winner.
    assert amounts(place_prizes(10_010, table, placed, unit=500)) == {1: 7010, 2: 3000, 3: 0, 4: 0}


#: The hand-worked tournament's table (tests/money/hand_worked.py): a field of 8 pays four places.
FOUR_PLACES = PayoutTable(
    (PayoutRow(4, 2, (7_000, 3_000)), PayoutRow(8, 4, (5_000, 2_500, 1_250, 1_250)))
)
EIGHT_PLACES = PayoutTable((PayoutRow(8, 8, (4_000, 2_000, 1_000, 1_000, 500, 500, 500, 500)),))
QUARTER_FINAL_LOSERS = [Placed(entrant, 5, 8) for entrant in (5, 6, 7, 8)]


def test_a_provisional_result_at_the_quarter_finals_pays_no_place_that_is_not_final():
    # The four knocked out share 5–8, which this table does not pay; places 1–4 are open:
    # the whole 100.10 € waits for them (and no 5–8 player has it).
    result = place_prizes(10_010, FOUR_PLACES, QUARTER_FINAL_LOSERS, 500, 8, final=False)
    assert amounts(result) == {5: 0, 6: 0, 7: 0, 8: 0}
    assert result.open == (OpenBand(1, 4, 10_010),)
    assert result.paid + result.open_amount + result.undistributed == 10_010


def test_a_provisional_result_pays_the_final_bands_and_keeps_the_rest_open():
    # 100.10 € over eight places: 5–8 is final (4 × 5 % = 20.00 €, 5.00 each at 5 €); 1–4
    # waits: 40.04 + 20.02 + 10.01 + 10.01 and the 2 cents the percentages leave = 80.10 €.
    result = place_prizes(10_010, EIGHT_PLACES, QUARTER_FINAL_LOSERS, 500, 8, final=False)
    assert amounts(result) == {5: 500, 6: 500, 7: 500, 8: 500}
    assert result.open == (OpenBand(1, 4, 8_010),)
    # After the semi-finals 3–4 is final too (12.5 % each, 10.01 → 10.00 at 5 €); the cents
    # of its rounding wait with places 1–2: 40.04 + 20.02 + 0.02 + 0.02 = 60.10 €.
    semis = [*QUARTER_FINAL_LOSERS, Placed(3, 3, 4), Placed(4, 3, 4)]
    result = place_prizes(10_010, EIGHT_PLACES, semis, 500, 8, final=False)
    assert amounts(result) == {3: 1000, 4: 1000, 5: 500, 6: 500, 7: 500, 8: 500}
    assert result.open == (OpenBand(1, 2, 6_010),)
    # Every place held (the final played) pays as a final result.
    done = [Placed(1, 1, 1), Placed(2, 2, 2), *semis]
    assert place_prizes(10_010, EIGHT_PLACES, done, 500, 8, final=False) == place_prizes(
        10_010, EIGHT_PLACES, done, 500, 8
    )


def test_a_provisional_result_with_nobody_placed_keeps_everything_open():
    result = place_prizes(10_000, FOUR_PLACES, [], 1, 8, final=False)
    assert result.prizes == () and result.open == (OpenBand(1, 4, 10_000),)
    assert place_prizes(10_000, FOUR_PLACES, [], 1, 8).undistributed == 10_000


def test_a_provisional_tournament_sheets_books_balance_with_what_waits():
    sheet = tournament_sheet(
        TournamentInput(
            collected=16_000,
            flights={"main": 7_000, "consolation": 3_000},
            places={"main": QUARTER_FINAL_LOSERS, "consolation": []},
            tables={"main": EIGHT_PLACES, "consolation": FOUR_PLACES},
            field_sizes={"main": 8},
            unit=500,
            final=False,
        )
    )
    # Main 112 €: 5–8 get 5.60 → 5.00 each (20 €), 92 € waits; the consolation's 48 € waits.
    assert sheet.books.prizes == 2_000 and sheet.books.open == 9_200 + 4_800
    assert sheet.books.balances and sheet.books.money_out == 16_000
    assert pool_sheet(4_000, [], final=False).books.open == 4_000


def test_calcutta_lots_are_ranked_among_the_lots():
    # Lots {1st}, {2nd, 3rd}, {4th}: 1st, 2nd and 3rd among the lots: 50 / 30 / 20 % of 300 €
    # is 150 / 90 / 60 € (the 3rd place's money is not the winner's lot's).
    table = PayoutTable((PayoutRow(8, 3, (5_000, 3_000, 2_000)),))
    lots = [Lot(1, (1,), 10_000, 100), Lot(2, (2, 3), 10_000, 200), Lot(3, (4,), 10_000, 300)]
    places = {1: (1, 1), 2: (2, 2), 3: (3, 3), 4: (4, 4)}
    sheet = calcutta_sheet(lots, places, table)
    assert sheet.prizes == {1: 15_000, 2: 9_000, 3: 6_000}
    assert sheet.places == {1: (1, 1), 2: (2, 2), 3: (3, 3)}
    assert {(h.lot, h.owner): h.won for h in sheet.holdings} == {
        (1, 100): 15_000,
        (2, 200): 9_000,
        (3, 300): 6_000,
    }


def test_calcutta_lots_tied_share_their_places_and_the_next_comes_after_them():
    # A Swiss: players 1 and 2 share 1–2, 3 and 4 share 3–4. Lots {1}, {2}, {3, 4}, {5}:
    # lots 1 and 2 share places 1–2 among the lots, lot 3 is 3rd, lot 4 4th (competition
    # ranking). 200 € at 50 / 30 / 20: lots 1 and 2 have 80 € each, lot 3 40 €, lot 4 none.
    table = PayoutTable((PayoutRow(8, 3, (5_000, 3_000, 2_000)),))
    lots = [Lot(n, players, 5_000, 100 + n) for n, players in enumerate(((1,), (2,), (3, 4)), 1)]
    lots.append(Lot(4, (5,), 5_000, 104))
    places = {1: (1, 2), 2: (1, 2), 3: (3, 4), 4: (3, 4), 5: (5, 5)}
    sheet = calcutta_sheet(lots, places, table)
    assert sheet.places == {1: (1, 2), 2: (1, 2), 3: (3, 3), 4: (4, 4)}
    assert sheet.prizes == {1: 8_000, 2: 8_000, 3: 4_000, 4: 0}


def test_a_calcutta_with_more_paid_places_than_lots_pays_them_to_the_top_lots_shared():
    # Two lots tied for first, a table paying three places: the 3rd place's 20 % has no lot
    # and goes to the highest place, which the two share: 50 € each of 100 €, the odd cent
    # to the lower lot number.
    table = PayoutTable((PayoutRow(8, 3, (5_000, 3_000, 2_000)),))
    lots = [Lot(1, (1,), 5_001, 1), Lot(2, (2,), 5_000, 2)]
    sheet = calcutta_sheet(lots, {1: (1, 2), 2: (1, 2)}, table)
    assert sheet.prizes == {1: 5_001, 2: 5_000}


def test_a_provisional_calcutta_pays_only_lots_whose_players_are_all_out():
    # Quarter-finals of eight played: players 5–8 are out (5–8). Lots {1}, {2}, {3, 4, 5},
    # {6}, {7, 8}: the last two are all out and share 4–5 among the lots; each of the other
    # three has a player still in, who finishes above every player out, so they take places
    # 1–3, which wait (lot {3, 4, 5} too, though player 5 is out).
    table = PayoutTable((PayoutRow(8, 5, (4_000, 2_500, 1_500, 1_000, 1_000)),))
    lots = [
        Lot(1, (1,), 6_000, 1),
        Lot(2, (2,), 5_000, 2),
        Lot(3, (3, 4, 5), 4_000, 3),
        Lot(4, (6,), 3_000, 4),
        Lot(5, (7, 8), 2_000, 5),
    ]
    out = {player: (5, 8) for player in (5, 6, 7, 8)}
    assert [(p.entrant, p.first, p.last) for p in lot_places(lots, out, final=False)] == [
        (4, 4, 5),
        (5, 4, 5),
    ]
    sheet = calcutta_sheet(lots, out, table, final=False)
    # 200 €: 4th and 5th among the lots, 10 % each, shared: 20 € each; 1–3 wait: 160 €.
    assert sheet.prizes == {4: 2_000, 5: 2_000}
    assert sheet.open == (OpenBand(1, 3, 16_000),)
    assert sheet.balances and sheet.payouts == 4_000
