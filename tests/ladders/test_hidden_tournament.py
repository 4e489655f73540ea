"""A ladder's matches live in a hidden tournament, which never shows through: the match page
leads back to the ladder, and no list of tournaments offers it (the new-season form, the
API's tournament list, the dashboard's "My tournaments", the club's page), while the match
itself stays readable (its page, the API's match)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Role
from ladders import services
from tests.conftest import committed
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def member(club, name):
    player = PlayerFactory(name=name, user=UserFactory(username=name.lower()))
    MembershipFactory(club=club, player=player, role=Role.PLAYER)
    return player


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def ladder_match(club, organizer):
    """A ladder whose challenge was accepted: its match is ready, in the hidden tournament;
    and one ordinary tournament of the club beside it."""
    from tests.conftest import tournament_made

    tournament_made(club, organizer, 4, name="Spring Open")
    ladder = services.ladder_create(club=club, user=organizer, name="Club ladder", reach=2)
    anna, ben = member(club, "Anna"), member(club, "Ben")
    for player in (anna, ben):
        services.ladder_join(ladder=ladder, player=player, user=organizer)
    challenge = committed(
        services.challenge_create, ladder=ladder, challenger=ben, defender=anna, user=None
    )
    committed(services.challenge_accept, challenge=challenge, user=None)
    challenge.refresh_from_db()
    return ladder, challenge.match, ben


def test_a_ladder_match_page_leads_back_to_the_ladder(club, ladder_match):
    ladder, match, ben = ladder_match
    tournament = ladder.tournament
    url = reverse("matches:detail", args=[club.slug, tournament.slug, match.pk])
    for client in (Client(), logged_in(ben.user)):
        page = client.get(url).content.decode()
        assert f'href="{ladder.get_absolute_url()}"' in page
        round_page = reverse("tournaments:round", args=[club.slug, tournament.slug, "main", 1])
        assert round_page not in page
        assert "Main ·" not in page


def test_the_new_season_form_does_not_offer_the_ladder(club, organizer, ladder_match):
    ladder, _match, _ben = ladder_match
    url = reverse("clubs:season_create", args=[club.slug])
    client = logged_in(organizer)
    page = client.get(url).content.decode()
    assert "Spring Open" in page
    assert f'value="{ladder.tournament.pk}"' not in page
    # Posted anyway, it is refused as a choice that is not offered, and nothing is saved.
    response = client.post(
        url,
        {
            "name": "2026",
            "placing_points": "10, 7, 5",
            "participation_points": 1,
            "tournaments": [ladder.tournament.pk],
        },
    )
    assert response.status_code == 200
    assert response.context["form"].errors["tournaments"]
    assert not club.seasons.exists()


def test_the_apis_tournament_list_does_not_list_the_ladder(club, organizer, ladder_match):
    _ladder, match, _ben = ladder_match
    for client in (Client(), logged_in(organizer)):
        names = [row["name"] for row in client.get("/api/tournaments").json()["results"]]
        assert names == ["Spring Open"]
        club_only = client.get(f"/api/tournaments?club={club.slug}").json()["results"]
        assert [row["name"] for row in club_only] == ["Spring Open"]
        # The ladder's match is still read by its id (a score keeper's app).
        assert client.get(f"/api/matches/{match.pk}").status_code == 200
    from clubs.services.tokens import api_token_create

    token = api_token_create(club=club, name="Results", user=organizer)[1]
    response = Client().get("/api/tournaments", HTTP_AUTHORIZATION=f"Token {token}")
    assert [row["name"] for row in response.json()["results"]] == ["Spring Open"]


def test_the_dashboard_does_not_list_the_ladders_tournament(club, organizer, ladder_match):
    ladder, _match, ben = ladder_match
    from entries.selectors import entries_of_player

    assert [e.tournament.name for e in entries_of_player(ben)] == []
    page = logged_in(ben.user).get(reverse("dashboard")).content.decode()
    assert "You have not entered a tournament yet." in page
    assert f'href="{ladder.tournament.get_absolute_url()}"' not in page
    # His open match is the ladder's challenge, not a round of a tournament.
    assert "Main ·" not in page
    assert f'href="{ladder.get_absolute_url()}"' in page


def test_a_players_profile_does_not_list_the_ladders_tournament(club, organizer, ladder_match):
    _ladder, _match, ben = ladder_match
    url = reverse("clubs:player", args=[club.slug, ben.pk])
    response = logged_in(organizer).get(url)
    assert response.status_code == 200
    assert response.context["profile"].tournaments == []
