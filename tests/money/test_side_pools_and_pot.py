"""Side pools paid by place among their own entrants, and the season's pot."""

from __future__ import annotations

import pytest
from django.urls import reverse

from config.errors import UserError
from money import services
from money.models import LedgerEntry
from money.seasonpot import season_pot_sheet
from money.sheets import payout_sheet
from tests.factories import PASSWORD, SeasonFactory
from tests.money.events import (
    HAND_WORKED,
    SIDE_POOL_HAND_WORKED,
    by_player_within_a_place,
    finished_event,
)

pytestmark = pytest.mark.django_db


def test_the_side_pool_is_on_the_sheet_as_worked_by_hand(make_tournament, play, organizer):
    event = finished_event(make_tournament, play, organizer, side_pool=True)
    sheet = payout_sheet(event)
    rows = [(r.pool, r.flight, r.place, r.player, r.prize, r.owed, r.net) for r in sheet.rows]
    expected = [("Prize pool", *row) for row in HAND_WORKED] + SIDE_POOL_HAND_WORKED
    assert by_player_within_a_place(rows, 3) == by_player_within_a_place(expected, 3)
    main, side = sheet.pools
    assert (side.money_in, side.money_out, side.balances) == (4000, 4000, True)
    assert [line.amount for line in side.lines] == [4000, 3600, 400]
    assert main.money_in == 17000  # the side pool's fees are not the prize pool's
    assert LedgerEntry.objects.filter(kind="side_pool").count() == 4


def test_a_player_enters_a_side_pool_once_and_a_refund_takes_him_out(make_tournament, organizer):
    tournament = make_tournament(4, start=False)
    pool = services.side_pool_create(tournament=tournament, name="Jackpot", fee=500)
    entry = tournament.entries.first()
    joined = services.side_pool_join(
        side_pool=pool, entry=entry, method="cash", recorded_by=organizer
    )
    with pytest.raises(UserError):
        services.side_pool_join(side_pool=pool, entry=entry, method="cash", recorded_by=organizer)
    services.side_pool_refund(joined=joined, recorded_by=organizer)
    assert list(LedgerEntry.objects.values_list("kind", "amount")) == [
        ("side_pool", 500),
        ("refund", -500),
    ]
    with pytest.raises(UserError):
        services.side_pool_create(
            tournament=tournament,
            name="Bad",
            fee=500,
            payout_table=[{"up_to": 4, "places": 2, "percentages": [10000]}],
        )


def test_the_season_pot_is_carried_and_paid_by_the_season_table(
    make_tournament, play, organizer, club, client
):
    season = SeasonFactory(club=club)
    event = finished_event(make_tournament, play, organizer, season=season)
    services.season_pot_update(
        season=season, payout_table=[{"up_to": 100, "places": 1, "percentages": [10000]}]
    )
    pot = season_pot_sheet(season, "Season pot")
    assert [c.amount for c in pot.carried] == [700]  # 5 % of 140 €
    assert [(r.place, r.player, r.prize) for r in pot.rows] == [("1", "Player 001", 700)]
    assert pot.block.balances
    assert payout_sheet(event).pools[0].lines[5].amount == 700
    client.login(username=organizer.username, password=PASSWORD)
    page = client.get(
        reverse("money_club:season_pot", args=[club.slug, season.slug])
    ).content.decode()
    assert "7.00 €" in page and "Player 001" in page


def test_the_side_pools_page(make_tournament, organizer, client):
    tournament = make_tournament(3, start=False)
    client.login(username=organizer.username, password=PASSWORD)
    url = reverse("money:side_pools", args=[tournament.club.slug, tournament.slug])
    bad = client.post(url, {"name": "Pot", "fee": "5", "payout_table": "4; 2; 70"})
    assert "fewer percentages" in bad.content.decode()
    assert client.post(url, {"name": "Pot", "fee": "5"}).status_code == 302
    pool = tournament.side_pools.get()
    entry = tournament.entries.first()
    join = reverse("money:side_pool_join", args=[tournament.club.slug, tournament.slug, pool.pk])
    client.post(join, {f"p{pool.pk}-entry": entry.pk, f"p{pool.pk}-method": "cash"})
    page = client.get(url).content.decode()
    assert entry.player.name in page and "5.00 €" in page
