"""Elimination standings: the table ranks by place (the same places the placings show), the
exports carry the place, and a double elimination names its rounds as players know them."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from standings.placings import placings
from tests.conftest import new_club, new_organizer, open_matches, played, tournament_made

pytestmark = pytest.mark.django_db


def url(tournament, name, *args, **query):
    base = reverse(f"tournaments:{name}", args=[tournament.club.slug, tournament.slug, *args])
    return base + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


@pytest.fixture(scope="module")
def double_with_reset(module_db):
    """Eight players, double elimination with a reset. Slot one wins every match but the
    first grand final: the losers' champion (out of the winners' bracket in round one) wins
    five matches and is second; the champion wins four. Built once: the tests only read it."""
    organizer = new_organizer("shared-organizer")
    tournament = tournament_made(
        new_club(organizer, "shared"),
        organizer,
        8,
        format="double_elimination",
        grand_final_reset=True,
    )
    while matches := open_matches(tournament):
        for match in matches:
            played(match, winner=match.entry_b if match.bracket_key == "F1" else match.entry_a)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    return tournament


@pytest.fixture(autouse=True)
def _own_caches(own_caches):
    """The tests share the tournament (``module_db``)."""


def test_the_table_ranks_by_place_and_exports_the_place(double_with_reset, client):
    places = placings([double_with_reset])[double_with_reset.pk]
    names = {e.pk: e.player.name for e in double_with_reset.entries.select_related("player")}
    expected = sorted((places[entry][0], names[entry]) for entry in places)
    assert [(str(place), name) for place, name in expected][:2] == [
        ("1", "Player 001"),
        ("2", expected[1][1]),
    ]

    def check(rows):
        """Rows in place order, each player in their place (the table orders a shared
        place by its tie-breaks, the expectation by name)."""
        found = [(str(row[0]), row[1]) for row in rows]
        assert [place for place, _name in found] == [str(place) for place, _name in expected]
        rank = {str(place): place for place, _name in expected}
        assert sorted((rank[place], name) for place, name in found) == expected

    export = client.get(url(double_with_reset, "standings", _export="csv"))
    header, *body = list(csv.reader(io.StringIO(export.content.decode("utf-8-sig"))))
    assert header[:2] == ["Place", "Player"]
    check(body)
    won = [int(row[header.index("Won")]) for row in body]
    assert won[0] < won[1]  # the runner-up won more matches, and is still second

    sheet = openpyxl.load_workbook(
        io.BytesIO(client.get(url(double_with_reset, "standings", _export="xlsx")).content)
    ).active
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert rows[0][:2] == ["Place", "Player"]
    check(rows[1:])

    page = client.get(url(double_with_reset, "standings")).content.decode()
    table = page[page.index('class="table standings"') :]
    assert "Rank" not in page
    assert table.index(">Player 001<") < table.index(f">{expected[1][1]}<")


def test_a_running_bracket_shares_the_place_of_players_still_in(make_tournament, play, client):
    tournament = make_tournament(4, format="single_elimination")
    for match in open_matches(tournament):
        play(match)  # seeds 1 and 2 reach the final
    export = client.get(url(tournament, "standings", _export="csv")).content.decode("utf-8-sig")
    _header, *body = list(csv.reader(io.StringIO(export)))
    assert [row[0] for row in body] == ["1–2", "1–2", "3–4", "3–4"]
    assert {row[1] for row in body[:2]} == {"Player 001", "Player 002"}


def test_double_elimination_rounds_are_named_as_players_know_them(double_with_reset, client):
    final = client.get(url(double_with_reset, "bracket", "final")).content.decode()
    assert "Grand final (reset)" in final and "Grand final<" in final
    assert "Semi-finals" not in final and ">Final<" not in final
    losers = client.get(url(double_with_reset, "bracket", "losers")).content.decode()
    assert "Losers&#x27; round 1" in losers and "Losers&#x27; final" in losers
    assert ">Final<" not in losers and "Semi-finals" not in losers
    winners = client.get(url(double_with_reset, "bracket", "main")).content.decode()
    assert "Winners&#x27; final" in winners and ">Final<" not in winners


def test_the_export_carries_consolation_places(make_tournament, play, client):
    tournament = make_tournament(8, format="main_consolation")
    while matches := open_matches(tournament):
        for match in matches:
            play(match)
    export = client.get(url(tournament, "standings", _export="csv")).content.decode("utf-8-sig")
    header, *body = list(csv.reader(io.StringIO(export)))
    assert header[:3] == ["Place", "Player", "Other flights"]
    assert [row[0] for row in body] == ["1", "2", "3–4", "3–4", "5–8", "5–8", "5–8", "5–8"]
    assert sorted(row[2] for row in body[4:]) == [
        "Consolation 1",
        "Consolation 2",
        "Consolation 3–4",
        "Consolation 3–4",
    ]
    assert all(row[2] == "" for row in body[:4])
    swiss = make_tournament(4, format="swiss", swiss_rounds=2, name="Swiss")
    export = client.get(url(swiss, "standings", _export="csv")).content.decode("utf-8-sig")
    assert "Other flights" not in export


@pytest.mark.parametrize(
    ("stage", "number", "heading"),
    [
        ("final", 1, "<h1>Grand final</h1>"),
        ("final", 2, "<h1>Grand final (reset)</h1>"),
        ("losers", 1, "<h1>Losers&#x27; round 1</h1>"),
        ("losers", 4, "<h1>Losers&#x27; final</h1>"),
        ("main", 3, "<h1>Winners&#x27; final</h1>"),
    ],
)
def test_a_double_elimination_round_page_names_its_round(
    double_with_reset, client, stage, number, heading
):
    page = client.get(url(double_with_reset, "round", stage, number)).content.decode()
    assert heading in page


def test_a_knockout_round_page_names_its_round(make_tournament, client):
    tournament = make_tournament(8, format="single_elimination")
    page = client.get(url(tournament, "round", "main", 2)).content.decode()
    assert "<h1>Main · Semi-finals</h1>" in page
