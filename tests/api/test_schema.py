"""The OpenAPI schema, its docs page, and fuzzing every operation against it: 4xx, never 5xx."""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from tests.api.conftest import mat, nothing_stored_check, shared_match

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def shared(module_db):
    """The match the fuzzing reads and posts to, built once (what a test writes is rolled back)."""
    return shared_match()


SCHEMA = SchemaGenerator().get_schema(request=None, public=True)
#: The chouettes' and ladders' operations are fuzzed on a real session, ladder and challenge
#: (tests/api/test_chouette_ladder_fuzz.py); here they would only find ids that do not exist.
OPERATIONS = [
    (path, method.upper())
    for path, item in SCHEMA["paths"].items()
    for method in item
    if method in {"get", "post"} and not ("/chouettes" in path or "/ladders" in path)
]
EXAMPLES = 30
JSON = "application/json"


def test_the_schema_is_served_and_lists_every_operation(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert set(paths) == {
        "/api/tournaments",
        "/api/tournaments/{id}",
        "/api/tournaments/{id}/rounds",
        "/api/tournaments/{id}/matches",
        "/api/tournaments/{id}/standings",
        "/api/matches/{id}",
        "/api/matches/{id}/result",
        "/api/matches/{id}/analysis",
        "/api/tournaments/{id}/error-rates",
        "/api/tournaments/{id}/pools",
        "/api/tournaments/{id}/payouts",
        "/api/clubs/{slug}/ledger",
        "/api/clubs/{slug}/chouettes",
        "/api/chouettes/{session}",
        "/api/chouettes/{session}/games",
        "/api/chouettes/{session}/games/{number}/correction",
        "/api/chouettes/{session}/join",
        "/api/chouettes/{session}/leave",
        "/api/chouettes/{session}/close",
        "/api/clubs/{slug}/ladders",
        "/api/ladders/{ladder}",
        "/api/ladders/{ladder}/challenges",
        "/api/ladders/{ladder}/history",
        "/api/ladders/{ladder}/challenges/{challenge}/accept",
        "/api/ladders/{ladder}/challenges/{challenge}/decline",
        "/api/ladders/{ladder}/challenges/{challenge}/result",
    }
    result = paths["/api/matches/{id}/result"]["post"]
    assert set(result["requestBody"]["content"]) == {
        "application/json",
        "multipart/form-data",
        "text/plain",
    }
    assert {"clubToken": []} in result["security"]


def test_the_docs_page_uses_no_cdn(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    page = response.content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert any(a.endswith("swagger-ui-bundle.js") for a in assets)
    # Everything from the site itself: the sidecar's files, and the page's own script and
    # style sheet (kept out of the page for the Content-Security-Policy).
    assert all(a.startswith("/") and not a.startswith("//") for a in assets), assets
    assert not re.search(r"https?://", page)


@contextmanager
def rolled_back():
    """Each example starts from the same data: what it wrote is rolled back."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


@pytest.fixture
def wsgi_app():
    """Django's WSGI app in the test's own transaction: like the test client, it must not
    close the connection at the end of each request."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield WSGIHandler()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=[f"{m} {p}" for p, m in OPERATIONS])
def test_no_operation_answers_5xx(path, method, wsgi_app, match, token_key):
    schema = schemathesis.openapi.from_dict(SCHEMA)
    operation = schema[path][method]
    cases = st.one_of(
        operation.as_strategy(generation_mode=GenerationMode.POSITIVE),
        operation.as_strategy(generation_mode=GenerationMode.NEGATIVE),
    )
    tournament_id = match.round.stage.tournament_id
    real_ids = {"/api/matches": match.pk, "/api/tournaments": tournament_id}
    nothing_stored = nothing_stored_check(match)

    @given(case=cases, real=st.booleans(), token=st.booleans())
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case, real, token):
        if real and case.path_parameters and "id" in case.path_parameters:
            case.path_parameters["id"] = next(
                pk for prefix, pk in real_ids.items() if path.startswith(prefix)
            )
        headers = {"Authorization": f"Token {token_key}"} if token else {}
        with rolled_back():
            response = case.call(app=wsgi_app, headers=headers)
            assert response.status_code < 500, (case.as_curl_command(), response.text[:2000])
            if response.status_code >= 400 and response.headers.get("content-type") == [JSON]:
                assert response.json()["detail"]  # every error of the API's views has one shape
            if response.status_code != 200:
                nothing_stored()

    run()


FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
MAT = mat("gnubg_03pt_s104")


def test_text_bodies_never_crash_and_store_nothing(client, match, auth):
    """Hypothesis next to schemathesis: any text, and every cut of a real file before its
    last move, is refused with a 400 and leaves the match as it was."""
    nothing_stored = nothing_stored_check(match)

    @given(
        text=st.one_of(
            st.text(max_size=400),
            st.sampled_from(["", "\x00", " 3 point match\n", " 3 point match\n Game 1\n"]),
            st.integers(min_value=0, max_value=MAT.index(" 30) 62")).map(lambda cut: MAT[:cut]),
        )
    )
    @FUZZ
    def run(text):
        response = client.post(
            f"/api/matches/{match.pk}/result", text, content_type="text/plain", **auth
        )
        assert response.status_code == 400, (text, response.content)
        nothing_stored()

    run()


GAMES = st.lists(
    st.fixed_dictionaries(
        {"winner": st.sampled_from([0, 1])},
        optional={
            "kind": st.sampled_from(["single", "gammon", "backgammon"]),
            "cube": st.sampled_from([1, 2, 4, 8, 3]),
            "ended_by": st.sampled_from(["bearoff", "drop", "resign"]),
        },
    ),
    min_size=1,
    max_size=6,
)


def test_posted_games_are_recorded_whole_or_not_at_all(client, match, auth):
    """Random game lists: 200 with exactly these games and a finished match, or a 4xx with
    nothing stored."""
    nothing_stored = nothing_stored_check(match)

    @given(games=GAMES)
    @FUZZ
    def run(games):
        with rolled_back():
            response = client.post(
                f"/api/matches/{match.pk}/result",
                {"games": games},
                content_type=JSON,
                **auth,
            )
            assert response.status_code in (200, 400), response.content
            if response.status_code == 200:
                body = response.json()
                assert body["status"] == "finished" and len(body["games"]) == len(games)
                assert [g["winner"] for g in body["games"]] == [g["winner"] for g in games]
                assert max(body["score_a"], body["score_b"]) >= match.length
            else:
                nothing_stored()

    run()
