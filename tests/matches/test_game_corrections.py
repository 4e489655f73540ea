"""A correction edits the games of a match (or, when the referee says so, replaces them by a
final score), and the history shows the games before and after."""

from __future__ import annotations

import pytest

from config.errors import UserError
from draw.services import tournament_correct_final_score, tournament_correct_games
from matches.selectors import match_history
from matches.services import match_import_file, match_record_game
from tests.conftest import mat
from tests.matches.test_match_pages import url

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(match_of):
    return match_of(default_length=5)


def row(n, winner, kind="single", cube=1):
    return {
        f"games-{n}-winner": winner,
        f"games-{n}-kind": kind,
        f"games-{n}-cube": cube,
        f"games-{n}-ended_by": "bearoff",
    }


def sheet(match):
    return [(g.winner, g.kind, g.cube) for g in match.games.order_by("number")]


def play_games(match):
    """5-point match: Alice gammon ×2 (4–0), Bob single (4–1), Alice single (5–1)."""
    match_record_game(match=match, winner=0, kind="gammon", cube=2)
    match_record_game(match=match, winner=1)
    match_record_game(match=match, winner=0)
    match.refresh_from_db()


def test_a_final_score_does_not_silently_throw_the_games_away(match):
    play_games(match)
    with pytest.raises(UserError, match="game by game"):
        tournament_correct_final_score(match=match, score_a=5, score_b=2, reason="typo")
    match.refresh_from_db()
    assert sheet(match) == [(0, "gammon", 2), (1, "single", 1), (0, "single", 1)]
    tournament_correct_final_score(
        match=match, score_a=5, score_b=2, reason="The sheet is lost", replace_games=True
    )
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.games.count()) == (5, 2, 0)
    last = match_history(match)[-1]
    assert last.games_before.startswith("1. ") and last.games_after == ""


def test_a_games_correction_keeps_the_unchanged_games_and_their_moves(make_match, commit):
    match = make_match(length=3)
    match_import_file(match=match, text=mat("gnubg_03pt_s104"))
    match.refresh_from_db()
    before = list(match.games.order_by("number"))
    assert all(g.record for g in before)
    games = [
        {"winner": g.winner, "kind": g.kind, "cube": g.cube, "ended_by": g.ended_by} for g in before
    ]
    last = games[-1]
    last["kind"] = "backgammon" if last["kind"] != "backgammon" else "single"
    last["ended_by"] = "bearoff"
    commit(
        tournament_correct_games, match=match, games=games, reason="The last game was another kind"
    )
    after = list(match.games.order_by("number"))
    assert [g.pk for g in after[:-1]] == [g.pk for g in before[:-1]]
    assert [g.record for g in after[:-1]] == [g.record for g in before[:-1]]
    assert after[-1].kind == last["kind"] and after[-1].record is None
    assert match_history(match)[-1].games_before != match_history(match)[-1].games_after


def test_the_referee_corrects_the_games_on_the_page(client, match, referee):
    play_games(match)
    client.force_login(referee)
    page = client.get(url(match, "detail")).content.decode()
    assert 'name="games-0-winner"' in page and 'name="games-3-winner"' in page  # 3 + a new row
    data = {
        "version": match.version,
        "reason": "Game 2 was a gammon",
        "games-TOTAL_FORMS": 4,
        "games-INITIAL_FORMS": 3,
        "games-MIN_NUM_FORMS": 0,
        "games-MAX_NUM_FORMS": 1000,
        **row(0, 0, "gammon", 2),
        **row(1, 1, "gammon"),
        **row(2, 0),
        **row(3, ""),  # the empty row for a new game stays empty
    }
    response = client.post(url(match, "correct"), data)
    assert response.status_code == 302
    match.refresh_from_db()
    assert sheet(match) == [(0, "gammon", 2), (1, "gammon", 1), (0, "single", 1)]
    assert (match.score_a, match.score_b) == (5, 2)
    page = client.get(url(match, "detail")).content.decode()
    assert "Game 2 was a gammon" in page
    assert "2. Player 002 Single" in page.replace("single", "Single")  # the games before
    assert "2. Player 002 Gammon" in page.replace("gammon", "Gammon")  # and after


def test_replacing_the_games_by_a_final_score_is_the_referees_explicit_choice(
    client, match, referee
):
    play_games(match)
    client.force_login(referee)
    base = {
        "version": match.version,
        "reason": "Sheet lost",
        "score_a": 5,
        "score_b": 3,
        "games-TOTAL_FORMS": 0,
        "games-INITIAL_FORMS": 0,
        "games-MIN_NUM_FORMS": 0,
        "games-MAX_NUM_FORMS": 1000,
    }
    client.post(url(match, "correct"), base)
    match.refresh_from_db()
    assert match.games.count() == 3  # no games sent and no choice: nothing thrown away
    client.post(url(match, "correct"), {**base, "replace_games": "on"})
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.games.count()) == (5, 3, 0)
