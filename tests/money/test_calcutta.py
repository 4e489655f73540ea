"""The Calcutta: lots, bids recorded live, sales booked, buy-backs, the settlement by the
finishing places and each buyer's statement."""

from __future__ import annotations

import pytest
from django.urls import reverse

from config.errors import UserError
from draw import services as draw_services
from money import services
from money.calcutta import calcutta_settlement, full_payout_sheet
from money.models import CalcuttaBid, CalcuttaLot, LedgerEntry
from tests.conftest import open_matches
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


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
    # Players 3 and 4, the weakest, are sold together as lot 3.
    services.calcutta_make_lots(
        calcutta=calcutta, group=[entries["Player 003"].pk, entries["Player 004"].pk]
    )
    return tournament, calcutta, entries


def lot(calcutta, number):
    return CalcuttaLot.objects.get(calcutta=calcutta, number=number)


def test_a_bid_below_the_last_one_or_over_a_sold_lot_is_refused(auction, organizer):
    _tournament, calcutta, _entries = auction
    first = lot(calcutta, 1)
    services.calcutta_bid(lot=first, bidder="Ann", amount=2000, recorded_by=organizer)
    for amount in (2000, 1500):
        with pytest.raises(UserError) as refused:
            services.calcutta_bid(lot=first, bidder="Bob", amount=amount, recorded_by=organizer)
        assert "higher than the last" in str(refused.value.messages)
    with pytest.raises(UserError):
        services.calcutta_bid(lot=lot(calcutta, 2), bidder="Bob", amount=100, recorded_by=organizer)
    assert CalcuttaBid.objects.count() == 1
    services.calcutta_sell(lot=first, recorded_by=organizer)
    with pytest.raises(UserError):
        services.calcutta_bid(lot=first, bidder="Bob", amount=9000, recorded_by=organizer)
    assert list(LedgerEntry.objects.values_list("kind", "amount")) == [("calcutta", 2000)]


def test_a_buy_back_over_the_share_is_refused(auction, organizer):
    _tournament, calcutta, entries = auction
    group = lot(calcutta, 3)
    services.calcutta_bid(lot=group, bidder="Ann", amount=1000, recorded_by=organizer)
    services.calcutta_sell(lot=group, recorded_by=organizer)
    with pytest.raises(UserError):
        services.calcutta_buyback(lot=group, entry=entries["Player 003"], share=6000)
    with pytest.raises(UserError):
        services.calcutta_buyback(lot=group, entry=entries["Player 001"], share=1000)
    # half of himself is a quarter of a lot of two
    assert (
        services.calcutta_buyback(lot=group, entry=entries["Player 003"], share=5000).share == 2500
    )


def test_the_auction_is_run_and_paid_out(auction, organizer, play, commit, client):
    tournament, calcutta, entries = auction
    sales = {1: ("Ann", 4000), 2: ("Bob", 3000), 3: ("Ann", 1000)}
    for number, (bidder, amount) in sales.items():
        services.calcutta_bid(
            lot=lot(calcutta, number), bidder="Cy", amount=500, recorded_by=organizer
        )
        services.calcutta_bid(
            lot=lot(calcutta, number), bidder=bidder, amount=amount, recorded_by=organizer
        )
        services.calcutta_sell(lot=lot(calcutta, number), recorded_by=organizer)
    services.calcutta_buyback(lot=lot(calcutta, 2), entry=entries["Player 002"], share=2500)
    commit(draw_services.tournament_start, tournament=tournament)
    with pytest.raises(UserError):
        services.calcutta_bid(
            lot=lot(calcutta, 1), bidder="Late", amount=99900, recorded_by=organizer
        )
    while matches := open_matches(tournament):
        for match in matches:
            play(match)  # the higher seed wins: 1, 2, then 3–4 (the group lot)
    settlement = calcutta_settlement(tournament)
    # sales 80 €, house 8 €, 72 € paid: 1st 50.40 → lot 1 (Ann), 2nd 21.60 → lot 2 (Bob,
    # who sold a quarter of it back to Player 002: 5.40 of it his), lot 3 (3–4) nothing
    assert settlement.sheet.sales == 8000 and settlement.sheet.house == 800
    assert settlement.block.balances
    won = {s.owner: (s.paid, s.won) for s in settlement.statements}
    prizes = {row.lot.number: row.prize for row in settlement.lots}
    assert prizes == {1: 5040, 2: 2160, 3: 0}
    assert won == {"Ann": (5000, 5040), "Bob": (2250, 1620), "Player 002": (750, 540)}
    assert sum(p for p, _w in won.values()) == 8000
    assert sum(w for _p, w in won.values()) == 7200
    sheet = full_payout_sheet(tournament)
    assert sheet.pools[-1].key == "calcutta" and sheet.balances
    client.login(username=organizer.username, password=PASSWORD)
    page = client.get(
        reverse("money:calcutta_statements", args=[tournament.club.slug, tournament.slug])
    )
    assert "Ann" in page.content.decode() and "50.40 €" in page.content.decode()


def test_refusals_are_in_the_readers_language(auction, organizer):
    from django.utils import translation

    _tournament, calcutta, entries = auction
    first = lot(calcutta, 1)
    services.calcutta_bid(lot=first, bidder="Ann", amount=2000, recorded_by=organizer)
    with translation.override("de"), pytest.raises(UserError) as refused:
        services.calcutta_bid(lot=first, bidder="Bob", amount=1500, recorded_by=organizer)
    assert refused.value.messages == ["Ein Gebot muss höher als das letzte sein."]
    services.calcutta_sell(lot=first, recorded_by=organizer)
    with translation.override("de"), pytest.raises(UserError) as refused:
        services.calcutta_buyback(lot=first, entry=entries["Player 001"], share=7000)
    assert "festgelegten Anteil" in refused.value.messages[0]
    assert not first.buybacks.exists() and first.bids.count() == 1


