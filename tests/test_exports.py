"""Table exports (standings and leaderboard): only formats that work, cells a spreadsheet
cannot run as formulas, a CSV Excel reads as UTF-8, a sheet named after what it shows."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from clubs.models import Player
from config.exports import neutralize_cell, sheet_title
from matches.services import match_record_final_score
from tests.conftest import open_matches
from tests.factories import GuestFactory, MembershipFactory

pytestmark = pytest.mark.django_db

NASTY = ['=HYPERLINK("http://evil.example","x")', "@SUM(1+1)", "+1+1", "-2+3", "\tTab", "\rCR"]


def standings_url(tournament):
    return reverse("tournaments:standings", args=[tournament.club.slug, tournament.slug])


@pytest.fixture
def played(make_tournament):
    """A finished first Swiss round whose players have dangerous and non-ASCII names."""
    tournament = make_tournament(8, format="swiss", swiss_rounds=2, name="Herbst: Open/2026")
    names = [*NASTY, "Jäger", "Jörg Weiß"]
    for entry, name in zip(tournament.entries.order_by("seed"), names, strict=True):
        Player.objects.filter(pk=entry.player_id).update(name=name)
    for match in open_matches(tournament):
        match_record_final_score(match=match, score_a=5, score_b=2)
    return tournament


@pytest.mark.parametrize("export_format", ["ods", "xls", "json", "yaml", "latex", "tsv", "pdf"])
def test_formats_that_do_not_work_are_refused_clearly(played, client, export_format):
    response = client.get(standings_url(played), {"_export": export_format})
    assert response.status_code == 400
    assert "CSV, XLSX" in response.content.decode()


def test_the_leaderboard_refuses_them_too(client, club):
    MembershipFactory(club=club, player=GuestFactory(name="Ann"))
    url = reverse("clubs:leaderboard", kwargs={"club": club.slug})
    assert client.get(url, {"_export": "ods"}).status_code == 400


def test_the_pages_offer_only_the_formats_that_work(played, client):
    page = client.get(standings_url(played)).content.decode()
    offered = {part.split('"')[0] for part in page.split("_export=")[1:]}
    assert offered == {"csv", "xlsx"}


def test_csv_cells_cannot_become_formulas_and_excel_reads_utf8(played, client):
    response = client.get(standings_url(played), {"_export": "csv"})
    assert response.status_code == 200
    assert response.content.startswith("\ufeff".encode())  # the byte-order mark
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header, body = rows[0], rows[1:]
    names = {row[header.index("Player")] for row in body}
    assert {"'" + name for name in NASTY} <= names
    assert {"Jäger", "Jörg Weiß"} <= names
    for row in body:
        assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row[1:2])
    # Numbers stay numbers, negative ones included.
    differences = [int(row[header.index("Difference")]) for row in body]
    assert sorted(differences) == [-3] * 4 + [3] * 4


def test_xlsx_cells_are_text_not_formulas_and_the_sheet_is_named(played, client):
    response = client.get(standings_url(played), {"_export": "xlsx"})
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    sheet = book.active
    assert sheet.title == "Standings Herbst  Open 2026"
    header = [cell.value for cell in sheet[1]]
    column = header.index("Player")
    cells = [row[column] for row in sheet.iter_rows(min_row=2)]
    assert all(cell.data_type != "f" for cell in cells)
    assert {cell.value for cell in cells} >= {"'" + NASTY[0], "'@SUM(1+1)", "Jäger"}


def test_the_leaderboard_sheet_is_named_after_the_club(client, club):
    MembershipFactory(club=club, player=GuestFactory(name="=1+2"))
    url = reverse("clubs:leaderboard", kwargs={"club": club.slug})
    response = client.get(url, {"_export": "xlsx"})
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    assert sheet.title == "Leaderboard Bar Club"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("=1+2", "'=1+2"),
        ("-3", "-3"),
        ("+4.5", "+4.5"),
        ("-cmd", "'-cmd"),
        (-3, -3),
        ("Ann", "Ann"),
        ("", ""),
        (None, None),
    ],
)
def test_neutralize_cell(value, expected):
    assert neutralize_cell(value) == expected


def test_sheet_titles_are_what_excel_accepts():
    assert sheet_title("A/B: [C]*?\\") == "A B   C"
    assert len(sheet_title("x" * 50)) == 31
    assert sheet_title("///") == "Sheet"
