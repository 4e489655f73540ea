"""The payout sheet a player reads: each place's percentage, each flight's total, a box to
sign for each prize paid out; its CSV in the reader's locale (German: ";" between fields, ","
in amounts, local times; English: "," and "."), its XLSX with numbers as numbers."""

from __future__ import annotations

import csv
import functools
import io
from datetime import UTC, datetime
from decimal import Decimal

import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation

from config.exports import csv_cell, csv_separators, local_time, xlsx_cell
from tests.conftest import new_club, new_organizer, played, tournament_made
from tests.factories import PASSWORD
from tests.money.hand_worked import finished_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def shared(module_db):
    organizer = new_organizer("sheet-organizer")
    club = new_club(organizer, "sheet")
    make = functools.partial(tournament_made, club, organizer)
    return organizer, finished_tournament(make, played, organizer, name="Sheet tournament")


@pytest.fixture(autouse=True)
def _own_caches(own_caches):
    """The tests share the tournament (``module_db``)."""


@pytest.fixture
def reader(shared, client):
    organizer, tournament = shared
    client.login(username=organizer.username, password=PASSWORD)

    def read(language, export=""):
        client.post(reverse("set_language"), {"language": language})
        url = reverse("money:payouts", args=[tournament.club.slug, tournament.slug])
        return client.get(url + (f"?_export={export}" if export else ""))

    return read


def rows_of(response, delimiter):
    text = response.content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text), delimiter=delimiter))


#: The hand-worked sheet (tests/money/hand_worked.py): flight, place, % of the flight's pool,
#: player, prize, fee owed, paid out; then each flight's total. German amounts and percents.
GERMAN = [
    ["Hauptrunde", "1", "50,00", "Player 001", "55,10", "", "55,10"],
    ["Hauptrunde", "2", "25,00", "Player 003", "25,00", "", "25,00"],
    ["Hauptrunde", "3–4", "25,00", "Player 002", "10,00", "", "10,00"],
    ["Hauptrunde", "3–4", "25,00", "Player 004", "10,00", "", "10,00"],
    ["Hauptrunde", "", "", "Summe", "100,10", "", ""],
    ["Trostrunde", "1", "70,00", "Player 008", "23,60", "20,00", "3,60"],
    ["Trostrunde", "2", "30,00", "Player 006", "5,00", "", "5,00"],
    ["Trostrunde", "", "", "Summe", "28,60", "", ""],
    ["Letzte Chance", "1", "70,00", "Player 005", "14,30", "", "14,30"],
    ["Letzte Chance", "", "", "Summe", "14,30", "", ""],
]


def prize_rows(rows):
    """The rows of the prize pool's flights, without the pool's name; a shared place's
    players by name (their order is the tie-breaks', which draw lots)."""
    found = [row[1:] for row in rows[1:] if row[1] not in ("Abrechnung", "Books")]
    assert len(found) == 10  # the prize pool's flights only: no side pool, no Calcutta
    return sorted(found[:4], key=lambda r: (r[1], r[3])) + found[4:]


def test_the_german_csv_has_semicolons_and_decimal_commas(reader):
    response = reader("de", "csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = rows_of(response, ";")
    assert rows[0][:2] == ["Topf", "Wettbewerb"] and len(rows[0]) == 8
    assert all(len(row) == 8 for row in rows)  # no amount's comma split a row
    assert prize_rows(rows) == GERMAN


def test_the_english_csv_has_commas_and_decimal_points(reader):
    rows = rows_of(reader("en", "csv"), ",")
    assert rows[0] == [
        "Pool",
        "Flight",
        "Place",
        "Share of the pool (%)",
        "Player",
        "Prize",
        "Fee owed",
        "Paid out",
    ]
    english = [
        [
            cell.replace(",", ".")
            .replace("Hauptrunde", "Main")
            .replace("Trostrunde", "Consolation")
            .replace("Letzte Chance", "Last Chance")
            .replace("Summe", "Total")
            for cell in row
        ]
        for row in GERMAN
    ]
    assert prize_rows(rows) == english
    books = {row[4]: row[5] for row in rows if row[1] == "Books"}
    assert books["Fees collected"] == "140.00" and books["Balances"] == "0.00"


def test_the_xlsx_keeps_numbers_numbers(reader):
    response = reader("de", "xlsx")
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    cells = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert cells[1][1:8] == ["Hauptrunde", "1", 50, "Player 001", 55.1, None, 55.1]


def test_the_page_shows_percentages_totals_and_a_box_to_sign(reader):
    page = reader("en").content.decode()
    assert page.count('data-testid="flight-total"') == 3
    assert "100.10 €" in page and "70 of the prize pool" not in page
    assert "70 % of the prize pool" in page and "50 %" in page and "÷ 2" in page
    # One box to sign per prize paid out (Player 008's 3.60 € after his fee included).
    assert page.count('class="signature-box"') == 7
    assert "Provisional" not in page


def test_times_in_a_csv_are_local_not_utc(settings, client, make_tournament, organizer):
    settings.TIME_ZONE = "Europe/Berlin"
    moment = datetime(2026, 7, 1, 16, 30, tzinfo=UTC)  # 18:30 in Berlin (summer time)
    assert local_time(moment) == datetime(2026, 7, 1, 18, 30)
    assert csv_cell("2026-07-01 16:30:00+00:00", ",") == "2026-07-01 18:30:00"
    assert xlsx_cell(moment) == datetime(2026, 7, 1, 18, 30)
    assert csv_cell(Decimal("-1234.50"), ",") == "-1234,50"
    with translation.override("de"):
        assert csv_separators() == (";", ",")
    with translation.override("en"):
        assert csv_separators() == (",", ".")
    # The players' list gives its sign-up times as django-tables2 does (ISO, UTC).
    tournament = make_tournament(2, start=False)
    client.login(username=organizer.username, password=PASSWORD)
    client.post(reverse("set_language"), {"language": "de"})
    url = reverse("entries:list", args=[tournament.club.slug, tournament.slug])
    rows = rows_of(client.get(url + "?_export=csv"), ";")
    signed_up = [entry.created_at for entry in tournament.entries.order_by("seed")]
    local = {local_time(when).strftime("%Y-%m-%d %H:%M:%S") for when in signed_up}
    assert local <= {cell for row in rows for cell in row}
    assert not any("+00:00" in cell for row in rows for cell in row)


def test_a_provisional_sheets_csv_has_no_paid_out(make_tournament, play, organizer, client):
    from tests.money.test_prizes_provisional_sheet import EIGHT_PLACES, at_the_quarter_finals

    tournament = at_the_quarter_finals(make_tournament, play, organizer, EIGHT_PLACES)
    client.login(username=organizer.username, password=PASSWORD)
    url = reverse("money:payouts", args=[tournament.club.slug, tournament.slug])
    response = client.get(url + "?_export=csv")
    assert "provisional" in response["Content-Disposition"]
    rows = rows_of(response, ",")
    assert "Paid out" not in rows[0]
    assert ["Prize pool", "Main", "1–4", "80.00", "To be decided", "80.10", ""] in rows
