"""The money counts the field: a waiting-list entry pays no fee, enters no side pool and is in
no Calcutta lot until it moves up (through the entries app's own waiting list), and then it
does; each page says what it counts."""

from __future__ import annotations

import pytest
from django.urls import reverse

from config.errors import UserError
from draw import services as draw_services
from entries import services as entry_services
from entries.models import EntryStatus
from money import selectors, services
from money.models import CalcuttaLot, EntryFee, LedgerEntry, SidePoolEntry
from money.services.calcutta import calcutta_add_lots
from tests.factories import PASSWORD, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def full(make_tournament, organizer, client):
    """Four players hold the four places (20 € each); Walter waits, number 1."""
    tournament = make_tournament(4, start=False)
    services.tournament_money_update(tournament=tournament, entry_fee=2000)
    entry_services.signup_rules_set(tournament=tournament, capacity=4)
    walter = entry_services.entry_sign_up(
        tournament=tournament, player=PlayerFactory(name="Walter Waiting")
    )
    assert walter.status == EntryStatus.WAITING
    client.login(username=organizer.username, password=PASSWORD)
    return tournament, walter


def url(tournament, name):
    return reverse(f"money:{name}", args=[tournament.club.slug, tournament.slug])


def fee_table(tournament):
    """Player → (amount owed or paid, status), for the players in the field."""
    return {
        row.entry.player.name: (row.amount, row.status)
        for row in selectors.fee_rows(tournament)
        if row.in_field
    }


def move_up(tournament, commit):
    """Player 004 withdraws; the waiting list moves up by itself (the entries app's listener)."""
    leaving = tournament.entries.get(player__name="Player 004")
    commit(entry_services.entry_withdraw, entry=leaving)
    return tournament.entries.get(player__name="Walter Waiting")


def test_a_waiting_entry_owes_no_fee_until_it_moves_up(full, organizer, client, commit):
    tournament, walter = full
    four = {f"Player 00{n}": (2000, "unpaid") for n in range(1, 5)}
    assert fee_table(tournament) == four
    page = client.get(url(tournament, "fees")).content.decode()
    assert "Walter Waiting" not in page
    assert "4 players in the field; not counted: 1 on the waiting list." in page
    with pytest.raises(UserError) as refused:
        services.fee_mark_paid(entry=walter, method="cash", recorded_by=organizer)
    assert "no place in the field" in refused.value.messages[0]
    assert not EntryFee.objects.filter(entry=walter).exists()
    assert not LedgerEntry.objects.exists()

    walter = move_up(tournament, commit)
    assert walter.status == EntryStatus.APPROVED
    page = client.get(url(tournament, "fees")).content.decode()
    assert 'data-player="Walter Waiting"' in page
    assert "4 players in the field; not counted: 1 withdrawn before the start." in page
    services.fee_mark_paid(entry=walter, method="cash", recorded_by=organizer)
    assert fee_table(tournament) == {
        **{name: four[name] for name in ("Player 001", "Player 002", "Player 003")},
        "Walter Waiting": (2000, "paid"),
    }
    assert list(LedgerEntry.objects.values_list("player__name", "amount")) == [
        ("Walter Waiting", 2000)
    ]


def test_a_fee_paid_before_a_withdrawal_is_listed_out_of_the_field_to_be_refunded(
    full, organizer, client, commit
):
    tournament, _walter = full
    leaving = tournament.entries.get(player__name="Player 004")
    services.fee_mark_paid(entry=leaving, method="cash", recorded_by=organizer)
    move_up(tournament, commit)
    rows = {
        row.entry.player.name: (row.amount, row.status, row.in_field, row.refund_due)
        for row in selectors.fee_rows(tournament)
    }
    assert rows["Player 004"] == (2000, "paid", False, True)
    assert rows["Walter Waiting"] == (2000, "unpaid", True, False)
    page = client.get(url(tournament, "fees")).content.decode()
    assert 'data-testid="out-of-the-field"' in page and "Refund due" in page
    services.fee_refund(entry=leaving, recorded_by=organizer)
    assert list(LedgerEntry.objects.values_list("player__name", "amount")) == [
        ("Player 004", 2000),
        ("Player 004", -2000),
    ]