# --- Lots: several group lots, by hand or as teams by rating --------------------------------


def lots_of(calcutta):
    return [
        sorted(lot.entries.values_list("player__name", flat=True))
        for lot in CalcuttaLot.objects.filter(calcutta=calcutta).order_by("number")
    ]


@pytest.fixture
def eight(make_tournament, organizer, client):
    tournament = make_tournament(8, start=False)
    calcutta = services.calcutta_setup(tournament=tournament, min_bid=100)
    entries = {e.player.name: e.pk for e in tournament.entries.select_related("player")}
    client.login(username=organizer.username, password=PASSWORD)
    lots_url = reverse("money:calcutta_lots", args=[tournament.club.slug, tournament.slug])
    return tournament, calcutta, entries, lots_url


def test_several_group_lots_are_made_by_hand_on_the_page(eight, client):
    tournament, calcutta, entries, lots_url = eight
    picked = {"Player 005": 1, "Player 006": 1, "Player 007": 2, "Player 008": 2}
    client.post(
        lots_url,
        {"how": "hand", **{f"group-{entries[name]}": n for name, n in picked.items()}},
    )
    assert lots_of(calcutta) == [
        ["Player 001"],
        ["Player 002"],
        ["Player 003"],
        ["Player 004"],
        ["Player 005", "Player 006"],
        ["Player 007", "Player 008"],
    ]
    page = client.get(
        reverse("money:calcutta", args=[tournament.club.slug, tournament.slug])
    ).content.decode()
    # Made again while nothing is bid: the groups are picked as they are.
    assert f'id="group-{entries["Player 008"]}"><option value="">alone</option>' in page
    assert '<option value="2" selected>group 2</option>' in page


def test_a_bad_group_is_refused_and_the_lots_stay(eight, client):
    from money.services.calcutta import calcutta_make_lots_by_rating

    _tournament, calcutta, entries, lots_url = eight
    a, b, c = entries["Player 006"], entries["Player 007"], entries["Player 008"]
    services.calcutta_make_lots(calcutta=calcutta, groups=[[b, c]])
    before = lots_of(calcutta)
    for groups, message in (
        ([[a, b], [b, c]], "Player 007 is in two groups; a player is in one lot only."),
        ([[a, b], [c]], "A group lot needs at least two players."),
    ):
        with pytest.raises(UserError) as refused:
            services.calcutta_make_lots(calcutta=calcutta, groups=groups)
        assert refused.value.messages == [message]
        assert lots_of(calcutta) == before
    page = client.post(lots_url, {"how": "hand", f"group-{a}": "1"}, follow=True)
    assert "A group lot needs at least two players." in page.content.decode()
    page = client.post(lots_url, {"how": "rating", "singles": "2", "team_size": "1"}, follow=True)
    assert "A team has at least two players." in page.content.decode()
    with pytest.raises(UserError):
        calcutta_make_lots_by_rating(calcutta=calcutta, singles=2, team_size=1)
    assert lots_of(calcutta) == before


def test_teams_of_n_by_rating_the_strongest_alone_the_rest_teamed_from_the_weakest(
    make_tournament, organizer, client
):
    from money.services.calcutta import calcutta_make_lots_by_rating
    from ratings.models import ClubRating

    tournament = make_tournament(9, start=False)
    calcutta = services.calcutta_setup(tournament=tournament, min_bid=100)
    ratings = [1500, 1620, 1580, 1490, 1510, 1450, 1470, 1440, 1530]
    for entry, rating in zip(
        tournament.entries.select_related("player").order_by("seed"), ratings, strict=True
    ):
        ClubRating.objects.create(club=tournament.club, player=entry.player, rating=rating)
    # By rating: 2, 3, 9, 5, 1, 4, 7, 6, 8.
    calcutta_make_lots_by_rating(calcutta=calcutta, singles=3, team_size=2)
    assert lots_of(calcutta) == [
        ["Player 002"],
        ["Player 003"],
        ["Player 009"],
        ["Player 001", "Player 005"],
        ["Player 004", "Player 007"],
        ["Player 006", "Player 008"],
    ]
    # Teams of 4: 6 left after the singles, the 2 above the one full team sold alone.
    client.login(username=organizer.username, password=PASSWORD)
    client.post(
        reverse("money:calcutta_lots", args=[tournament.club.slug, tournament.slug]),
        {"how": "rating", "singles": "3", "team_size": "4"},
    )
    assert lots_of(calcutta) == [
        ["Player 002"],
        ["Player 003"],
        ["Player 009"],
        ["Player 005"],
        ["Player 001"],
        ["Player 004", "Player 006", "Player 007", "Player 008"],
    ]


def test_a_player_not_in_the_field_is_in_no_group(make_tournament, organizer):
    from entries import services as entry_services
    from tests.factories import PlayerFactory

    tournament = make_tournament(3, start=False)
    entry_services.signup_rules_set(tournament=tournament, capacity=3)
    waiting = entry_services.entry_sign_up(tournament=tournament, player=PlayerFactory(name="W"))
    calcutta = services.calcutta_setup(tournament=tournament, min_bid=100)
    first = tournament.entries.get(player__name="Player 001")
    with pytest.raises(UserError) as refused:
        services.calcutta_make_lots(calcutta=calcutta, groups=[[first.pk, waiting.pk]])
    assert "W has no place in the field" in refused.value.messages[0]
    assert not CalcuttaLot.objects.exists()
