"""Exports of entries, pairings and results, per round and for the tournament, the way the
standings export (``?_export=``, config.exports): CSV and Excel with numbers as numbers, a
page that prints; and the standings' place is a number in Excel."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from clubs.models import Player
from matches.services import match_record_final_score
from tests.conftest import open_matches

pytestmark = pytest.mark.django_db


def t_url(tournament, name, *args):
    return reverse(f"tournaments:{name}", args=[tournament.club.slug, tournament.slug, *args])


def csv_rows(response):
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def sheet_of(response):
    assert response.status_code == 200
    return openpyxl.load_workbook(io.BytesIO(response.content)).active


@pytest.fixture
def swiss(make_tournament, commit):
    """A Swiss of 5 (a bye each round), round 1 played 5–2 at every table."""
    tournament = make_tournament(5, format="swiss", swiss_rounds=2, name="Herbst")
    Player.objects.filter(entries__seed=3).update(name="=cmd()")
    for match in open_matches(tournament):
        commit(match_record_final_score, match=match, score_a=5, score_b=2)
    return tournament


def test_a_round_exports_its_pairings_and_results(swiss, client):
    url = t_url(swiss, "round", "swiss", 1)
    page = client.get(url).content.decode()
    assert 'href="?_export=csv"' in page and 'href="?_export=xlsx"' in page
    assert "data-print" in page
    header, *body = csv_rows(client.get(url, {"_export": "csv"}))
    assert header == [
        "Round",
        "Table",
        "Player",
        "Score",
        "Opponent's score",
        "Opponent",
        "Status",
        "Winner",
    ]
    assert len(body) == 3  # two tables and the bye
    played = [row for row in body if row[5] != "Bye"]
    assert {(row[3], row[4]) for row in played} == {("5", "2")}
    assert all(row[7] == row[2] for row in played)
    bye = next(row for row in body if row[5] == "Bye")
    assert bye[6] == "Bye" and bye[3] == bye[4] == ""
    assert "'=cmd()" in {cell for row in body for cell in row}  # no formula

    sheet = sheet_of(client.get(url, {"_export": "xlsx"}))
    assert sheet.title == "Swiss · Round 1"
    rows = list(sheet.iter_rows(min_row=2))
    scores = [row[3] for row in rows if row[5].value != "Bye"]
    assert {cell.value for cell in scores} == {5}
    assert all(cell.data_type == "n" for cell in scores)
    assert all(row[1].data_type == "n" for row in rows if row[1].value is not None)


def test_the_tournament_exports_every_round(swiss, client):
    url = t_url(swiss, "results")
    page = client.get(url).content.decode()
    assert 'href="?_export=csv"' in page and "data-print" in page
    assert "Swiss · Round 2" in page  # round 2 is drawn: its pairings are listed
    _header, *body = csv_rows(client.get(url, {"_export": "csv"}))
    assert {row[0] for row in body} == {"Swiss · Round 1", "Swiss · Round 2"}
    assert len(body) == 6
    sheet = sheet_of(client.get(url, {"_export": "xlsx"}))
    assert sheet.title == "Results Herbst"
    assert sheet.max_row == 7


def test_the_entries_export_with_seeds_as_numbers(swiss, client):
    url = swiss.get_absolute_url()
    assert 'href="?_export=csv"' in client.get(url).content.decode()
    header, *body = csv_rows(client.get(url, {"_export": "csv"}))
    assert header == ["Seed", "Player", "Status"]
    assert [row[0] for row in body] == ["1", "2", "3", "4", "5"]
    assert body[2][1] == "'=cmd()"
    sheet = sheet_of(client.get(url, {"_export": "xlsx"}))
    seeds = [row[0] for row in sheet.iter_rows(min_row=2)]
    assert [cell.value for cell in seeds] == [1, 2, 3, 4, 5]
    assert all(cell.data_type == "n" for cell in seeds)


def test_the_standings_place_is_a_number_in_excel(swiss, client):
    sheet = sheet_of(client.get(t_url(swiss, "standings"), {"_export": "xlsx"}))
    places = [row[0] for row in sheet.iter_rows(min_row=2)]
    assert places[0].value == 1 and places[0].data_type == "n"
    assert all(cell.data_type == "n" for cell in places if "–" not in str(cell.value))


def test_a_visitors_export_is_a_download_not_a_cached_page(swiss, client):
    response = client.get(t_url(swiss, "results"), {"_export": "csv"})
    assert "attachment" in response["Content-Disposition"]
    assert client.get(t_url(swiss, "results"), {"_export": "ods"}).status_code == 400
