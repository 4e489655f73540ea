"""The payout sheet while the tournament runs: only final places have a prize, the places
still open are "to be decided" with their sum, nothing is "paid out", and the books balance
with what waits. A Calcutta pays no lot before all its players are out."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import services as draw_services
from money import services
from money.calcutta import calcutta_settlement, full_payout_sheet
from money.models import CalcuttaLot
from money.sheets import payout_sheet
from tests.conftest import open_matches
from tests.factories import PASSWORD
from tests.money.hand_worked import PAYOUT_TABLE

pytestmark = pytest.mark.django_db

#: A field of eight paying eight places: 5–8 share 4 × 5 %.
EIGHT_PLACES = [
    {"up_to": 8, "places": 8, "percentages": [4000, 2000, 1000, 1000, 500, 500, 500, 500]}
]


def at_the_quarter_finals(make_tournament, play, user, payout_table):
    """The hand-worked tournament of tests/money/hand_worked.py (players 1–7 paid 20 €, player 8
    not; a prize pool of 143 €: Main 100.10 €, Consolation 28.60 €, Last Chance 14.30 €; 5 € unit)
    with the main's quarter-finals played (seeds 5–8 lose) and nothing else."""
    tournament = make_tournament(8, format="main_consolation", last_chance=True)
    services.club_money_settings_update(club=tournament.club, rounding_unit=500)
    services.tournament_money_update(
        tournament=tournament,
        entry_fee=2000,
        house_share=1000,
        added_money=3000,
        fixed_costs=600,
        pot_share=500,
        flight_split={"main": 7000, "consolation": 2000, "last_chance": 1000},
        payout_table=payout_table,
    )
    for entry in tournament.entries.select_related("player"):
        if entry.player.name != "Player 008":
            services.fee_mark_paid(entry=entry, method="cash", recorded_by=user)
    for match in open_matches(tournament, round__stage__kind="main", round__number=1):
        play(match)
    tournament.refresh_from_db()
    return tournament


def shown(sheet):
    """Per flight: its prizes (place, player, prize, fee owed) and its open bands."""
    return {
        block.flight_code or block.pool_key: (
            sorted((row.place, row.player, row.prize, row.owed) for row in block.rows),
            [(band.place, band.amount) for band in block.open],
        )
        for block in sheet.flights
    }


def test_at_the_quarter_finals_no_5_8_player_has_the_main_flight(make_tournament, play, organizer):
    tournament = at_the_quarter_finals(make_tournament, play, organizer, PAYOUT_TABLE)
    sheet = payout_sheet(tournament)
    assert not sheet.final
    # The table pays 1–4 only: the four players out (5–8) have nothing, and the whole Main
    # flight waits for places 1–4. Nobody is placed yet in the other flights: their fields
    # are not known, nor the places their table pays; all their money waits.
    assert shown(sheet) == {
        "main": ([], [("1–4", 10010)]),
        "consolation": ([], [("", 2860)]),
        "last_chance": ([], [("", 1430)]),
    }
    assert sheet.rows == []
    (books,) = sheet.pools
    assert books.balances and books.open == 14300 and books.remainder == 0
    assert [(line.amount, line.money_in) for line in books.lines][-1] == (14300, False)


def test_at_the_quarter_finals_the_final_bands_are_paid_and_the_rest_waits(
    make_tournament, play, organizer, client
):
    tournament = at_the_quarter_finals(make_tournament, play, organizer, EIGHT_PLACES)
    sheet = payout_sheet(tournament)
    # Main 100.10 €: 5–8 share 20 % (20.02 €): 5.00 each at 5 €; 1–4 wait: 80.08 € and the
    # 2 cents left by the percentages and the rounding = 80.10 €. Player 8 owes his fee.
    assert shown(sheet)["main"] == (
        [
            ("5–8", "Player 005", 500, 0),
            ("5–8", "Player 006", 500, 0),
            ("5–8", "Player 007", 500, 0),
            ("5–8", "Player 008", 500, 2000),
        ],
        [("1–4", 8010)],
    )
    (books,) = sheet.pools
    assert books.balances and books.open == 8010 + 2860 + 1430
    assert {row.percentage for row in sheet.rows} == {2000}
    assert {row.sharing for row in sheet.rows} == {4}
    client.login(username=organizer.username, password=PASSWORD)
    page = client.get(reverse("money:payouts", args=[tournament.club.slug, tournament.slug]))
    text = page.content.decode()
    assert "Provisional payout sheet" in text and 'data-testid="provisional"' in text
    assert "Paid out" not in text and "signature-box" not in text
    assert "To be decided" in text and "80.10 €" in text and "20 % <small" in text
    assert "Pay out and book" not in text


