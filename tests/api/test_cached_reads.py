"""An anonymous visitor's JSON read comes whole from the cache under the tournament's version
(``ApiView.dispatch``): the same body and headers as when it was built, a change at once, the
rate limit still counted, and never what a logged-in user sees."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from api.views import tournaments as views
from matches.services import match_record_final_score
from tests.conftest import open_matches
from tournaments import services

pytestmark = pytest.mark.django_db

HEADERS = ("Content-Type", "Link", "X-Total-Count", "Vary", "Allow")


@pytest.fixture
def swiss(make_tournament):
    return make_tournament(6, format="swiss", swiss_rounds=3)  # published, as by default


def headers(response) -> dict[str, object]:
    found: dict[str, object] = {name: response.get(name) for name in HEADERS}
    found["Vary"] = {value.strip() for value in response["Vary"].split(",")}
    return found


def test_a_warm_read_is_the_built_one_without_building_it_again(client, swiss, monkeypatch):
    urls = [
        f"/api/tournaments/{swiss.pk}",
        f"/api/tournaments/{swiss.pk}/rounds",
        f"/api/tournaments/{swiss.pk}/matches?limit=2",
        f"/api/tournaments/{swiss.pk}/standings?limit=2&offset=2",
        "/api/tournaments",
    ]
    built = {url: client.get(url) for url in urls}

    def no_build(*args, **kwargs):
        raise AssertionError("built again")

    for view in (
        views.TournamentDetail,
        views.RoundList,
        views.TournamentMatchList,
        views.StandingList,
        views.TournamentList,
    ):
        monkeypatch.setattr(view, "get", no_build)
    for url, first in built.items():
        again = client.get(url)
        assert again.status_code == first.status_code == 200
        assert again.content == first.content
        assert headers(again) == headers(first)
    assert 'rel="next"' in built[urls[3]]["Link"] and built[urls[3]]["X-Total-Count"] == "6"


def test_a_result_shows_at_once_in_the_tournament_list_and_the_reads(client, swiss, commit):
    list_before = client.get("/api/tournaments").json()
    standings_before = client.get(f"/api/tournaments/{swiss.pk}/standings").json()
    match = open_matches(swiss)[0]
    commit(match_record_final_score, match=match, score_a=match.length, score_b=0)
    standings = client.get(f"/api/tournaments/{swiss.pk}/standings").json()
    assert standings != standings_before
    assert sum(row["won"] for row in standings) == 1
    services.tournament_update(tournament=swiss, name="Winter Swiss")
    listed = client.get("/api/tournaments").json()
    assert [t["name"] for t in listed["results"]] == ["Winter Swiss"]
    assert list_before["results"][0]["name"] != "Winter Swiss"


def test_links_follow_the_host_and_scheme_the_visitor_asked(client, swiss, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    url = f"/api/tournaments/{swiss.pk}/matches?limit=1"
    assert "//testserver/" in client.get(url)["Link"]
    assert "//localhost/" in client.get(url, HTTP_HOST="localhost")["Link"]
    # Behind the proxy: the same port, another scheme.
    assert "<https://testserver" in client.get(url, HTTP_X_FORWARDED_PROTO="https")["Link"]
    assert "<http://testserver/" in client.get(url)["Link"]
    # Another query is another read.
    assert len(client.get(url.replace("limit=1", "limit=2")).json()) == 2


def test_a_logged_in_organizer_sees_his_own_list(client, swiss, club, organizer):
    draft = services.tournament_create(club=club, user=organizer, name="Not yet")
    assert draft.pk not in [t["id"] for t in client.get("/api/tournaments").json()["results"]]
    assert client.get(f"/api/tournaments/{draft.pk}").status_code == 404
    logged_in = Client()
    logged_in.force_login(organizer)
    listed = logged_in.get("/api/tournaments").json()["results"]
    assert draft.pk in [t["id"] for t in listed]
    assert logged_in.get(f"/api/tournaments/{draft.pk}").status_code == 200


def test_the_rate_limit_counts_the_cached_reads(client, swiss, settings, own_caches):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": "4/min", "user": None, "token": None},
    }
    url = f"/api/tournaments/{swiss.pk}/standings"
    codes = [client.get(url, REMOTE_ADDR="10.0.0.7").status_code for _ in range(6)]
    assert codes == [200] * 4 + [429] * 2
    refused = client.get(url, REMOTE_ADDR="10.0.0.7")
    assert refused.json()["code"] == "throttled" and int(refused["Retry-After"]) > 0
    assert cache.get("throttle_anon_10.0.0.7") == 7  # each request counted once
    assert client.get(url, REMOTE_ADDR="10.0.0.8").status_code == 200
