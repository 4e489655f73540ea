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


def test_the_demo_on_a_fresh_clone_prints_the_logins_without_warnings(tmp_path):
    """``make run``'s steps in a process of their own, as on a newcomer's machine: nothing but
    the tournaments and the log-ins (no warning per e-mail about SITE_URL, whose development
    default is right, nor kombu's about the in-memory broker's missing host)."""
    import os
    import subprocess
    import sys

    from tests.test_project import ROOT

    clean = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "SITE_URL", "LOG_LEVEL", "DEBUG"}
    }
    env = {
        **clean,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }

    def manage(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=240,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout + done.stderr

    manage("migrate", "--no-input", "-v0")
    printed = manage("demo")
    assert "SITE_URL" not in printed
    assert "No hostname" not in printed
    assert "WARNING" not in printed
    lines = printed.strip().splitlines()
    assert lines[0].startswith("Tournament “")
    assert "Log in with any of these (password: backgammon):" in lines
    assert len(lines) < 20, printed
