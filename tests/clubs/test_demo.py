from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from clubs.models import Club, Membership, Player, Role

pytestmark = pytest.mark.django_db


def snapshot() -> dict[str, object]:
    users = get_user_model().objects
    return {
        "users": sorted(users.values_list("username", "email", "is_staff", "password")),
        "players": sorted(Player.objects.values_list("name", "user__username", "email")),
        "clubs": sorted(Club.objects.values_list("slug", "name")),
        "memberships": sorted(Membership.objects.values_list("club__slug", "player__name", "role")),
    }


def test_demo_creates_a_living_club_and_prints_logins():
    out = StringIO()
    call_command("demo", stdout=out)
    club = Club.objects.get(slug="demo")
    roles = list(club.memberships.values_list("role", flat=True))
    assert roles.count(Role.PLAYER) == 16
    assert roles.count(Role.ORGANIZER) == 1
    assert roles.count(Role.REFEREE) == 1
    printed = out.getvalue()
    assert "organizer" in printed and "referee" in printed and "backgammon" in printed
    assert get_user_model().objects.get(username="organizer").check_password("backgammon")


def test_demo_twice_leaves_the_same_data():
    call_command("demo", stdout=StringIO())
    first = snapshot()
    call_command("demo", stdout=StringIO())
    assert snapshot() == first
