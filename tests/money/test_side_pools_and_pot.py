"""Side pools paid by place among their own entrants, and the season's pot."""

from __future__ import annotations

import pytest
from django.urls import reverse

from config.errors import UserError
from money import services
from money.models import LedgerEntry, SidePoolEntry
from money.seasonpot import season_pot_sheet
from money.selectors import side_pool_owed, side_pool_states
from money.services.pools import side_pool_leave, side_pool_mark_paid, side_pool_waive
from money.sheets import payout_sheet
from tests.factories import PASSWORD, SeasonFactory
from tests.money.hand_worked import (
    HAND_WORKED,
    SIDE_POOL_HAND_WORKED,
    by_player_within_a_place,
    finished_tournament,
)

pytestmark = pytest.mark.django_db


def test_the_side_pool_is_on_the_sheet_as_worked_by_hand(make_tournament, play, organizer):
    tournament = finished_tournament(make_tournament, play, organizer, side_pool=True)
    sheet = payout_sheet(tournament)
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
    tournament = finished_tournament(make_tournament, play, organizer, season=season)
    services.season_pot_update(
        season=season, payout_table=[{"up_to": 100, "places": 1, "percentages": [10000]}]
    )
    pot = season_pot_sheet(season, "Season pot")
    assert [c.amount for c in pot.carried] == [700]  # 5 % of 140 €
    assert [(r.place, r.player, r.prize) for r in pot.rows] == [("1", "Player 001", 700)]
    assert pot.block.balances
    assert payout_sheet(tournament).pools[0].lines[5].amount == 700
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


def test_an_entrant_pays_owes_or_is_let_off_the_fee_as_for_entry_fees(
    make_tournament, organizer, client
):
    tournament = make_tournament(4, start=False)
    pool = services.side_pool_create(tournament=tournament, name="Jackpot", fee=500)
    entries = {e.player.name: e for e in tournament.entries.select_related("player")}

    def join(name, **how):
        return services.side_pool_join(
            side_pool=pool, entry=entries[name], recorded_by=organizer, **how
        )

    paid = join("Player 001", method="card", reference="R1")
    owing = join("Player 002", status="unpaid")
    waived = join("Player 003", status="waived")
    for bad in ({"status": "refunded", "method": "cash"}, {"status": "paid"}):
        with pytest.raises(UserError):
            join("Player 004", **bad)
    assert SidePoolEntry.objects.count() == 3
    (state,) = side_pool_states(tournament)
    assert (state.players, state.paid, state.unpaid, state.waived) == (3, 1, 1, 1)
    assert (state.collected, state.owed) == (500, 500)
    assert side_pool_owed(tournament) == {entries["Player 002"].pk: 500}
    client.login(username=organizer.username, password=PASSWORD)
    page = client.get(
        reverse("money:side_pools", args=[tournament.club.slug, tournament.slug])
    ).content.decode()
    assert "owed, set against a prize" in page and "Player 004" in page

    with pytest.raises(UserError):  # only a paid fee is refunded
        services.side_pool_refund(joined=owing, recorded_by=organizer)
    with pytest.raises(UserError):  # a paid one is refunded, not taken out
        side_pool_leave(joined=paid)
    with pytest.raises(UserError):  # only an unpaid fee is waived
        side_pool_waive(joined=paid, recorded_by=organizer)
    side_pool_mark_paid(joined=owing, method="cash", recorded_by=organizer)
    side_pool_leave(joined=waived)
    services.side_pool_refund(joined=paid, recorded_by=organizer)
    assert side_pool_owed(tournament) == {}
    (state,) = side_pool_states(tournament)
    assert (state.players, state.collected) == (1, 500)
    assert list(LedgerEntry.objects.values_list("player__name", "kind", "method", "amount")) == [
        ("Player 001", "side_pool", "card", 500),
        ("Player 002", "side_pool", "cash", 500),
        ("Player 001", "refund", "card", -500),
    ]


def test_the_side_pools_page_records_each_kind_of_entrant(make_tournament, organizer, client):
    tournament = make_tournament(3, start=False)
    pool = services.side_pool_create(tournament=tournament, name="Pot", fee=1000)
    client.login(username=organizer.username, password=PASSWORD)
    args = [tournament.club.slug, tournament.slug]
    join = reverse("money:side_pool_join", args=[*args, pool.pk])
    entries = {e.player.name: e for e in tournament.entries.select_related("player")}
    for name, status in (("Player 001", "unpaid"), ("Player 002", "waived")):
        client.post(
            join,
            {
                f"p{pool.pk}-entry": entries[name].pk,
                f"p{pool.pk}-status": status,
                f"p{pool.pk}-method": "cash",
            },
        )
    owing = SidePoolEntry.objects.get(entry__player__name="Player 001")
    page = client.get(reverse("money:side_pools", args=args)).content.decode()
    assert 'data-testid="side-pool-owed">10.00 €' in page
    assert 'data-testid="side-pool-collected">0.00 €' in page
    entrant = reverse("money:side_pool_entrant", args=[*args, owing.pk, "paid"])
    client.post(entrant, {"method": "transfer"})
    other = reverse("money:side_pool_entrant", args=[*args, 999_999, "leave"])
    assert client.post(other).status_code == 404  # nobody: refused, nothing changes
    assert list(
        SidePoolEntry.objects.order_by("entry__player__name").values_list(
            "entry__player__name", "status", "method"
        )
    ) == [("Player 001", "paid", "transfer"), ("Player 002", "waived", "")]
    assert list(LedgerEntry.objects.values_list("player__name", "amount")) == [("Player 001", 1000)]


