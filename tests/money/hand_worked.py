"""A finished Main / Consolation / Last Chance tournament of eight with its money, worked out by
hand in ``HAND_WORKED`` (the higher seed wins every match)."""

from __future__ import annotations

from itertools import groupby

from money import services
from tests.conftest import open_matches

#: Players 1–7 paid 20 €, player 8 did not. Collected 140 €, added 30 €; the house 10 % of
#: 140 = 14 €, costs 6 €, the season pot 5 % of 140 = 7 €: a prize pool of 143 €, split
#: 70/20/10: Main 100.10 €, Consolation 28.60 €, Last Chance 14.30 €. Rounded down to 5 €.
#: Main (field 8: 50/25/12.5/12.5): 1st 50.05 → 50, 2nd 25.02 → 25, 3–4 share 12.51 +
#: 12.51 = 25.02: 12.51 each → 10 each; rounding leaves 0.05 + 0.02 + 2.51 × 2 + 0.01 (the
#: percentages' cent) = 5.10 → the winner: 55.10.
#: Consolation (field 4: 70/30): 1st 20.02 → 20, 2nd 8.58 → 5; 3.60 left → 1st: 23.60, who
#: owes his 20 € fee: 3.60 paid out.
#: Last Chance (field 2: 70/30): 1st 10.01 → 10, 2nd 4.29 → 0; 4.30 left → 1st: 14.30.
HAND_WORKED = [
    # flight, place, player, prize, fee owed, paid out (cents)
    ("Main", "1", "Player 001", 5510, 0, 5510),
    ("Main", "2", "Player 003", 2500, 0, 2500),
    # a shared place, in the order of the tie-breaks (which draw lots by the tournament's id:
    # compare the rows of a shared place in any order)
    ("Main", "3–4", "Player 002", 1000, 0, 1000),
    ("Main", "3–4", "Player 004", 1000, 0, 1000),
    ("Consolation", "1", "Player 008", 2360, 2000, 360),
    ("Consolation", "2", "Player 006", 500, 0, 500),
    ("Last Chance", "1", "Player 005", 1430, 0, 1430),
]
#: The side pool "Side pool" (10 €, house 10 %, "4; 2; 70 30"): players 2, 3, 5 and 6 enter;
#: in the main flight they are 3–4, 2, 5–8 and 5–8, so among themselves 2, 1, 3–4 and 3–4.
#: Collected 40 €, house 4 €, 36 € paid: 1st 25.20 → 25, 2nd 10.80 → 10; 1.00 left → 1st.
SIDE_POOL_HAND_WORKED = [
    ("Side pool", "Main", "1", "Player 003", 2600, 0, 2600),
    ("Side pool", "Main", "2", "Player 002", 1000, 0, 1000),
]


def by_player_within_a_place(rows, prefix):
    """The rows with those of one shared place (the same first ``prefix`` cells, next to each
    other) ordered by player: their order is the tie-breaks', which draw lots."""
    ordered = []
    for _place, group in groupby(rows, key=lambda row: row[:prefix]):
        ordered.extend(sorted(group))
    return ordered


PAYOUT_TABLE = [
    {"up_to": 4, "places": 2, "percentages": [7000, 3000]},
    {"up_to": 8, "places": 4, "percentages": [5000, 2500, 1250, 1250]},
]


def finished_tournament(make_tournament, play, user, *, side_pool=False, **settings):
    tournament = make_tournament(8, format="main_consolation", last_chance=True, **settings)
    services.club_money_settings_update(club=tournament.club, rounding_unit=500)
    services.tournament_money_update(
        tournament=tournament,
        entry_fee=2000,
        house_share=1000,
        added_money=3000,
        fixed_costs=600,
        pot_share=500,
        flight_split={"main": 7000, "consolation": 2000, "last_chance": 1000},
        payout_table=PAYOUT_TABLE,
    )
    for entry in tournament.entries.select_related("player").order_by("seed"):
        if entry.player.name != "Player 008":
            services.fee_mark_paid(entry=entry, method="cash", recorded_by=user)
    if side_pool:
        pool = services.side_pool_create(
            tournament=tournament,
            name="Side pool",
            fee=1000,
            house_share=1000,
            payout_table=PAYOUT_TABLE[:1],
        )
        for entry in tournament.entries.select_related("player"):
            if entry.player.name in ("Player 002", "Player 003", "Player 005", "Player 006"):
                services.side_pool_join(
                    side_pool=pool, entry=entry, method="cash", recorded_by=user
                )
    while matches := open_matches(tournament):
        for match in matches:
            play(match)
    tournament.refresh_from_db()
    return tournament
