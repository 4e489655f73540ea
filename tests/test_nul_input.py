"""A NUL character in what a visitor sends (the query, a form, a JSON body) is refused with a
clear 400 before anything reads it: PostgreSQL cannot store or compare text with NUL and
answered such a query with a 500 and a traceback in the log."""

from __future__ import annotations

import logging

import pytest

from tests.api.conftest import result_url
from tests.conftest import ON_POSTGRES

pytestmark = pytest.mark.django_db


def _no_error_logged(caplog) -> None:
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert errors == []


def test_the_database_under_test_is_named(settings):
    """This file's tests matter most on PostgreSQL (SQLite stores NUL): say which ran."""
    engine = settings.DATABASES["default"]["ENGINE"]
    assert engine.endswith("postgresql") == ON_POSTGRES


def test_an_api_query_with_nul_is_a_clear_400(client, club, caplog):
    response = client.get("/api/tournaments?club=%00")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "null_character"
    assert "NUL" in body["detail"]
    _no_error_logged(caplog)


def test_the_400_is_in_the_visitors_language(client, club):
    response = client.get("/api/tournaments?club=a%00b", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    assert "Nullzeichen" in response.json()["detail"]


def test_a_page_query_with_nul_is_a_clear_400(client, club, caplog):
    response = client.get(f"/clubs/{club.slug}/leaderboard/?name=x%00", HTTP_ACCEPT="text/html")
    assert response.status_code == 400
    assert "NUL" in response.content.decode()
    assert response["Content-Type"].startswith("text/html")
    _no_error_logged(caplog)


def test_a_nul_in_the_address_is_a_clear_400(client, caplog):
    response = client.get("/clubs/a%00b/")
    assert response.status_code == 400
    _no_error_logged(caplog)


def test_a_form_post_with_nul_is_a_clear_400_and_changes_nothing(client, organizer, caplog):
    from clubs.models import Club

    client.force_login(organizer)
    before = Club.objects.count()
    response = client.post("/clubs/new/", {"name": "Bar\x00club", "slug": "bar"})
    assert response.status_code == 400
    assert Club.objects.count() == before
    _no_error_logged(caplog)


def test_a_json_body_with_nul_is_a_clear_400(client, make_match, club, organizer, caplog):
    from clubs.services.tokens import api_token_create

    match = make_match()
    key = api_token_create(club=club, name="Results", user=organizer)[1]
    response = client.post(
        result_url(match),
        data='{"score_a": 2, "score_b": 0, "note": "a\\u0000b"}',
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {key}",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "null_character"
    match.refresh_from_db()
    assert match.games.count() == 0
    _no_error_logged(caplog)


def test_ordinary_input_still_passes(client, club):
    assert client.get(f"/api/tournaments?club={club.slug}").status_code == 200


async def test_under_asgi_the_refusal_is_the_same(async_client, club):
    response = await async_client.get("/api/tournaments?club=%00")
    assert response.status_code == 400
    assert response.json()["code"] == "null_character"
    page = await async_client.get("/clubs/?q=%00")
    assert page.status_code == 400 and "NUL" in page.content.decode()
