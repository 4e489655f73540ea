"""A kept match file move by move: the match page links it, the page lists every roll, play and
cube action with GNU Backgammon's Position ID and Match ID of the position it was made in."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from matches.models import Match, MatchFile
from matches.services import match_import_file
from tests.conftest import MAT_FIXTURES, mat

pytestmark = pytest.mark.django_db

DIALECTS = MAT_FIXTURES / "dialects"


def record_url(match: Match, stored: MatchFile) -> str:
    tournament = match.round.stage.tournament
    return reverse(
        "matchfiles:record", args=[tournament.club.slug, tournament.slug, match.pk, stored.pk]
    )


def detail_url(match: Match) -> str:
    tournament = match.round.stage.tournament
    return reverse("matches:detail", args=[tournament.club.slug, tournament.slug, match.pk])


def rows(html: str) -> list[list[str]]:
    """The cells of every row of the move tables, as text."""
    found = []
    for row in re.findall(r"<tr class=\"move-.*?</tr>", html, re.DOTALL):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.DOTALL)
        found.append([re.sub(r"<[^>]+>", "", cell).strip() for cell in cells])
    return found


def test_the_match_page_links_the_moves_of_its_file(client, make_match):
    match = make_match()
    stored = match_import_file(match=match, text=mat("gnubg_03pt_s104"), name="final.mat").file
    page = client.get(detail_url(match))
    assert f'href="{record_url(match, stored)}"' in page.text
    assert "Move by move, with the positions" in page.text


def test_every_action_with_its_position_id_and_match_id(client, make_match):
    match = make_match()
    stored = match_import_file(match=match, text=mat("gnubg_03pt_s104"), name="final.mat").file

    response = client.get(record_url(match, stored))

    assert response.status_code == 200
    html = response.text
    assert "The match move by move" in html and "Alice – Bob" in html
    assert "Game 1 · 0–0" in html and "Game 2 · 0–1" in html and "Game 3 · 1–1" in html
    table = rows(html)
    # Game 1 as the file has it: moves, then Alice's double that Bob drops.
    assert table[0] == ["1", "Alice", "64", "24/18 18/14", "4HPwATDgc/ABMA", "MAFzAAAAAAAE"]
    assert table[1][:4] == ["1", "Bob", "65", "24/18 18/13"]
    assert table[9][:4] == ["5", "Bob", "", "Doubles to 2"]
    assert table[10][:4] == ["6", "Alice", "", "Drops"]
    # The bar and bearing off as players write them; the result of a game.
    plays = [row[3] for row in table]
    assert "bar/22 13/9" in plays and "bar/24 13/8" in plays
    assert "6/1 6/1 5/off 5/off" in plays and "3/off 2/off" in plays
    assert ["", "Alice", "", "Wins 4 points"] in [row[:4] for row in table]
    # Every ID is the engine's reading of the file, one row per action.
    from backgammon import matfile

    log = matfile.match_log(matfile.parse(mat("gnubg_03pt_s104")))
    assert [(row[4], row[5]) for row in table] == [(e.position_id, e.match_id) for e in log]
    assert html.count('class="gnubg-id"') == 2 * len(log)


def test_the_positions_are_gnubgs_own(client, make_match):
    """Position IDs of every move as GNU Backgammon itself read the FIBS file."""
    gnubg = json.loads((DIALECTS / "fibs_5pt.gnubg.json").read_text())
    match = make_match(length=5, names=("hoppy_frog", "marvin"))
    text = (DIALECTS / "fibs_5pt.mat").read_text()
    stored = match_import_file(match=match, text=text).file

    table = rows(client.get(record_url(match, stored)).text)

    moves = [row for row in table if row[2]]  # the rows with a roll
    expected = [move[2] for game in gnubg["games"] for move in game["moves"]]
    assert [row[4] for row in moves] == expected
    names = ("hoppy_frog", "marvin")
    assert [(row[1], row[2]) for row in moves] == [
        (names[move[0]], f"{move[1][0]}{move[1][1]}")
        for game in gnubg["games"]
        for move in game["moves"]
    ]
    # A dance: the dice are shown, and that nothing could move.
    assert ["4", "hoppy_frog", "55", "cannot move"] in [row[:4] for row in table]


def test_the_record_page_says_what_was_read_differently(client, make_match):
    match = make_match(length=7, names=("Søren_Kierkegaard", "Zoë Ørsted"))
    text = (DIALECTS / "galaxy_7pt.mat").read_text()
    stored = match_import_file(match=match, text=text).file
    html = client.get(record_url(match, stored)).text
    assert "Read differently from what the file says" in html
    assert (
        "Game 3: the file says “Wins 7 points and the match”, but the board and the cube "
        "make the game worth 4; it counts 4 (line 85)."
    ) in html


def test_a_file_the_tournament_rules_no_longer_allow_is_shown_by_its_own_rules(client, make_match):
    match = make_match()
    stored = match_import_file(match=match, text=mat("gnubg_03pt_s104")).file
    tournament = match.round.stage.tournament
    tournament.cube_enabled = False  # changed after the import
    tournament.save()
    table = rows(client.get(record_url(match, stored)).text)
    assert table[0][4] == "4HPwATDgc/ABMA"
    assert table[9][:4] == ["5", "Bob", "", "Doubles to 2"]


def test_a_file_that_cannot_be_replayed_says_why(client, make_match):
    match = make_match()
    stored = MatchFile.objects.create(match=match, name="bad.mat", content="Dear referee")
    response = client.get(record_url(match, stored))
    assert response.status_code == 200
    assert (
        "This file cannot be shown move by move: This is not a .mat match file: it has no "
        "“N point match” line."
    ) in response.text


def test_only_a_file_of_this_match_is_shown(client, make_match):
    match = make_match()
    other = make_match(names=("Carla", "Dmitri"))
    stored = match_import_file(match=other, text=mat("gnubg_03pt_s104"), swap=False).file
    assert client.get(record_url(match, stored)).status_code == 404


def test_the_record_is_german_for_a_german_reader(client, make_match):
    match = make_match()
    stored = match_import_file(match=match, text=mat("gnubg_03pt_s104")).file
    client.cookies["django_language"] = "de"
    html = client.get(record_url(match, stored)).text
    assert "Das Match Zug um Zug" in html and "Positions-ID" in html
    assert ["5", "Bob", "", "Doppelt auf 2"] in [row[:4] for row in rows(html)]