def side_pool_night(make_tournament, play, organizer):
    """Entrants 2 (paid), 3 (unpaid), 5 (waived), 7 (paid) and 6 (paid, refunded: out) of
    the side pool of the hand-worked tournament (tests/money/hand_worked.py)."""
    tournament = finished_tournament(make_tournament, play, organizer)
    pool = services.side_pool_create(
        tournament=tournament,
        name="Side pool",
        fee=1000,
        house_share=1000,
        payout_table=[{"up_to": 4, "places": 2, "percentages": [7000, 3000]}],
    )
    entries = {e.player.name: e for e in tournament.entries.select_related("player")}
    how = {
        "Player 002": {"method": "cash"},
        "Player 003": {"status": "unpaid"},
        "Player 005": {"status": "waived"},
        "Player 006": {"method": "cash"},
        "Player 007": {"method": "cash"},
    }
    joined = {
        name: services.side_pool_join(
            side_pool=pool, entry=entries[name], recorded_by=organizer, **kwargs
        )
        for name, kwargs in how.items()
    }
    services.side_pool_refund(joined=joined["Player 006"], recorded_by=organizer)
    return tournament, pool, entries


def test_waived_and_unpaid_entrants_play_for_the_prizes_of_the_money_paid(
    make_tournament, play, organizer
):
    """The main flight's places among the entrants: 3 (2nd) first, 2 (3–4) second, 5 and 7
    (5–8) 3–4. The money is the fees paid: 20 €, the house 10 %: 18 € paid, 70/30, rounded
    down to 5 €: 1st 12.60 → 10, 2nd 5.40 → 5; the 3 € left to the 1st: 13 €. Player 3 owes
    his 10 €."""
    tournament, pool, entries = side_pool_night(make_tournament, play, organizer)
    sheet = payout_sheet(tournament)
    side = [(r.place, r.player, r.prize) for r in sheet.rows if r.pool == "Side pool"]
    assert side == [("1", "Player 003", 1300), ("2", "Player 002", 500)]
    block = next(p for p in sheet.pools if p.key == f"side-{pool.pk}")
    assert (block.money_in, block.money_out, block.balances) == (2000, 2000, True)
    assert [line.amount for line in block.lines[:3]] == [2000, 1800, 200]
    assert side_pool_owed(tournament) == {entries["Player 003"].pk: 1000}


def test_an_unpaid_side_pool_fee_is_set_against_the_players_prizes_when_they_are_paid(
    make_tournament, play, organizer
):
    """Player 3 wins 25 € in the main flight and 13 € in the side pool, whose 10 € fee he
    owes: booked, he is paid 28 € in cash, his side-pool fee is paid "set against a prize",
    and the side pool's sheet stays what it was (its money is the fees paid before)."""
    from money.models import LedgerEntry

    tournament, pool, entries = side_pool_night(make_tournament, play, organizer)
    before = payout_sheet(tournament)
    services.payouts_book(tournament=tournament, recorded_by=organizer)
    paid = {}
    for name, method, amount in LedgerEntry.objects.filter(
        tournament=tournament, kind="prize"
    ).values_list("player__name", "method", "amount"):
        paid.setdefault(name, {}).setdefault(method, 0)
        paid[name][method] -= amount
    assert paid["Player 003"] == {"set_off": 1000, "cash": 2800}
    assert paid["Player 002"] == {"cash": 1000 + 500}  # 3–4 in the main flight, 2nd here
    joined = SidePoolEntry.objects.get(side_pool=pool, entry=entries["Player 003"])
    assert (joined.status, joined.method) == ("paid", "set_off")
    side_row = LedgerEntry.objects.get(tournament=tournament, kind="side_pool", method="set_off")
    assert (side_row.player.name, side_row.amount) == ("Player 003", 1000)
    after = payout_sheet(tournament)
    assert [(r.pool, r.place, r.player, r.prize, r.owed) for r in after.rows] == [
        (r.pool, r.place, r.player, r.prize, r.owed) for r in before.rows
    ]
    side = next(p for p in after.pools if p.key == f"side-{pool.pk}")
    assert (side.money_in, side.money_out, side.balances) == (2000, 2000, True)


def test_the_payment_pages_name_the_clubs_own_method_as_the_club_does(
    make_tournament, organizer, client
):
    tournament = make_tournament(3, start=False)
    services.side_pool_create(tournament=tournament, name="Pot", fee=1000)
    services.club_money_settings_update(club=tournament.club, own_method="PayPal")
    client.login(username=organizer.username, password=PASSWORD)
    args = [tournament.club.slug, tournament.slug]
    for page in ("money:fees", "money:side_pools"):
        html = client.get(reverse(page, args=args)).content.decode()
        assert '<option value="other">PayPal</option>' in html
        assert 'value="set_off"' not in html
