from __future__ import annotations

import logging
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import TestCase, override_settings

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


class Run:
    """What ``make run``'s demo printed and logged."""

    printed = ""
    warnings: list[str] = []


@pytest.fixture(scope="module")
def demo_run(module_db):
    """The demo, built once for the module's tests as ``make run`` builds it on a newcomer's
    machine (DEBUG, no SITE_URL; with or without Redis as the suite runs): what it printed
    and every warning logged meanwhile (root's handler, as pytest's caplog)."""
    run = Run()
    out, err = StringIO(), StringIO()
    records: list[logging.LogRecord] = []
    handler = logging.Handler(level=logging.WARNING)
    handler.emit = records.append  # type: ignore[method-assign]
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    try:
        # The draws the demo queues for after the commit run (the module is a transaction).
        with (
            override_settings(DEBUG=True, SITE_URL=""),
            TestCase.captureOnCommitCallbacks(execute=True),
        ):
            call_command("demo", stdout=out, stderr=err)
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    run.printed = out.getvalue() + err.getvalue()
    run.warnings = [r.getMessage() for r in records if r.levelname != "INFO"]
    return run


def test_demo_creates_a_living_club_and_prints_logins(demo_run):
    club = Club.objects.get(slug="demo")
    roles = list(club.memberships.values_list("role", flat=True))
    assert roles.count(Role.PLAYER) == 16
    assert roles.count(Role.ORGANIZER) == 1
    assert roles.count(Role.REFEREE) == 1
    printed = demo_run.printed
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


def test_the_demo_prints_the_logins_without_warnings(demo_run):
    """Nothing but the tournaments and the log-ins, and no warning logged (none per e-mail
    about SITE_URL, whose development default is right, nor kombu's about the in-memory
    broker's missing host)."""
    assert demo_run.warnings == []
    lines = demo_run.printed.strip().splitlines()
    assert lines[0].startswith("Tournament “")
    assert "Log in with any of these (password: backgammon):" in lines
    assert len(lines) < 20, demo_run.printed


def test_every_demo_match_has_its_history(demo_run):
    """Every change of a match, whatever made it (drawing, results, advancing), leaves a
    history row."""
    matches = list(Match.objects.all())
    assert matches
    assert [m for m in matches if not m.history.exists()] == []


def test_demo_twice_leaves_the_same_data(demo_run):
    first = snapshot()
    with TestCase.captureOnCommitCallbacks(execute=True):
        call_command("demo", stdout=StringIO())
    assert snapshot() == first
