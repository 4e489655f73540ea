from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import Role
from tests.factories import (
    PASSWORD,
    ClubFactory,
    EntryFactory,
    MatchFactory,
    MembershipFactory,
    TournamentFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def test_the_home_page_lists_public_clubs(client):
    ClubFactory(name="Open Doors")
    ClubFactory(name="Secret Society", is_private=True)
    page = client.get(reverse("home")).content.decode()
    assert "Open Doors" in page
    assert "Secret Society" not in page


def test_the_dashboard_shows_my_clubs_tournaments_and_next_match(client):
    user = UserFactory(username="me")
    membership = MembershipFactory(player__user=user, club__name="My Club", role=Role.REFEREE)
    tournament = TournamentFactory(name="Spring Open", club=membership.club, status="running")
    match = MatchFactory(
        round__stage__tournament=tournament,
        entry_a=EntryFactory(player=membership.player, tournament=tournament),
        table=7,
    )
    client.login(username="me", password=PASSWORD)
    page = client.get(reverse("dashboard")).content.decode()
    assert "My Club" in page
    assert "Referee" in page
    assert match.entry_b.player.name in page
    assert "Table 7" in page
    assert "Spring Open" in page


def test_the_club_page_lists_members_with_roles(client):
    club = ClubFactory()
    MembershipFactory(club=club, role=Role.ORGANIZER, player__name="Olga Org")
    MembershipFactory(club=club, role=Role.PLAYER, player__name="Pete Player")
    page = client.get(club.get_absolute_url()).content.decode()
    assert page.index("Olga Org") < page.index("Pete Player")


def test_creating_a_club_makes_me_organizer(client):
    UserFactory(username="founder")
    client.login(username="founder", password=PASSWORD)
    response = client.post(reverse("clubs:create"), {"name": "Backgammon Bar", "slug": ""})
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "Backgammon Bar" in page
    assert reverse("clubs:member_add", args=["backgammon-bar"]) in page


def test_the_organizer_invites_a_member_by_username_and_sees_errors(client):
    organizer = MembershipFactory(role=Role.ORGANIZER)
    UserFactory(username="joiner")
    client.login(username=organizer.player.user.username, password=PASSWORD)
    url = reverse("clubs:member_add", args=[organizer.club.slug])
    response = client.post(url, {"add_member": "1", "user": "ghost", "role": "player"})
    assert "No single account has the user name or e-mail" in response.content.decode()
    response = client.post(url, {"add_member": "1", "user": "joiner", "role": "referee"})
    assert response.status_code == 302
    # Invited, not added unasked: a member once the invitation is accepted.
    assert not organizer.club.memberships.filter(player__user__username="joiner").exists()
    invitation = organizer.club.invitations.get()
    assert (invitation.email, invitation.role) == ("joiner@example.com", Role.REFEREE)
