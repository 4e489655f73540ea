"""The fees page, the money settings and the club's ledger, as an organizer uses them."""

from __future__ import annotations

import io

import openpyxl
import pytest
from django.urls import reverse

from money.models import EntryFee, LedgerEntry
from money.selectors import tournament_money
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client, organizer):
    client.login(username=organizer.username, password=PASSWORD)
    return client


def urls(tournament):
    args = [tournament.club.slug, tournament.slug]
    return {
        "fees": reverse("money:fees", args=args),
        "settings": reverse("money:settings", args=args),
        "ledger": reverse("money_club:ledger", args=[tournament.club.slug]),
    }


def test_only_organizers_see_the_money(make_tournament, client):
    tournament = make_tournament(2, start=False)
    UserFactory(username="someone")
    client.login(username="someone", password=PASSWORD)
    for url in urls(tournament).values():
        assert client.get(url).status_code == 403


def test_fees_are_set_paid_and_booked(make_tournament, logged_in, organizer):
    tournament = make_tournament(2, start=False)
    url = urls(tournament)
    response = logged_in.post(
        url["settings"],
        {"entry_fee": "20.00", "house_share": "10", "payout_table": ""},
    )
    assert response.status_code == 302, response.content.decode()
    assert tournament_money(tournament).entry_fee == 2000
    entry = tournament.entries.order_by("pk").first()
    action = reverse(
        "money:fee_action", args=[tournament.club.slug, tournament.slug, entry.pk, 1, "paid"]
    )
    logged_in.post(action, {"method": "transfer", "reference": "Ref 7"})
    fee = EntryFee.objects.get(entry=entry)
    assert (fee.status, fee.method, fee.reference, fee.recorded_by) == (
        "paid",
        "transfer",
        "Ref 7",
        organizer,
    )
    page = logged_in.get(url["fees"]).content.decode()
    assert "20.00 €" in page and "Ref 7" in page


def test_a_bad_amount_or_split_is_refused_in_the_readers_language(make_tournament, logged_in):
    tournament = make_tournament(4, start=False, format="main_consolation")
    url = urls(tournament)
    page = logged_in.post(url["settings"], {"entry_fee": "12.345"}, HTTP_ACCEPT_LANGUAGE="en")
    assert "is not an amount in the expected format" in page.content.decode()
    logged_in.post(reverse("set_language"), {"language": "de"})
    response = logged_in.post(
        url["settings"],
        {"entry_fee": "20,00", "split_main": "70", "split_consolation": "20"},
    )
    assert "100 %" in response.content.decode() and "Anteile" in response.content.decode()
    response = logged_in.post(
        url["settings"], {"entry_fee": "20,00", "payout_table": "8; 3; 70 30"}
    )
    assert "weniger Prozentsätze" in response.content.decode()
    assert tournament_money(tournament).pk is None  # nothing saved


def test_the_ledger_exports_and_reverses(make_tournament, logged_in):
    tournament = make_tournament(2, start=False)
    url = urls(tournament)
    logged_in.post(
        url["ledger"],
        {
            "book": "1",
            "book-kind": "costs",
            "book-direction": "out",
            "book-amount": "45.50",
            "book-method": "cash",
            "book-memo": "Room",
        },
    )
    row = LedgerEntry.objects.get()
    assert row.amount == -4550
    logged_in.post(
        reverse("money_club:reverse", args=[tournament.club.slug, row.pk]),
        {"reason": "Booked twice"},
    )
    assert list(LedgerEntry.objects.order_by("pk").values_list("amount", flat=True)) == [
        -4550,
        4550,
    ]
    sheet = openpyxl.load_workbook(
        io.BytesIO(logged_in.get(url["ledger"] + "?_export=xlsx").content)
    ).active
    cells = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert cells[0][:6] == ["No.", "Recorded at", "Kind", "Tournament", "Player", "Amount"]
    assert [line[5] for line in cells[1:]] == ["-45.50", "45.50"]
    csv = logged_in.get(url["ledger"] + "?_export=csv").content.decode("utf-8-sig")
    assert "Reversal" in csv and "Room" in csv


def test_the_clubs_rounding_unit_is_typed_as_an_amount(make_tournament, logged_in):
    from money.selectors import club_money_settings

    tournament = make_tournament(2, start=False)
    url = urls(tournament)["ledger"]
    form = {"settings": "1", "settings-currency": "EUR", "settings-check_in_unpaid": "on"}
    page = logged_in.post(url, {**form, "settings-rounding_unit": "5.5.0"}).content.decode()
    assert "is not an amount in the expected format" in page
    assert club_money_settings(tournament.club).pk is None
    logged_in.post(url, {**form, "settings-rounding_unit": "5.00"})
    assert club_money_settings(tournament.club).rounding_unit == 500
