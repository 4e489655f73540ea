"""The club's own pages (home, leaderboard, player profiles, head-to-head) are served to
visitors from a cache keyed by the club's version and its tournaments' versions: whatever
changes on them shows at once, and a warm visit costs one query."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs import services as club_services
from clubs.models import Player
from tests.conftest import open_matches
from tournaments import services

pytestmark = pytest.mark.django_db


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def club_urls(club, a=None, b=None):
    urls = {
        "home": reverse("clubs:detail", args=[club.slug]),
        "leaderboard": reverse("clubs:leaderboard", args=[club.slug]),
    }
    if a is not None:
        urls["profile"] = reverse("clubs:player", args=[club.slug, a.pk])
    if a is not None and b is not None:
        urls["h2h"] = reverse("clubs:head_to_head", args=[club.slug]) + f"?a={a.pk}&b={b.pk}"
    return urls


@pytest.fixture
def played(make_tournament):
    """A published round robin of four with its first two matches still open."""
    return make_tournament(4, format="round_robin", name="Autumn Cup", is_published=True)


def members(tournament):
    match = open_matches(tournament)[0]
    return match, match.entry_a.player, match.entry_b.player


def test_a_warm_club_page_costs_one_query(client, club, played, django_assert_num_queries):
    _, a, b = members(played)
    urls = club_urls(club, a, b)
    for url in urls.values():
        page(client, url)
    for url in urls.values():
        with django_assert_num_queries(1):
            page(client, url)


def test_a_result_shows_at_once_on_the_profile_head_to_head_and_leaderboard(
    client, club, played, play
):
    match, a, b = members(played)
    urls = club_urls(club, a, b)
    before = {name: page(client, url) for name, url in urls.items()}
    assert "Autumn Cup" not in before["h2h"]
    play(match, winner=match.entry_a, score=(5, 1))
    assert "Autumn Cup" in page(client, urls["h2h"])
    assert "Autumn Cup" in page(client, urls["profile"])
    leaderboard = page(client, urls["leaderboard"])
    assert a.name in leaderboard and leaderboard != before["leaderboard"]


def test_a_renamed_player_shows_at_once(client, club, played, play):
    match, a, b = members(played)
    play(match)
    urls = club_urls(club, a, b)
    for url in urls.values():
        page(client, url)
    player = club_services.player_rename(player=Player.objects.get(pk=a.pk), name="Zelda Renamed")
    for name, url in urls.items():
        if name != "home" or club.memberships.filter(player=player).exists():
            assert "Zelda Renamed" in page(client, url), name


def test_a_new_member_and_a_new_tournament_show_at_once_on_the_club_page(client, club, organizer):
    url = club_urls(club)["home"]
    page(client, url)
    club_services.club_add_guest(club=club, name="Gwendolyn Guest")
    assert "Gwendolyn Guest" in page(client, url)
    tournament = services.tournament_create(
        club=club, user=organizer, name="Winter Open", is_published=True
    )
    services.tournament_open_registration(tournament=tournament)
    assert "Winter Open" in page(client, url)


def test_a_changed_club_shows_at_once(client, club):
    url = club_urls(club)["home"]
    page(client, url)
    club_services.club_update(club=club, description="Thursdays at the Red Lion")
    assert "Thursdays at the Red Lion" in page(client, url)


def test_a_private_club_is_not_served_from_the_cache(client, club):
    url = club_urls(club)["home"]
    page(client, url)
    club_services.club_update(club=club, is_private=True)
    assert client.get(url).status_code == 404


def test_the_organizers_buttons_are_not_cached_with_the_page(client, club, organizer):
    url = club_urls(club)["home"]
    edit = reverse("clubs:edit", args=[club.slug])
    assert edit not in page(client, url)
    client.force_login(organizer)
    assert edit in page(client, url)
    client.logout()
    assert edit not in page(client, url)
