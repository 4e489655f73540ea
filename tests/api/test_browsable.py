"""The API's reads open in a browser (Django REST framework's browsable API) as well as they
answer JSON: a developer trying a URL sees the data, not a server error."""

from __future__ import annotations

import pytest

from tests.conftest import new_club, new_organizer, tournament_made
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def swiss_id(module_db):
    """The tournament the tests read, built once (``module_db``)."""
    organizer = new_organizer("browsing-organizer")
    club = new_club(organizer, "browsing")
    return tournament_made(club, organizer, 4, format="swiss", swiss_rounds=3).pk


@pytest.fixture
def swiss(swiss_id):
    """A copy of the tournament of this test alone."""
    return Tournament.objects.get(pk=swiss_id)


@pytest.fixture(autouse=True)
def _own_caches(own_caches):
    """The tests share the tournament, its ids and its version: a read one test cached must
    not be served to the next."""


@pytest.mark.parametrize("path", ["", "/rounds", "/matches", "/standings", "/error-rates"])
def test_a_tournaments_reads_open_in_a_browser(client, swiss, path):
    url = f"/api/tournaments/{swiss.pk}{path}"
    page = client.get(url, HTTP_ACCEPT="text/html")
    assert page.status_code == 200
    assert page["Content-Type"].startswith("text/html")
    data = client.get(url).json()
    assert client.get(f"{url}?format=json").json() == data


def test_the_list_and_a_match_open_in_a_browser(client, swiss):
    match = swiss.stages.get().rounds.get(number=1).matches.first()
    match_url = f"/api/matches/{match.pk}"
    for url in ("/api/tournaments", match_url, f"{match_url}/analysis"):
        page = client.get(url, HTTP_ACCEPT="text/html")
        assert page.status_code == 200, url
        assert page["Content-Type"].startswith("text/html")
    # Posting results is the token's: a browser asking for it gets the refusal, shown.
    refused = client.get(f"/api/matches/{match.pk}/result", HTTP_ACCEPT="text/html")
    assert refused.status_code == 405
