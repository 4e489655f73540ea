"""Analyses in the API (read) and the error rate over time on the player's profile."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from analysis.models import PlayerAnalysis
from analysis.services import analysis_request
from tests.analysis.conftest import filed_match, gnubg_faked
from tests.conftest import fresh
from tests.shared import shared_club

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def shared(module_db):
    """The published match, filed and analysed at 1-ply once: the tests read it, or add an
    analysis and are rolled back."""
    organizer, club = shared_club()
    with gnubg_faked():
        match = filed_match(club, organizer, analysis_plies=1, is_published=True)
    return match.pk


@pytest.fixture
def analysed(shared, fake_gnubg):
    return fresh(shared)


@pytest.fixture(autouse=True)
def _caches_of_its_own(caches_of_its_own):
    """The tests share the match (``module_db``)."""


def test_the_api_lists_a_matchs_analyses_with_their_level(client, analysed):
    data = client.get(reverse("api:match_analysis", args=[analysed.pk])).json()
    assert [a["level"] for a in data] == ["1-ply"]
    alice, bob = data[0]["players"]
    assert (alice["player"], alice["plies"], alice["level"]) == ("Alice", 1, "1-ply")
    assert round(alice["error_rate"], 1) == 3.6 and alice["decisions"] == 53
    assert bob["rating"] == "World class"
    worst = data[0]["mistakes"][0]
    assert worst["position_id"] and worst["match_id"] and worst["equity_lost"] > 0


def test_the_api_gives_a_tournaments_error_rates_at_one_level(client, analysed):
    tournament = analysed.round.stage.tournament
    url = reverse("api:error_rates", args=[tournament.pk])
    rows = client.get(url).json()
    assert [(r["player"], r["plies"]) for r in rows] == [("Bob", 1), ("Alice", 1)]
    assert client.get(url + "?plies=0").json() == []
    assert client.get(url + "?plies=7").status_code == 400


def test_the_profile_shows_the_error_rate_over_time(client, analysed):
    club = analysed.round.stage.tournament.club
    alice = analysed.entry_a.player
    page = client.get(reverse("clubs:player", args=[club.slug, alice.pk])).content.decode()
    assert 'id="error-rate-history"' in page
    assert "1-ply" in page
    assert '<span data-testid="error-rate">3.6</span>' in page


def test_no_error_rate_on_a_profile_without_analysed_matches(client, make_match):
    match = make_match(is_published=True)
    club = match.round.stage.tournament.club
    page = client.get(
        reverse("clubs:player", args=[club.slug, match.entry_a.player.pk])
    ).content.decode()
    assert 'id="error-rate-history"' not in page


def test_the_profile_chart_switches_between_levels_without_mixing_them(
    client, analysed, commit, fake_gnubg
):
    commit(analysis_request, match=analysed, plies=0)
    club = analysed.round.stage.tournament.club
    alice = analysed.entry_a.player
    at_0 = PlayerAnalysis.objects.get(entry__player=alice, plies=0).error_rate
    assert round(at_0, 1) != 3.6
    url = reverse("clubs:player", args=[club.slug, alice.pk])

    def chart(query=""):
        page = client.get(url + query).content.decode()
        section = page.split('id="error-rate-history"')[1].split("</section>")[0]
        latest = section.split('<span data-testid="error-rate">')[1].split("<")[0]
        title = section.split("GNU Backgammon · ")[1].split("<")[0]  # the level shown
        links = section.split('data-testid="error-levels"')[1].split("</nav>")[0]
        return latest, title, links

    latest, title, links = chart()
    assert latest == "3.6" and title == "1-ply"
    assert "?error_level=0#error-rate-history" in links and 'aria-current="true"' in links

    latest, title, _links = chart("?error_level=0")
    assert latest == f"{at_0:.1f}" and title == "0-ply"

    latest, title, _links = chart("?error_level=2")  # no figures at 2-ply: the usual level
    assert latest == "3.6" and title == "1-ply"


def test_a_profile_with_one_level_has_no_level_switch(client, analysed):
    club = analysed.round.stage.tournament.club
    alice = analysed.entry_a.player
    page = client.get(reverse("clubs:player", args=[club.slug, alice.pk])).content.decode()
    assert 'id="error-rate-history"' in page and 'data-testid="error-levels"' not in page


def test_a_visitors_analysis_reads_are_cached_until_an_analysis_changes(
    client, analysed, commit, fake_gnubg
):
    """Each read once built is served whole with one query (the tournament's version); a
    new analysis raises that version and shows at once."""
    tournament = analysed.round.stage.tournament
    urls = [
        reverse("api:match_analysis", args=[analysed.pk]),
        reverse("api:error_rates", args=[tournament.pk]) + "?plies=0",
    ]
    assert [len(client.get(url).json()) for url in urls] == [1, 0]
    for url in urls:
        with CaptureQueriesContext(connection) as captured:
            client.get(url)
        assert len(captured) == 1, url
    commit(analysis_request, match=analysed, plies=0)
    assert [len(client.get(url).json()) for url in urls] == [2, 2]
