"""The organizer's API token page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import ApiToken, Role
from clubs.services.tokens import api_token_for_key
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory(slug="bar")


@pytest.fixture
def organizer(club):
    user = UserFactory()
    MembershipFactory(club=club, player__user=user, role=Role.ORGANIZER)
    return user


def test_an_organizer_creates_a_token_and_sees_its_key_once(client, club, organizer):
    client.force_login(organizer)
    url = reverse("clubs:api_tokens", args=[club.slug])
    response = client.post(url, {"name": "Results server"})
    assert response.status_code == 200
    key = response.context["new_key"]
    assert key in response.text
    assert api_token_for_key(key=key).club == club
    page = client.get(url)
    assert "Results server" in page.text and key not in page.text

    again = client.post(url, {"name": "results  server"})
    assert "already has a token with this name" in again.text
    assert ApiToken.objects.filter(club=club).count() == 1


def test_an_organizer_revokes_a_token(client, club, organizer):
    client.force_login(organizer)
    url = reverse("clubs:api_tokens", args=[club.slug])
    key = client.post(url, {"name": "Old"}).context["new_key"]
    token = ApiToken.objects.get(club=club)
    response = client.post(reverse("clubs:api_token_revoke", args=[club.slug, token.pk]))
    assert response.status_code == 302
    assert api_token_for_key(key=key) is None


def test_only_organizers_manage_tokens(client, club):
    url = reverse("clubs:api_tokens", args=[club.slug])
    assert client.get(url).status_code == 302
    referee = UserFactory()
    MembershipFactory(club=club, player__user=referee, role=Role.REFEREE)
    client.force_login(referee)
    assert client.get(url).status_code == 403
    assert client.post(url, {"name": "Mine"}).status_code == 403
    assert not ApiToken.objects.exists()
