"""A filed match's public pages (its analysis panel, the tournament's error rates, the replay,
the match file and its moves) are served to visitors from the cache under the tournament's
version: an analysis or a renamed player shows at once, and a warm visit costs one query."""

from __future__ import annotations

import pytest
from django.urls import reverse

from analysis.services import analysis_request
from clubs.models import Player
from clubs.services import player_rename
from tests.analysis.conftest import filed_match
from tests.conftest import fresh
from tests.shared import shared_club

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def shared(module_db):
    """The organizer and the published match with its accepted file, built once: the tests
    read them, or change them and are rolled back."""
    organizer, club = shared_club()
    return organizer, filed_match(club, organizer, is_published=True).pk


@pytest.fixture
def organizer(shared):
    return shared[0]


@pytest.fixture
def filed(shared):
    return fresh(shared[1])


@pytest.fixture(autouse=True)
def _caches_of_its_own(caches_of_its_own):
    """The tests share the match (``module_db``): each starts with nothing cached, in caches
    of the kinds the suite runs with."""


def urls(match):
    t = match.round.stage.tournament
    file = match.files.get()
    at_match = [t.club.slug, t.slug, match.pk]
    return {
        "panel": reverse("analysis:match_panel", args=at_match),
        "error rates": reverse("analysis:tournament", args=[t.club.slug, t.slug]),
        "replay": reverse("analysis:replay", args=at_match),
        "match file": reverse("matchfiles:download", args=[*at_match, file.pk]),
        "moves": reverse("matchfiles:record", args=[*at_match, file.pk]),
    }


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_a_warm_visit_costs_one_query(client, filed, django_assert_num_queries):
    pages = urls(filed)
    for url in pages.values():
        page(client, url)
    for url in pages.values():
        with django_assert_num_queries(1):  # the tournament's version
            page(client, url)


def test_an_analysis_shows_at_once_on_the_panel_error_rates_and_replay(
    client, filed, fake_gnubg, commit
):
    url = urls(filed)
    assert "This match has not been analysed." in page(client, url["panel"])
    assert ">3.6<" not in page(client, url["error rates"] + "?plies=1")
    assert "1-ply" not in page(client, url["replay"])
    commit(analysis_request, match=filed, plies=1)
    assert "Analysed at 1-ply" in page(client, url["panel"])
    assert ">3.6<" in page(client, url["error rates"] + "?plies=1")
    assert "1-ply" in page(client, url["replay"])


def test_a_renamed_player_shows_at_once_on_the_moves_and_the_replay(client, filed):
    url = urls(filed)
    for name in ("moves", "replay", "panel"):
        assert "Alicia" not in page(client, url[name])
    player_rename(player=Player.objects.get(name="Alice"), name="Alicia")
    for name in ("moves", "replay"):
        assert "Alicia" in page(client, url[name]), name


def test_the_match_file_from_the_cache_is_the_file_as_uploaded(client, filed):
    url = urls(filed)["match file"]
    first, again = client.get(url), client.get(url)
    assert again.content == first.content == filed.files.get().content.encode()
    assert again["Content-Disposition"] == first["Content-Disposition"]
    assert again["Content-Disposition"].startswith("attachment; filename=")


def test_the_organizers_buttons_are_not_served_to_a_visitor(client, filed, organizer):
    url = urls(filed)["error rates"]
    tournament = filed.round.stage.tournament
    analyse = reverse("analysis:tournament_analyse", args=[tournament.club.slug, tournament.slug])
    client.force_login(organizer)
    assert analyse in page(client, url)
    client.logout()
    assert analyse not in page(client, url)
    client.force_login(organizer)
    assert analyse in page(client, url)
