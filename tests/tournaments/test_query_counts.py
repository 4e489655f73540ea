"""Every public page and API read of a tournament costs the same number of queries whatever
its size (8, 256 or 2,048 players), built or from the cache."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from benchmarks._swiss_data import build_swiss
from config.dates import club_country
from tests.factories import ClubFactory

pytestmark = pytest.mark.django_db

#: Most queries any of these pages may make (a visitor, nothing cached).
MOST = 15


def urls(tournament):
    club, slug = tournament.club.slug, tournament.slug
    return {
        "overview": tournament.get_absolute_url(),
        "standings": reverse("tournaments:standings", args=[club, slug]),
        "round": reverse("tournaments:round", args=[club, slug, "swiss", 9]),
        "api tournaments": reverse("api:tournaments"),
        "api tournament": reverse("api:tournament", args=[tournament.pk]),
        "api rounds": reverse("api:rounds", args=[tournament.pk]),
        "api matches": reverse("api:matches", args=[tournament.pk]),
        "api standings": reverse("api:standings", args=[tournament.pk]),
    }


def queries_of(client, tournament):
    built, cached = {}, {}
    cache.clear()
    club_country(tournament.club.slug)  # read once for every page of the club (config.dates)
    for name, url in urls(tournament).items():
        for found in (built, cached):
            with CaptureQueriesContext(connection) as captured:
                response = client.get(url)
            assert response.status_code == 200, (name, response.status_code)
            found[name] = len(captured)
    return built, cached


@pytest.mark.parametrize(
    "players", [8, 256, pytest.param(2048, marks=pytest.mark.slow)], ids=lambda n: f"{n}p"
)
def test_queries_do_not_grow_with_the_tournament(client, players):
    club = ClubFactory(slug="big")
    tournament = build_swiss(club, players=players, rounds=9, slug=f"swiss-{players}")
    built, cached = queries_of(client, tournament)
    assert max(built.values()) <= MOST, built
    # From the cache: the tournament and little else.
    assert max(cached.values()) <= 4, cached
    reference = queries_of(client, build_swiss(club, players=8, rounds=9, slug="reference", seed=8))
    assert (built, cached) == reference