def test_a_waiting_entry_enters_no_side_pool_until_it_moves_up(full, organizer, client, commit):
    tournament, walter = full
    pool = services.side_pool_create(tournament=tournament, name="Jackpot", fee=500)
    with pytest.raises(UserError):
        services.side_pool_join(side_pool=pool, entry=walter, method="cash", recorded_by=organizer)
    join = reverse("money:side_pool_join", args=[tournament.club.slug, tournament.slug, pool.pk])
    client.post(join, {f"p{pool.pk}-entry": walter.pk, f"p{pool.pk}-method": "cash"})
    assert not SidePoolEntry.objects.exists() and not LedgerEntry.objects.exists()
    page = client.get(url(tournament, "side_pools")).content.decode()
    assert "Walter Waiting" not in page
    assert "4 players in the field; not counted: 1 on the waiting list." in page

    walter = move_up(tournament, commit)
    page = client.get(url(tournament, "side_pools")).content.decode()
    assert f'<option value="{walter.pk}">Walter Waiting</option>' in page
    client.post(
        join,
        {
            f"p{pool.pk}-entry": walter.pk,
            f"p{pool.pk}-status": "paid",
            f"p{pool.pk}-method": "cash",
        },
    )
    assert list(SidePoolEntry.objects.values_list("entry__player__name", "status", "amount")) == [
        ("Walter Waiting", "paid", 500)
    ]
    assert list(LedgerEntry.objects.values_list("player__name", "amount")) == [
        ("Walter Waiting", 500)
    ]


def lots(calcutta):
    return [
        sorted(lot.entries.values_list("player__name", flat=True))
        for lot in CalcuttaLot.objects.filter(calcutta=calcutta).order_by("number")
    ]


def test_a_waiting_entry_is_in_no_lot_until_it_moves_up_and_the_lots_are_made_again(
    full, client, commit
):
    tournament, _walter = full
    calcutta = services.calcutta_setup(tournament=tournament, min_bid=100)
    services.calcutta_make_lots(calcutta=calcutta)
    assert lots(calcutta) == [["Player 001"], ["Player 002"], ["Player 003"], ["Player 004"]]
    page = client.get(url(tournament, "calcutta")).content.decode()
    assert "4 players in the field; not counted: 1 on the waiting list." in page
    assert "Walter Waiting" not in page

    move_up(tournament, commit)
    page = client.get(url(tournament, "calcutta")).content.decode()
    assert "Came into the field after the lots were made" in page
    assert "In a lot but no longer in the field" in page
    notice = page[page.index('data-testid="lots-out-of-step"') :]
    assert notice.index("Walter Waiting") < notice.index("Player 004")
    assert "Nothing is bid yet: make the lots again below." in page
    client.post(url(tournament, "calcutta_lots"), {"how": "hand"})
    assert lots(calcutta) == [["Player 001"], ["Player 002"], ["Player 003"], ["Walter Waiting"]]
    page = client.get(url(tournament, "calcutta")).content.decode()
    assert 'data-testid="lots-out-of-step"' not in page


def test_a_player_who_moves_up_once_lots_are_sold_gets_a_lot_of_his_own(
    full, organizer, client, commit
):
    tournament, _walter = full
    calcutta = services.calcutta_setup(tournament=tournament, min_bid=100)
    services.calcutta_make_lots(calcutta=calcutta)
    first = CalcuttaLot.objects.get(calcutta=calcutta, number=1)
    services.calcutta_bid(lot=first, bidder="Ann", amount=3000, recorded_by=organizer)
    services.calcutta_sell(lot=first, recorded_by=organizer)
    move_up(tournament, commit)
    with pytest.raises(UserError):
        services.calcutta_make_lots(calcutta=calcutta)  # bid on: the lots stay
    page = client.get(url(tournament, "calcutta")).content.decode()
    assert "The lots are bid on already, so they stay as they are." in page
    client.post(url(tournament, "calcutta_lots"), {"how": "add"})
    assert lots(calcutta) == [
        ["Player 001"],
        ["Player 002"],
        ["Player 003"],
        ["Player 004"],
        ["Walter Waiting"],
    ]
    first.refresh_from_db()
    assert (first.buyer, first.price) == ("Ann", 3000)
    with pytest.raises(UserError) as refused:
        calcutta_add_lots(calcutta=calcutta)
    assert refused.value.messages == ["Every player in the field has a lot."]


def test_after_the_draw_a_no_show_is_out_of_the_field(make_tournament, organizer, commit):
    tournament = make_tournament(5, start=False, require_check_in=True)
    services.tournament_money_update(tournament=tournament, entry_fee=2000)

    entries = {e.player.name: e for e in tournament.entries.select_related("player")}
    for name in ("Player 001", "Player 002", "Player 003", "Player 004"):
        entry_services.entry_check_in(entry=entries[name])
    services.fee_mark_paid(entry=entries["Player 005"], method="cash", recorded_by=organizer)
    commit(draw_services.tournament_start, tournament=tournament)
    tournament.refresh_from_db()
    count = selectors.field_count(tournament)
    assert count.note == "4 players in the field; not counted: 1 who did not check in."
    rows = {
        row.entry.player.name: (row.amount, row.status, row.in_field, row.refund_due)
        for row in selectors.fee_rows(tournament)
    }
    assert rows == {
        "Player 001": (2000, "unpaid", True, False),
        "Player 002": (2000, "unpaid", True, False),
        "Player 003": (2000, "unpaid", True, False),
        "Player 004": (2000, "unpaid", True, False),
        "Player 005": (2000, "paid", False, True),
    }
