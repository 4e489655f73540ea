"""Who may post results and read tournaments through the API."""

from __future__ import annotations

import pytest

from clubs.models import ApiToken, Role
from clubs.services.tokens import api_token_create, api_token_revoke
from tests.api.conftest import assert_nothing_stored, result_url, shared_match
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def shared(module_db):
    """The match the tests post to and read, built once (a test that writes is rolled back)."""
    return shared_match()


SCORE = {"score_a": 3, "score_b": 1}


def test_posting_without_a_token_asks_for_one(client, match):
    response = client.post(result_url(match), SCORE, content_type="application/json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["code"] == "not_authenticated"
    assert_nothing_stored(match)


def test_an_unknown_token_is_refused(client, match):
    response = client.post(
        result_url(match),
        SCORE,
        content_type="application/json",
        HTTP_AUTHORIZATION="Token crw_not-a-real-key",
    )
    assert response.status_code == 401
    assert response.json()["detail"] == "This API token is unknown or was revoked."
    assert_nothing_stored(match)


@pytest.mark.parametrize("header", ["Token", "Token a b", "Token \xe9\xe9"])
def test_a_malformed_authorization_header_is_refused(client, match, header):
    response = client.post(
        result_url(match), SCORE, content_type="application/json", HTTP_AUTHORIZATION=header
    )
    assert response.status_code == 401
    assert_nothing_stored(match)


def test_a_token_posts_only_for_its_own_clubs_matches(client, match, organizer):
    other = ClubFactory(slug="other")
    _token, key = api_token_create(club=other, name="Theirs", user=organizer)
    response = client.post(
        result_url(match), SCORE, content_type="application/json", HTTP_AUTHORIZATION=f"Token {key}"
    )
    assert response.status_code == 403
    assert response.json()["detail"] == "This token belongs to another club than this match."
    assert_nothing_stored(match)


def test_a_logged_in_organizer_still_needs_a_token(client, match, organizer):
    client.force_login(organizer)
    response = client.post(result_url(match), SCORE, content_type="application/json")
    assert response.status_code == 403
    assert_nothing_stored(match)


def test_the_clubs_token_posts_and_is_marked_as_used(client, match, club, auth):
    response = client.post(result_url(match), SCORE, content_type="application/json", **auth)
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "finished"
    assert ApiToken.objects.get(club=club).last_used_at is not None


def test_a_revoked_token_stops_working(client, match, club, organizer):
    token, key = api_token_create(club=club, name="Old server", user=organizer)
    api_token_revoke(token=token)
    response = client.post(
        result_url(match), SCORE, content_type="application/json", HTTP_AUTHORIZATION=f"Token {key}"
    )
    assert response.status_code == 401
    assert_nothing_stored(match)


def test_only_a_digest_of_the_key_is_stored(club, organizer):
    token, key = api_token_create(club=club, name="Server", user=organizer)
    assert key.startswith("crw_") and key not in token.key and len(token.key) == 64


def test_languages_follow_accept_language(client, match):
    response = client.post(
        result_url(match), SCORE, content_type="application/json", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert response.status_code == 401
    assert response.json()["detail"] != "Authentication credentials were not provided."


# --- Reading ----------------------------------------------------------------------------------


def test_published_tournaments_of_public_clubs_are_public(client, match):
    tournament = match.round.stage.tournament
    response = client.get(f"/api/tournaments/{tournament.pk}")
    assert response.status_code == 200
    assert response.json()["name"] == tournament.name
    assert client.get(f"/api/matches/{match.pk}").status_code == 200


def test_drafts_and_unpublished_tournaments_are_hidden(client, match, make_match, organizer):
    tournament = match.round.stage.tournament
    tournament.is_published = False
    tournament.save()
    assert client.get(f"/api/tournaments/{tournament.pk}").status_code == 404
    assert client.get(f"/api/matches/{match.pk}").status_code == 404
    assert client.get("/api/tournaments").json()["results"] == []
    client.force_login(organizer)
    assert client.get(f"/api/tournaments/{tournament.pk}").status_code == 200


def test_private_clubs_are_read_by_members_and_their_own_token(
    client, make_match, organizer, commit
):
    private = ClubFactory(slug="private", is_private=True)
    MembershipFactory(club=private, player=organizer.player, role=Role.ORGANIZER)
    match = make_match(club=private)
    tournament = match.round.stage.tournament
    url = f"/api/tournaments/{tournament.pk}/matches"
    assert client.get(url).status_code == 404

    _token, key = api_token_create(club=private, name="Ours", user=organizer)
    assert client.get(url, HTTP_AUTHORIZATION=f"Token {key}").status_code == 200
    other = ClubFactory(slug="elsewhere")
    _token, theirs = api_token_create(club=other, name="Theirs", user=organizer)
    assert client.get(url, HTTP_AUTHORIZATION=f"Token {theirs}").status_code == 404
    response = client.post(
        result_url(match),
        SCORE,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {theirs}",
    )
    assert response.status_code == 404  # another club's token does not learn it exists

    member = UserFactory()
    MembershipFactory(club=private, player__user=member, role=Role.PLAYER)
    client.force_login(member)
    assert client.get(url).status_code == 200
