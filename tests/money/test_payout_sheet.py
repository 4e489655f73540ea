"""The payout sheet of a Main / Consolation / Last Chance tournament against the hand-worked one,
and its exports."""

from __future__ import annotations

import functools
import io

import openpyxl
import pytest
from django.urls import reverse

from money.sheets import payout_sheet
from tests.conftest import new_club, new_organizer, played, tournament_made
from tests.factories import PASSWORD
from tests.money.hand_worked import HAND_WORKED, by_player_within_a_place, finished_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def shared(module_db):
    """The finished tournament, built once: the tests read it, or change it and are rolled back."""
    organizer = new_organizer("shared-organizer")
    club = new_club(organizer, "shared")
    make = functools.partial(tournament_made, club, organizer)
    return organizer, club, finished_tournament(make, played, organizer, name="Shared tournament")


@pytest.fixture
def organizer(shared):
    return shared[0]


@pytest.fixture
def club(shared):
    return shared[1]


@pytest.fixture
def tournament(shared):
    return shared[2]


@pytest.fixture(autouse=True)
def _own_caches(own_caches):
    """The tests share the tournament (``module_db``)."""


def test_the_sheet_is_the_hand_worked_one(tournament):
    sheet = payout_sheet(tournament)
    assert sheet.final
    rows = [(r.flight, r.place, r.player, r.prize, r.owed, r.net) for r in sheet.rows]
    assert by_player_within_a_place(rows, 2) == by_player_within_a_place(HAND_WORKED, 2)
    (books,) = sheet.pools
    assert books.balances and books.money_in == books.money_out == 17000
    assert [line.amount for line in books.lines] == [14000, 3000, 14300, 1400, 600, 700]
    assert books.remainder == 510 + 360 + 430
    assert payout_sheet(tournament).rows == sheet.rows  # computed again: the same


def test_the_sheet_exports_in_the_readers_format(tournament, client, organizer):
    client.login(username=organizer.username, password=PASSWORD)
    url = reverse("money:payouts", args=[tournament.club.slug, tournament.slug])
    client.post(reverse("set_language"), {"language": "de"})
    page = client.get(url).content.decode()
    assert "55,10 €" in page and "Die Bücher gehen auf" in page
    book = openpyxl.load_workbook(io.BytesIO(client.get(url + "?_export=xlsx").content)).active
    cells = [[c.value for c in row] for row in book.iter_rows()]
    assert cells[1][1:6] == ["Hauptrunde", "1", 50, "Player 001", 55.1]  # numbers stay numbers
    csv = client.get(url + "?_export=csv").content.decode("utf-8-sig")
    assert "Player 008" in csv and "23,60" in csv and "3,60" in csv


def test_the_api_reads_pools_payouts_and_the_ledger_for_organizers_only(
    tournament, client, organizer
):
    from tests.factories import UserFactory

    urls = [
        f"/api/tournaments/{tournament.pk}/pools",
        f"/api/tournaments/{tournament.pk}/payouts",
        f"/api/clubs/{tournament.club.slug}/ledger",
    ]
    for url in urls:
        assert client.get(url).status_code in (401, 403)
    UserFactory(username="visitor")
    client.login(username="visitor", password=PASSWORD)
    for url in urls:
        assert client.get(url).status_code in (403, 404)
    client.login(username=organizer.username, password=PASSWORD)
    pools = client.get(urls[0]).json()
    assert pools[0]["balances"] and pools[0]["money_in"] == 17000
    payouts = client.get(urls[1]).json()
    assert [(p["player"], p["prize"], p["fee_owed"], p["paid_out"]) for p in payouts][4] == (
        "Player 008",
        2360,
        2000,
        360,
    )
    ledger = client.get(urls[2]).json()
    assert len(ledger) == 7 and {row["kind"] for row in ledger} == {"fee"}
    assert all(row["recorded_by"] == organizer.username for row in ledger)


def test_the_payouts_are_booked_once_and_may_be_booked_again_once_reversed(tournament, organizer):
    from config.errors import UserError
    from money import services
    from money.currency import number_format
    from money.ledgertexts import ledger_text
    from money.models import LedgerEntry

    before = set(LedgerEntry.objects.values_list("pk", flat=True))
    assert (
        services.payouts_book(tournament=tournament, recorded_by=organizer) == 8
    )  # 7 prizes, costs
    rows = LedgerEntry.objects.exclude(pk__in=before).order_by("pk")
    assert sum(rows.values_list("amount", flat=True)) == -(14300 - 2000) - 600
    owed = rows.get(player__name="Player 008", kind="prize", method="cash")
    text = ledger_text(owed.text_key, owed.text_params, number_format("EUR", "en"))
    assert owed.amount == -360 and "20.00 €" in text
    with pytest.raises(UserError):
        services.payouts_book(tournament=tournament, recorded_by=organizer)
    for row in rows.filter(amount__lt=0):  # a line's rows are reversed together
        if not LedgerEntry.objects.filter(reverses=row).exists():
            services.ledger_reverse(entry=row, recorded_by=organizer, reason="Booked wrongly")
    assert services.payouts_book(tournament=tournament, recorded_by=organizer) == 8


def test_costs_before_any_fee_is_paid_are_said_on_the_sheet(make_tournament, client, organizer):
    from money import services

    tournament = make_tournament(4, start=False)
    services.tournament_money_update(tournament=tournament, entry_fee=2000, fixed_costs=5000)
    client.login(username=organizer.username, password=PASSWORD)
    page = client.get(reverse("money:payouts", args=[tournament.club.slug, tournament.slug]))
    assert page.status_code == 200
    assert "the costs and the pot are more than the money" in page.content.decode()
    pools = client.get(f"/api/tournaments/{tournament.pk}/pools").json()
    assert pools[0]["balances"] is False and pools[0]["money_out"] == 5000
