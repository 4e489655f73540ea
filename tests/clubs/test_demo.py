from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from clubs.models import Club, Membership, Player, Role
from matches.models import Match
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def snapshot() -> dict[str, object]:
    users = get_user_model().objects
    return {
        "users": sorted(users.values_list("username", "email", "is_staff", "password")),
        "players": sorted(Player.objects.values_list("name", "user__username", "email")),
        "clubs": sorted(Club.objects.values_list("slug", "name")),
        "memberships": sorted(Membership.objects.values_list("club__slug", "player__name", "role")),
    }


def demo(capture, out=None):
    # The test runs in a transaction: let the draws queued for after the commit run.
    with capture(execute=True):
        call_command("demo", stdout=out or StringIO())


def test_demo_creates_a_living_club_and_prints_logins(django_capture_on_commit_callbacks):
    out = StringIO()
    demo(django_capture_on_commit_callbacks, out)
    club = Club.objects.get(slug="demo")
    roles = list(club.memberships.values_list("role", flat=True))
    assert roles.count(Role.PLAYER) == 16
    assert roles.count(Role.ORGANIZER) == 1
    assert roles.count(Role.REFEREE) == 1
    printed = out.getvalue()
    assert "organizer" in printed and "referee" in printed and "backgammon" in printed
    assert get_user_model().objects.get(username="organizer").check_password("backgammon")
    tournaments = {t.slug: t for t in Tournament.objects.all()}
    bar, monthly, league = (
        tournaments["thursday-bar-cup"],
        tournaments["monthly-7-point"],
        tournaments["autumn-swiss"],
    )
    assert (bar.format, bar.match_format, bar.default_length) == ("single_elimination", "games", 3)
    assert (monthly.format, monthly.default_length) == ("main_consolation", 7)
    assert league.format == "swiss"
    assert all(t.status == "running" for t in tournaments.values())
    rounds = league.stages.get().rounds.order_by("number")
    assert [r.status for r in rounds] == ["finished", "finished", "paired"]
    online = Match.objects.get(round__stage__tournament=league, is_online=True)
    assert online.status == "ready" and online.entry_a.player.user is not None
    assert Match.objects.filter(
        round__stage__tournament=monthly, round__stage__kind="consolation", status="ready"
    ).exists()


def test_demo_twice_leaves_the_same_data(django_capture_on_commit_callbacks):
    demo(django_capture_on_commit_callbacks)
    first = snapshot()
    demo(django_capture_on_commit_callbacks)
    assert snapshot() == first


def test_the_demo_prints_the_logins_without_warnings(
    django_capture_on_commit_callbacks, settings, caplog
):
    """``make run``'s demo on a newcomer's machine (DEBUG, no SITE_URL, no Redis): nothing
    but the tournaments and the log-ins, and no warning logged (none per e-mail about
    SITE_URL, whose development default is right, nor kombu's about the in-memory broker's
    missing host)."""
    settings.DEBUG = True
    settings.SITE_URL = ""
    out, err = StringIO(), StringIO()
    caplog.set_level("WARNING")
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo", stdout=out, stderr=err)
    assert [r.getMessage() for r in caplog.records if r.levelname != "INFO"] == []
    printed = out.getvalue() + err.getvalue()
    lines = printed.strip().splitlines()
    assert lines[0].startswith("Tournament “")
    assert "Log in with any of these (password: backgammon):" in lines
    assert len(lines) < 20, printed
