"""POST /api/matches/{id}/result: a .mat file, the games, or the final score."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from matches.models import MatchFile
from matches.selectors.files import MAX_FILE_BYTES
from matches.services import match_record_game
from tests.api.conftest import assert_nothing_stored, mat, result_url, shared_match

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def shared(module_db):
    """The match the tests post to, built once (a test that records a result is rolled back)."""
    return shared_match()


JSON = "application/json"


def post_json(client, match, body, auth, **extra):
    return client.post(result_url(match), body, content_type=JSON, **auth, **extra)


# --- Match files ------------------------------------------------------------------------------


def test_a_mat_file_in_a_multipart_form(client, match, auth, commit):
    upload = SimpleUploadedFile("final.mat", mat("gnubg_03pt_s104").encode())
    response = commit(client.post, path=result_url(match), data={"file": upload}, **auth)
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["score_a"], body["score_b"], body["status"], body["winner"]) == (
        5,
        1,
        "finished",
        0,
    )
    assert [g["source"] for g in body["games"]] == ["file"] * 3
    stored = MatchFile.objects.get(match=match)
    assert (stored.source, stored.name) == ("api", "final.mat")


def test_a_mat_file_as_the_text_body_with_the_players_swapped(client, make_match, auth):
    match = make_match(names=("Ann", "Bert"))
    response = client.post(
        result_url(match) + "?swap_players=true",
        mat("gnubg_03pt_s104"),
        content_type="text/plain; charset=utf-8",
        **auth,
    )
    assert response.status_code == 200, response.json()
    assert (response.json()["score_a"], response.json()["score_b"]) == (1, 5)


def test_a_mat_file_in_json(client, match, auth):
    response = post_json(client, match, {"mat": mat("gnubg_03pt_s104")}, auth)
    assert response.status_code == 200
    assert response.json()["score_a"] == 5


def test_unknown_players_are_named_in_the_error(client, make_match, auth):
    match = make_match(names=("Ann", "Bert"))
    response = post_json(client, match, {"mat": mat("gnubg_03pt_s104")}, auth)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "players_unknown"
    assert body["errors"] == {"swap_players": [body["detail"]]}
    assert "Alice" in body["detail"] and "Ann" in body["detail"]
    assert_nothing_stored(match)


def test_an_illegal_move_is_reported_with_its_game_and_move(client, match, auth):
    text = mat("gnubg_03pt_s104").replace("  3) 43: 24/20 23/20", "  3) 43: 24/20 23/21")
    response = client.post(result_url(match), text, content_type="text/plain", **auth)
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["game"], body["move"]) == ("illegal_move", 2, 3)
    assert list(body["errors"]) == ["body"]
    assert body["detail"].startswith("Game 2, move 3:")
    assert_nothing_stored(match)


def test_a_bad_line_is_reported_with_its_number(client, match, auth):
    text = mat("gnubg_03pt_s104").replace("  4) 64: 10/4 8/4", "  4) 64: ten/four")
    upload = SimpleUploadedFile("x.mat", text.encode())
    response = client.post(result_url(match), {"file": upload}, **auth)
    body = response.json()
    assert response.status_code == 400 and body["code"] == "bad_line"
    assert body["line"] == 9 and "file" in body["errors"]
    assert_nothing_stored(match)


def test_a_file_of_the_wrong_length_is_refused(client, make_match, auth):
    match = make_match(length=7)
    response = post_json(client, match, {"mat": mat("gnubg_03pt_s104")}, auth)
    assert response.status_code == 400
    assert response.json()["detail"] == "The file is a 3-point match; this match is played to 7."
    assert_nothing_stored(match)


def test_a_truncated_file_is_refused(client, match, auth):
    text = mat("gnubg_03pt_s104")
    response = post_json(client, match, {"mat": text[: text.index(" Game 3")]}, auth)
    assert response.status_code == 400 and response.json()["code"] == "incomplete"
    assert_nothing_stored(match)


def test_too_large_files_and_bodies_are_refused(client, match, auth):
    huge = "; " + "x" * (2 * MAX_FILE_BYTES) + "\n"
    response = client.post(result_url(match), huge, content_type="text/plain", **auth)
    assert response.status_code == 413
    response = post_json(client, match, {"mat": huge}, auth)
    assert response.status_code == 413
    big = "; " + "x" * MAX_FILE_BYTES + "\n"
    response = client.post(result_url(match), big, content_type="text/plain", **auth)
    assert response.status_code == 400 and "too large" in response.json()["detail"]
    upload = SimpleUploadedFile("big.mat", big.encode())
    response = client.post(result_url(match), {"file": upload}, **auth)
    assert response.status_code == 400 and "too large" in response.json()["detail"]
    assert_nothing_stored(match)


# --- Games and final scores -------------------------------------------------------------------


def test_the_games_of_a_match(client, match, auth, commit):
    games = [
        {"winner": 0},
        {"winner": 1, "kind": "single", "cube": 2, "ended_by": "drop"},
        {"winner": 0},  # the Crawford game
        {"winner": 0, "kind": "gammon", "ended_by": "resign"},
    ]
    response = commit(post_json, client=client, match=match, body={"games": games}, auth=auth)
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["score_a"], body["score_b"], body["status"]) == (4, 2, "finished")
    assert [(g["points"], g["source"]) for g in body["games"]] == [
        (1, "api"),
        (2, "api"),
        (1, "api"),
        (2, "api"),
    ]


def test_games_that_do_not_finish_the_match_are_refused(client, match, auth):
    response = post_json(client, match, {"games": [{"winner": 0}, {"winner": 1}]}, auth)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "incomplete" and "1–1" in body["detail"]
    assert_nothing_stored(match)


def test_a_game_the_rules_refuse_names_the_game(client, match, auth):
    games = [{"winner": 0}, {"winner": 1, "cube": 3}, {"winner": 0}]
    response = post_json(client, match, {"games": games}, auth)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_cube"
    assert list(body["errors"]) == ["games.1.cube"]
    assert body["detail"].startswith("Game 2: ")
    assert_nothing_stored(match)


def test_wrong_types_are_named_field_by_field(client, match, auth):
    games = [{"winner": "left", "kind": "triple", "cube": "x"}]
    response = post_json(client, match, {"games": games}, auth)
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"games.0.winner", "games.0.kind", "games.0.cube"}
    assert_nothing_stored(match)


def test_a_final_score(client, match, auth):
    response = post_json(client, match, {"score_a": 1, "score_b": 3}, auth)
    assert response.status_code == 200
    body = response.json()
    assert (body["score_a"], body["score_b"], body["winner"], body["games"]) == (1, 3, 1, [])


def test_an_impossible_final_score_is_refused(client, match, auth):
    response = post_json(client, match, {"score_a": 2, "score_b": 2}, auth)
    assert response.status_code == 400
    assert response.json()["code"] == "score_unreachable"
    assert_nothing_stored(match)


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"score_a": 3},
        {"score_a": 3, "score_b": 0, "games": [{"winner": 0}]},
        {"games": []},
        [],
        "3-0",
        {"score_a": -1, "score_b": 3},
        {"score_a": 10**30, "score_b": 3},
        {"games": [None]},
        {"games": {"winner": 0}},
        {"version": "new", "score_a": 3, "score_b": 0},
    ],
)
def test_malformed_requests_are_4xx(client, match, auth, body):
    response = post_json(client, match, body, auth)
    assert response.status_code == 400, response.content
    assert response.json()["detail"]
    assert_nothing_stored(match)


def test_malformed_json_and_unknown_types(client, match, auth):
    response = client.post(result_url(match), "{not json", content_type=JSON, **auth)
    assert response.status_code == 400
    assert response.json() == {
        "code": "parse_error",
        "detail": "The request body is not valid JSON.",
    }
    response = client.post(result_url(match), "<xml/>", content_type="application/xml", **auth)
    assert response.status_code == 415
    assert_nothing_stored(match)


def test_unknown_matches_are_404(client, auth):
    assert post_json(client, 999999, {"score_a": 3, "score_b": 0}, auth).status_code == 404
    response = post_json(client, 10**30, {"score_a": 3, "score_b": 0}, auth)
    assert response.status_code == 404


# --- The match's state ------------------------------------------------------------------------


def test_a_match_that_has_games_is_a_conflict(client, match, auth):
    match_record_game(match=match, winner=0)
    response = post_json(client, match, {"mat": mat("gnubg_03pt_s104")}, auth)
    assert response.status_code == 409
    assert response.json()["code"] == "has_games"
    assert match.games.count() == 1


def test_posting_twice_is_a_conflict_and_changes_nothing(client, match, auth):
    assert post_json(client, match, {"score_a": 3, "score_b": 0}, auth).status_code == 200
    response = post_json(client, match, {"score_a": 0, "score_b": 3}, auth)
    assert response.status_code == 409 and response.json()["code"] == "match_over"
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (3, 0)


def test_a_stale_version_is_a_conflict(client, match, auth):
    body = {"score_a": 3, "score_b": 0, "version": match.version + 1}
    response = post_json(client, match, body, auth)
    assert response.status_code == 409 and response.json()["code"] == "stale"
    assert_nothing_stored(match)
    body["version"] = match.version
    assert post_json(client, match, body, auth).status_code == 200
