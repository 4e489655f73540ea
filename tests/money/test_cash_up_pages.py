"""The cash-up page and its sheet as a treasurer uses them: the count typed in the club's
number format, a short count booked with its reason, a stale form refused, the sheet's
exports; the club's own method and the Calcutta's rounding unit in the money settings."""

from __future__ import annotations

import io
import re

import openpyxl
import pytest
from django.urls import reverse

from money import services
from money.cashup import till
from money.models import CashUp, LedgerEntry, LedgerKind
from money.selectors import club_money_settings
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client, organizer):
    client.login(username=organizer.username, password=PASSWORD)
    return client


@pytest.fixture
def books(club, organizer):
    """Fees of the night: 60 € in cash, 20 € by card, 15 € to the club's PayPal."""
    services.club_money_settings_update(club=club, own_method="PayPal")
    for amount, method in ((6000, "cash"), (2000, "card"), (1500, "other")):
        services.ledger_record(
            club=club, kind="fee", amount=amount, method=method, recorded_by=organizer
        )
    return club


def url_of(club, number=None):
    if number is None:
        return reverse("money_club:cash_up", args=[club.slug])
    return reverse("money_club:cash_up_sheet", args=[club.slug, number])


def token(page: str) -> str:
    return re.search(r'name="seen" value="([0-9a-f]+)"', page).group(1)


def german(client):
    client.post(reverse("set_language"), {"language": "de"})


def test_only_the_clubs_organizers_reach_the_cash_up(books, client, organizer):
    services.cash_up_take(
        club=books, counted={"cash": 6000, "card": 2000, "other": 1500}, recorded_by=organizer
    )
    UserFactory(username="someone")
    client.login(username="someone", password=PASSWORD)
    for url in (url_of(books), url_of(books, 1), url_of(books, 1) + "?_export=csv"):
        assert client.get(url).status_code == 403
    assert client.post(url_of(books), {"counted_cash": "0"}).status_code == 403
    assert CashUp.objects.count() == 1


def test_a_short_count_is_booked_with_its_reason(books, logged_in, organizer):
    german(logged_in)
    page = logged_in.get(url_of(books)).content.decode()
    assert "60,00 €" in page and "PayPal" in page
    form = {
        "seen": token(page),
        "counted_cash": "55,50",
        "counted_card": "20,00",
        "counted_transfer": "",
        "counted_other": "15",
        "reason": "",
    }
    # A difference needs its reason: refused, nothing stored, what was typed kept.
    page = logged_in.post(url_of(books), form).content.decode()
    assert CashUp.objects.count() == 0
    assert 'value="55,50"' in page
    response = logged_in.post(url_of(books), {**form, "reason": "Wechselgeld falsch"})
    assert response.status_code == 302 and response.url == url_of(books, 1)
    row = LedgerEntry.objects.get(kind=LedgerKind.CASH_UP)
    assert (row.method, row.amount, row.memo, row.recorded_by) == (
        "cash",
        -450,
        "Wechselgeld falsch",
        organizer,
    )
    sheet = logged_in.get(url_of(books, 1)).content.decode()
    assert "-4,50 €" in sheet and "55,50 €" in sheet and "Wechselgeld falsch" in sheet
    # The next count starts from what was counted.
    assert till(books).expected() == {"cash": 5550, "card": 2000, "transfer": 0, "other": 1500}


def test_an_amount_not_in_the_clubs_format_is_refused(books, logged_in):
    page = logged_in.get(url_of(books)).content.decode()
    form = {
        "seen": token(page),
        "counted_cash": "60,00,0",
        "counted_card": "20",
        "counted_other": "15",
    }
    page = logged_in.post(url_of(books), form).content.decode()
    assert "is not an amount in the expected format" in page
    assert CashUp.objects.count() == 0


def test_a_form_shown_before_a_movement_was_booked_is_refused_as_stale(books, logged_in, organizer):
    page = logged_in.get(url_of(books)).content.decode()
    form = {"seen": token(page), "counted_cash": "80", "counted_card": "20", "counted_other": "15"}
    services.ledger_record(
        club=books, kind="fee", amount=2000, method="cash", recorded_by=organizer
    )
    page = logged_in.post(url_of(books), form).content.decode()
    assert "while you counted" in page
    assert CashUp.objects.count() == 0
    # The page now shows the books with the new fee, and the count as typed.
    assert "80.00 €" in page and 'value="80"' in page
    assert logged_in.post(url_of(books), {**form, "seen": token(page)}).status_code == 302
    assert CashUp.objects.get().lines.get(method="cash").expected == 8000


def test_the_sheet_exports_as_csv_and_excel(books, logged_in, organizer):
    services.cash_up_take(
        club=books,
        counted={"cash": 5550, "card": 2000, "other": 1500},
        reason="Change given wrong",
        recorded_by=organizer,
    )
    german(logged_in)
    response = logged_in.get(url_of(books, 1) + "?_export=csv")
    assert response.status_code == 200
    assert "cash-up-1-" in response["Content-Disposition"]
    lines = response.content.decode("utf-8-sig").splitlines()
    assert len(lines) == 1 + 4 + 1
    cash = lines[1]  # the first method, cash ("Bar" in German)
    assert cash.startswith("Bar") and "60,00" in cash and "55,50" in cash and "-4,50" in cash
    assert "Change given wrong" in cash
    assert any("PayPal" in line for line in lines)
    logged_in.post(reverse("set_language"), {"language": "en"})
    book = openpyxl.load_workbook(
        io.BytesIO(logged_in.get(url_of(books, 1) + "?_export=xlsx").content)
    ).active
    cells = [[cell.value for cell in row] for row in book.iter_rows()]
    assert [row[6] for row in cells[1:]] == ["-4.50", "0.00", "0.00", "0.00", "-4.50"]


def test_past_cash_ups_are_listed_and_the_ledger_links_to_the_cash_up(books, logged_in, organizer):
    services.cash_up_take(
        club=books, counted={"cash": 6000, "card": 2000, "other": 1500}, recorded_by=organizer
    )
    page = logged_in.get(url_of(books)).content.decode()
    assert url_of(books, 1) in page and "No cash-up yet." not in page
    ledger = logged_in.get(reverse("money_club:ledger", args=[books.slug])).content.decode()
    assert url_of(books) in ledger


def test_the_clubs_own_method_and_the_calcutta_unit_are_settings(club, logged_in):
    german(logged_in)
    url = reverse("money_club:ledger", args=[club.slug])
    form = {
        "settings": "1",
        "settings-currency": "EUR",
        "settings-rounding_unit": "5,00",
        "settings-own_method": "  PayPal ",
        "settings-check_in_unpaid": "on",
    }
    page = logged_in.post(url, {**form, "settings-calcutta_rounding_unit": "0"}).content.decode()
    assert club_money_settings(club).pk is None
    assert 'name="settings-calcutta_rounding_unit"' in page
    logged_in.post(url, {**form, "settings-calcutta_rounding_unit": "0,50"})
    settings = club_money_settings(club)
    assert (settings.calcutta_rounding_unit, settings.own_method) == (50, "PayPal")
    page = logged_in.get(url).content.decode()
    assert 'value="0,50"' in page
    # Empty: to the cent.
    logged_in.post(url, {**form, "settings-calcutta_rounding_unit": ""})
    assert club_money_settings(club).calcutta_rounding_unit == 1
