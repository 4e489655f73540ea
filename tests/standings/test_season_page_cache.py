"""The season pages are served to visitors from the cache under the club's version with its
tournaments': a season created or changed, a tournament taken in and a result show at once,
and a warm visit costs one query."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import open_matches
from tournaments.models import Season
from tournaments.services import season_create, season_set_tournaments, season_update

pytestmark = pytest.mark.django_db


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def list_url(club):
    return reverse("clubs:seasons", kwargs={"club": club.slug})


def season_url(season):
    return reverse("clubs:season", kwargs={"club": season.club.slug, "season": season.slug})


@pytest.fixture
def season(club):
    return season_create(club=club, name="Winter series", placing_points=[10, 7, 5])


def test_a_warm_visit_costs_one_query(client, club, season, django_assert_num_queries):
    for url in (list_url(club), season_url(season)):
        page(client, url)
        with django_assert_num_queries(1):  # the club's version
            page(client, url)


def test_a_season_created_or_changed_shows_at_once(client, club, season):
    assert "Summer series" not in page(client, list_url(club))
    season_create(club=club, name="Summer series")
    assert "Summer series" in page(client, list_url(club))
    assert "10, 7, 5" in page(client, season_url(season))
    season_update(season=season, name="Winter", placing_points=[12, 8], participation_points=2)
    detail = page(client, season_url(season))
    assert "12, 8" in detail and "2 points for taking part" in detail
    assert "Winter series" not in page(client, list_url(club))


def test_a_tournament_taken_in_and_its_result_show_at_once(client, season, make_tournament, play):
    tournament = make_tournament(2, format="single_elimination", name="Final night")
    url = season_url(season)
    assert "Final night" not in page(client, url)
    season_set_tournaments(season=season, tournament_ids=[tournament.pk])
    assert "Final night" in page(client, url)
    assert "Player 001" not in page(client, url)  # not finished yet
    play(open_matches(tournament)[0])
    assert "Player 001" in page(client, url)


def test_the_organizers_buttons_are_not_served_to_a_visitor(client, club, season, organizer):
    edit = reverse("clubs:season_edit", kwargs={"club": club.slug, "season": season.slug})
    new = reverse("clubs:season_create", kwargs={"club": club.slug})
    client.force_login(organizer)
    assert edit in page(client, season_url(season)) and new in page(client, list_url(club))
    client.logout()
    assert edit not in page(client, season_url(season))
    assert new not in page(client, list_url(club))
    assert Season.objects.count() == 1
