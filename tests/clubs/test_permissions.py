"""Each role can do exactly what it allows on club pages, and nothing more."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import Membership, Role
from tests.factories import PASSWORD, ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "outsider", "player", "referee", "organizer", "other_organizer"]


@pytest.fixture
def club():
    return ClubFactory(name="Home Club", slug="home")


@pytest.fixture
def member_of(club):
    """A logged-in client per role: a member of the club in that role, or not a member."""

    def login(client, role):
        if role == "anonymous":
            return client
        user = UserFactory(username=role)
        if role in {"player", "referee", "organizer"}:
            MembershipFactory(club=club, player__user=user, role=role)
        elif role == "other_organizer":
            MembershipFactory(player__user=user, role=Role.ORGANIZER)
        assert client.login(username=user.username, password=PASSWORD)
        return client

    return login


def status_of(response):
    if response.status_code == 302 and "/accounts/login/" in response["Location"]:
        return "login"
    return response.status_code


@pytest.mark.parametrize(
    ("role", "expected"),
    [
        ("anonymous", 200),
        ("outsider", 200),
        ("player", 200),
        ("referee", 200),
        ("organizer", 200),
        ("other_organizer", 200),
    ],
)
def test_a_public_club_page_is_open_to_everyone(client, member_of, club, role, expected):
    response = member_of(client, role).get(reverse("clubs:detail", args=[club.slug]))
    assert status_of(response) == expected


@pytest.mark.parametrize(
    ("role", "expected"),
    [
        ("anonymous", 404),
        ("outsider", 404),
        ("player", 200),
        ("referee", 200),
        ("organizer", 200),
        ("other_organizer", 404),
    ],
)
def test_a_private_club_is_hidden_from_non_members(client, member_of, club, role, expected):
    club.is_private = True
    club.save()
    response = member_of(client, role).get(reverse("clubs:detail", args=[club.slug]))
    assert status_of(response) == expected
    listing = client.get(reverse("clubs:list")).content.decode()
    assert ("Home Club" in listing) == (expected == 200)


MANAGE_EXPECTED = [
    ("anonymous", "login"),
    ("outsider", 403),
    ("player", 403),
    ("referee", 403),
    ("organizer", 200),
    ("other_organizer", 403),
]


@pytest.mark.parametrize(("role", "expected"), MANAGE_EXPECTED)
def test_only_the_clubs_organizer_opens_the_management_pages(
    client, member_of, club, role, expected
):
    client = member_of(client, role)
    for name in ("clubs:edit", "clubs:member_add"):
        assert status_of(client.get(reverse(name, args=[club.slug]))) == expected


@pytest.mark.parametrize(("role", "expected"), MANAGE_EXPECTED)
def test_only_the_clubs_organizer_adds_guests(client, member_of, club, role, expected):
    client = member_of(client, role)
    response = client.post(
        reverse("clubs:member_add", args=[club.slug]), {"add_guest": "1", "name": "Walk-in"}
    )
    added = club.memberships.filter(player__name="Walk-in").exists()
    assert added == (expected == 200)
    if expected != 200:
        assert status_of(response) == expected


@pytest.mark.parametrize(("role", "expected"), MANAGE_EXPECTED)
def test_only_the_clubs_organizer_gives_roles(client, member_of, club, role, expected):
    target = MembershipFactory(club=club, role=Role.PLAYER)
    client = member_of(client, role)
    response = client.post(
        reverse("clubs:member_role", args=[club.slug, target.pk]), {"role": "referee"}
    )
    target.refresh_from_db()
    assert (target.role == Role.REFEREE) == (expected == 200)
    if expected != 200:
        assert status_of(response) == expected


@pytest.mark.parametrize(("role", "expected"), MANAGE_EXPECTED)
def test_only_the_clubs_organizer_removes_members(client, member_of, club, role, expected):
    target = MembershipFactory(club=club, role=Role.PLAYER)
    client = member_of(client, role)
    response = client.post(reverse("clubs:member_remove", args=[club.slug, target.pk]))
    gone = not Membership.objects.filter(pk=target.pk).exists()
    assert gone == (expected == 200)
    if expected != 200:
        assert status_of(response) == expected


def test_management_links_show_only_for_the_organizer(client, member_of, club):
    page = member_of(client, "referee").get(reverse("clubs:detail", args=[club.slug]))
    assert reverse("clubs:member_add", args=[club.slug]) not in page.content.decode()
    client.logout()
    page = member_of(client, "organizer").get(reverse("clubs:detail", args=[club.slug]))
    assert reverse("clubs:member_add", args=[club.slug]) in page.content.decode()


def test_an_organizer_cannot_touch_a_membership_of_another_club(client, member_of, club):
    foreign = MembershipFactory(role=Role.PLAYER)
    client = member_of(client, "organizer")
    response = client.post(
        reverse("clubs:member_remove", args=[club.slug, foreign.pk]),
    )
    assert response.status_code == 404
    assert Membership.objects.filter(pk=foreign.pk).exists()
