"""The ladder's pages: a member joins and challenges from the page, the challenged player
accepts, the match page of the ladder's tournament takes the result and the ladder moves;
bad challenges are refused with a message; the venue display and history read it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Role
from ladders import selectors, services
from ladders.models import Challenge
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
def ladder(club, organizer):
    return services.ladder_create(club=club, user=organizer, name="Leiter", reach=1)


def test_join_challenge_accept_and_a_referee_result_reorder_the_ladder(
    club, organizer, ladder, django_capture_on_commit_callbacks
):
    anna, ben, cleo = member(club, "Anna"), member(club, "Ben"), member(club, "Cleo")
    for player in (anna, ben, cleo):
        response = logged_in(player.user).post(
            reverse("ladders:join", args=[club.slug, ladder.slug])
        )
        assert response.status_code == 302
    cleo_client = logged_in(cleo.user)
    page = cleo_client.get(ladder.get_absolute_url()).content.decode()
    assert page.count(">Challenge</button>") == 1  # only Ben is within reach

    # Anna is out of reach: refused with the reason, nothing saved.
    response = cleo_client.post(
        reverse("ladders:challenge", args=[club.slug, ladder.slug, anna.pk]), follow=True
    )
    assert "more places above" in response.content.decode()
    assert not Challenge.objects.exists()

    cleo_client.post(reverse("ladders:challenge", args=[club.slug, ladder.slug, ben.pk]))
    challenge = Challenge.objects.get()
    # Only Ben (or a referee) answers it.
    denied = cleo_client.post(
        reverse("ladders:accept", args=[club.slug, ladder.slug, challenge.pk])
    )
    assert denied.status_code == 403
    logged_in(ben.user).post(reverse("ladders:accept", args=[club.slug, ladder.slug, challenge.pk]))
    challenge.refresh_from_db()
    match = challenge.match
    url = reverse("matches:final_score", args=[club.slug, ladder.tournament.slug, match.pk])
    with django_capture_on_commit_callbacks(execute=True):
        response = logged_in(organizer).post(
            url, {"score_a": 5, "score_b": 1, "version": match.version}
        )
    assert response.status_code in (200, 302)
    assert [p.name for p in selectors.ladder_players(ladder)] == ["Anna", "Cleo", "Ben"]

    history = Client().get(reverse("ladders:history", args=[club.slug, ladder.slug]))
    assert "Cleo won the challenge against Ben and took the place." in history.content.decode()
    display = Client().get(reverse("ladders:display", args=[club.slug, ladder.slug]))
    assert "Cleo" in display.content.decode()


def test_the_ladder_page_in_german(client, club, organizer, ladder):
    services.ladder_join(ladder=ladder, player=member(club, "Anna"), user=organizer)
    response = client.get(ladder.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de")
    assert "Verlauf" in response.content.decode()


def test_an_online_ladder_match_opens_on_the_board_for_its_players(club, organizer):
    ladder = services.ladder_create(
        club=club, user=organizer, name="Online", reach=1, online_play=True
    )
    anna, ben = member(club, "Anna"), member(club, "Ben")
    for player in (anna, ben):
        services.ladder_join(ladder=ladder, player=player, user=organizer)
    challenge = services.challenge_create(ladder=ladder, challenger=ben, defender=anna, user=None)
    services.challenge_accept(challenge=challenge, user=None)
    challenge.refresh_from_db()
    assert challenge.match.is_online
    board = reverse("online:board", args=[club.slug, ladder.tournament.slug, challenge.match_id])
    response = logged_in(ben.user).get(board)
    assert response.status_code == 200
    assert response.context["side"] == 0  # the challenger plays the first side
    page = logged_in(ben.user).get(ladder.get_absolute_url()).content.decode()
    assert board in page


def test_an_organizer_creates_a_ladder_from_the_form_and_players_cannot(club, organizer):
    url = reverse("ladders:create", args=[club.slug])
    anna = member(club, "Anna")
    assert logged_in(anna.user).get(url).status_code == 403
    data = {
        "name": "Sommerleiter",
        "reach": 3,
        "accept_days": 5,
        "play_days": 10,
        "idle_days": 21,
        "idle_places": 1,
        "open_challenges": 1,
        "match_length": 7,
        "cube": "on",
    }
    response = logged_in(organizer).post(url, data)
    assert response.status_code == 302
    ladder = club.ladders.get()
    assert (ladder.name, ladder.match_length, ladder.tournament.default_length) == (
        "Sommerleiter",
        7,
        7,
    )
    assert ladder.tournament.cube_enabled


def test_the_page_of_a_ladders_tournament_is_the_ladder(client, club, ladder):
    url = reverse("tournaments:detail", args=[club.slug, ladder.tournament.slug])
    response = client.get(url)
    assert response.status_code == 302 and response.url == ladder.get_absolute_url()
