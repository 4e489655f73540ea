"""The list of clubs (the home page's and /clubs/) is served to visitors from the cache under
every public club's version: a club's new name, a club made private or created, and every way
a member joins or leaves show at once."""

from __future__ import annotations

import pytest
from django.db import connection
from django.urls import reverse

from clubs import services as club_services
from clubs.models import Membership
from clubs.services import join_request_create, join_request_decide
from entries import services as entry_services
from tests.factories import PlayerFactory, UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db

PAGES = ("home", "clubs:list")


def pages(client) -> list[str]:
    found = []
    for name in PAGES:
        response = client.get(reverse(name))
        assert response.status_code == 200
        found.append(response.content.decode())
    return found


def members_shown(client, count: int) -> bool:
    card = f"{count} member{'' if count == 1 else 's'}"
    return all(card in page for page in pages(client))


def test_a_warm_visit_costs_only_the_version_query(client, club):
    pages(client)
    for name in PAGES:
        statements = []

        def record(execute, sql, params, many, context, statements=statements):
            statements.append(sql)  # as sent (PostgreSQL's debug cursor may not keep it)
            return execute(sql, params, many, context)

        with connection.execute_wrapper(record):
            assert client.get(reverse(name)).status_code == 200
        assert len(statements) == 1
        assert "membership" not in statements[0]  # no member counted: from the cache


def test_members_joining_and_leaving_show_at_once(client, club, organizer):
    assert members_shown(client, 1)
    guest = club_services.club_add_guest(club=club, name="Gwen")
    assert members_shown(client, 2)
    club_services.membership_remove(membership=guest)
    assert members_shown(client, 1)
    asking = PlayerFactory(user=UserFactory(username="asker"))
    request = join_request_create(club=club, player=asking)
    join_request_decide(join_request=request, approve=True, user=organizer)
    assert members_shown(client, 2)


def test_a_player_entered_in_a_tournament_joins_and_shows_at_once(client, club, organizer):
    tournament = services.tournament_create(club=club, user=organizer, name="Open")
    services.tournament_open_registration(tournament=tournament)
    assert members_shown(client, 1)
    stranger = PlayerFactory(user=UserFactory(username="stranger"))
    entry_services.entry_add(tournament=tournament, player=stranger)
    assert Membership.objects.filter(club=club, player=stranger).exists()
    assert members_shown(client, 2)
    entry_services.entry_add_guest(tournament=tournament, name="Walk-in")
    assert members_shown(client, 3)


def test_a_club_renamed_created_or_made_private_shows_at_once(client, club, organizer):
    assert all("Bar Club" in page for page in pages(client))
    club_services.club_update(club=club, name="Red Lion Club", city="Hamburg")
    assert all("Red Lion Club" in page and "Hamburg" in page for page in pages(client))
    club_services.club_create(user=organizer, name="Dice Den")
    assert all("Dice Den" in page for page in pages(client))
    club_services.club_update(club=club, is_private=True)
    assert all("Red Lion Club" not in page for page in pages(client))


def test_a_members_private_clubs_are_not_served_to_a_visitor(client, club, organizer):
    club_services.club_update(club=club, is_private=True)
    client.force_login(organizer)
    listed = client.get(reverse("clubs:list")).content.decode()
    assert "Bar Club" in listed and reverse("clubs:create") in listed
    client.logout()
    listed = client.get(reverse("clubs:list")).content.decode()
    assert "Bar Club" not in listed and reverse("clubs:create") not in listed