def test_a_running_swiss_has_no_final_place(make_tournament, play, organizer):
    tournament = make_tournament(8, format="swiss", swiss_rounds=3)
    services.tournament_money_update(tournament=tournament, entry_fee=1000)
    for entry in tournament.entries.all():
        services.fee_mark_paid(entry=entry, method="cash", recorded_by=organizer)
    for match in open_matches(tournament):
        play(match)
    sheet = payout_sheet(tournament)
    # The table's places change until the last round: the default table's 70 / 30 for a
    # field of 8 waits whole.
    assert shown(sheet) == {"main": ([], [("1–2", 8000)])}
    assert sheet.pools[0].balances


@pytest.fixture
def auction(make_tournament, organizer):
    tournament = make_tournament(4, start=False)
    calcutta = services.calcutta_setup(
        tournament=tournament,
        house_share=1000,
        max_buyback=5000,
        min_bid=500,
        payout_table=[{"up_to": 8, "places": 2, "percentages": [7000, 3000]}],
    )
    entries = {e.player.name: e for e in tournament.entries.select_related("player")}
    services.calcutta_make_lots(
        calcutta=calcutta, group=[entries["Player 003"].pk, entries["Player 004"].pk]
    )
    for number, (bidder, amount) in {1: ("Ann", 4000), 2: ("Bob", 3000), 3: ("Cy", 1000)}.items():
        lot = CalcuttaLot.objects.get(calcutta=calcutta, number=number)
        services.calcutta_bid(lot=lot, bidder=bidder, amount=amount, recorded_by=organizer)
        services.calcutta_sell(lot=lot, recorded_by=organizer)
    return tournament


def test_a_provisional_calcutta_pays_no_lot_before_its_players_are_out(
    auction, organizer, play, commit, client
):
    tournament = auction
    commit(draw_services.tournament_start, tournament=tournament)
    for match in open_matches(tournament):
        play(match)  # the semi-finals: players 3 and 4 (lot 3, Cy's) are out, 3–4
    settlement = calcutta_settlement(tournament)
    # Sales 80 €, house 8 €: 72 € to pay. Lots 1 and 2 are still in and will be 1st and 2nd
    # among the lots; lot 3 is 3rd, which the table does not pay. Nothing is paid yet; the
    # 72 € wait for places 1–2 (not all to lot 3, as its players' band was the only one).
    assert {row.lot.number: (row.place, row.prize) for row in settlement.lots} == {
        1: ("", 0),
        2: ("", 0),
        3: ("3", 0),
    }
    assert [(band.place, band.amount) for band in settlement.open] == [("1–2", 7200)]
    assert settlement.block.balances and settlement.block.open == 7200
    sheet = full_payout_sheet(tournament)
    assert [row for row in sheet.rows if row.pool_key == "calcutta"] == []
    assert sheet.flights[-1].open == settlement.open
    client.login(username=organizer.username, password=PASSWORD)
    url = reverse("money:calcutta_statements", args=[tournament.club.slug, tournament.slug])
    page = client.get(url).content.decode()
    assert 'data-testid="provisional"' in page and "To be decided" in page and "72.00 €" in page


def test_the_calcutta_is_rounded_to_the_cent_unless_the_club_sets_its_unit(
    auction, organizer, play, commit
):
    tournament = auction
    services.club_money_settings_update(club=tournament.club, rounding_unit=500)
    commit(draw_services.tournament_start, tournament=tournament)
    while matches := open_matches(tournament):
        for match in matches:
            play(match)
    prizes = {row.lot.number: row.prize for row in calcutta_settlement(tournament).lots}
    # 72 €: 70 % = 50.40 €, 30 % = 21.60 € to the cent, whatever the prizes' 5 € unit.
    assert prizes == {1: 5040, 2: 2160, 3: 0}
    services.club_money_settings_update(club=tournament.club, calcutta_rounding_unit=500)
    prizes = {row.lot.number: row.prize for row in calcutta_settlement(tournament).lots}
    # At 5 €: 50 € and 20 €; the 2 € left to the highest place.
    assert prizes == {1: 5200, 2: 2000, 3: 0}


def test_a_side_pool_pays_nothing_while_the_tournament_runs(make_tournament, play, organizer):
    tournament = at_the_quarter_finals(make_tournament, play, organizer, PAYOUT_TABLE)
    pool = services.side_pool_create(
        tournament=tournament, name="Side pool", fee=1000, payout_table=PAYOUT_TABLE[:1]
    )
    for entry in tournament.entries.select_related("player"):
        if entry.player.name in ("Player 002", "Player 003", "Player 005", "Player 006"):
            services.side_pool_join(
                side_pool=pool, entry=entry, method="cash", recorded_by=organizer
            )
    sheet = payout_sheet(tournament)
    # Players 5 and 6 are out (5–8), 2 and 3 still in: among the entrants 5 and 6 will be
    # 3–4, not 1–2, whoever wins; nothing of the side pool is paid, its 40 € wait.
    block = next(block for block in sheet.flights if block.pool_key == f"side-{pool.pk}")
    assert block.rows == [] and block.undistributed == 4000 and block.total == 4000
    assert sheet.pools[-1].balances
