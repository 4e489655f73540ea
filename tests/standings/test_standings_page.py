from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from matches.services import match_record_final_score
from tests.conftest import open_matches

pytestmark = pytest.mark.django_db


def standings_url(tournament, **query):
    base = reverse("tournaments:standings", args=[tournament.club.slug, tournament.slug])
    return base + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def play_round(tournament, scores):
    """Finish every open match with the given (a, b) score, without advancing the draw."""
    for match in open_matches(tournament):
        match_record_final_score(match=match, score_a=scores[0], score_b=scores[1])


def test_standings_rank_by_the_tournaments_tiebreaks(make_tournament, play, client):
    tournament = make_tournament(
        4,
        format="round_robin",
        default_length=5,
        tiebreaks=["match_wins", "points_difference", "head_to_head"],
    )
    by_seed = {e.seed: e for e in tournament.entries.all()}
    # Seed 1 beats everyone; 2, 3 and 4 beat each other in a circle, one win each, so the
    # points difference decides among them: 3 (-1), 2 (-6), 4 (-8).
    wins = {
        frozenset((1, 2)): (1, (5, 0)),
        frozenset((1, 3)): (1, (5, 0)),
        frozenset((1, 4)): (1, (5, 0)),
        frozenset((2, 3)): (2, (5, 4)),
        frozenset((3, 4)): (3, (5, 0)),
        frozenset((2, 4)): (4, (5, 3)),
    }
    while matches := open_matches(tournament):
        for match in matches:
            seeds = frozenset((match.entry_a.seed, match.entry_b.seed))
            winner_seed, score = wins[seeds]
            play(match, winner=by_seed[winner_seed], score=score)
    page = client.get(standings_url(tournament)).content.decode()
    positions = [page.index(f"Player {n:03d}") for n in (1, 3, 2, 4)]
    assert positions == sorted(positions)
    export = client.get(standings_url(tournament, _export="csv")).content.decode("utf-8-sig")
    header, *body = list(csv.reader(io.StringIO(export)))
    assert header[:3] == ["Place", "Player", "Played"]
    assert [row[1] for row in body] == ["Player 001", "Player 003", "Player 002", "Player 004"]
    diff = [int(row[header.index("Difference")]) for row in body]
    assert diff == [15, -1, -6, -8]


def test_xlsx_export_opens_in_a_spreadsheet(make_tournament, client):
    tournament = make_tournament(4, format="swiss", swiss_rounds=2)
    play_round(tournament, (5, 1))
    response = client.get(standings_url(tournament, _export="xlsx"))
    assert response["Content-Type"].startswith(
        "application/vnd.openxmlformats-officedocument.spreadsheetml"
    )
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    values = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert values[0][:2] == ["Place", "Player"]
    assert len(values) == 5


def test_the_table_refreshes_itself_without_a_reload(make_tournament, client):
    tournament = make_tournament(4, format="swiss", swiss_rounds=2)
    page = client.get(standings_url(tournament)).content.decode()
    assert 'hx-trigger="every 5s"' in page
    partial = client.get(standings_url(tournament), HTTP_HX_REQUEST="true").content.decode()
    assert partial.lstrip().startswith('<div id="standings"')
    assert "<html" not in partial


def test_elimination_standings_show_placings(make_tournament, play, client):
    tournament = make_tournament(4, format="single_elimination")
    while matches := open_matches(tournament):
        for match in matches:
            play(match)
    page = client.get(standings_url(tournament)).content.decode()
    assert "Place" in page
    assert "3–4" in page


@pytest.mark.parametrize("players", [8, 256])
def test_standings_use_a_constant_number_of_queries(
    make_tournament, client, django_assert_max_num_queries, players
):
    tournament = make_tournament(players, format="swiss", swiss_rounds=3)
    play_round(tournament, (5, 2))
    with django_assert_max_num_queries(12):
        response = client.get(standings_url(tournament))
    assert response.status_code == 200
    # One page of at most 200 rows (tests/tournaments/test_page_cache.py has the second).
    assert response.content.decode().count("<tr") >= min(players, 200)


def test_unpublished_tournaments_hide_their_standings(make_tournament, client):
    tournament = make_tournament(4, format="swiss", swiss_rounds=2, is_published=False)
    assert client.get(standings_url(tournament)).status_code == 404


def test_no_cell_of_the_table_carries_a_class_named_none(make_tournament, client):
    tournament = make_tournament(4, format="swiss", swiss_rounds=2)
    html = client.get(standings_url(tournament)).content.decode()
    assert "<tbody" in html and 'class="None"' not in html


def _shown_players(page: str) -> list[str]:
    body = page[page.index("<tbody") : page.index("</tbody>")]
    return [part.split("<", 1)[0] for part in body.split(">Player ")[1:]]


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_sorted_table_pages_through_every_player_in_that_order(
    make_tournament, play, client, monkeypatch, language
):
    from standings.selectors import tournament_standings

    monkeypatch.setattr("standings.views.ROWS_PER_PAGE", 4)
    tournament = make_tournament(10, format="swiss", swiss_rounds=3)
    for n, match in enumerate(open_matches(tournament)):
        winner = match.entry_b if n % 3 else match.entry_a
        play(match, winner=winner, score=(match.length, n % match.length))
    rows = list(tournament_standings(tournament).rows)
    names = [row["player"].removeprefix("Player ") for row in rows]
    by_difference = [
        row["player"].removeprefix("Player ")
        for row in sorted(rows, key=lambda row: row["points_diff"], reverse=True)
    ]

    def shown(**query):
        response = client.get(standings_url(tournament, **query), HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200
        return _shown_players(response.content.decode())

    assert [*shown(), *shown(page=2), *shown(page=3)] == names
    assert shown(page=3) == names[8:]
    # Sorted by a column, the pages follow the whole table's order, not each page's.
    pages = [shown(sort="-points_diff", page=n) for n in (1, 2, 3)]
    assert [len(page) for page in pages] == [4, 4, 2]
    assert [name for page in pages for name in page] == by_difference
