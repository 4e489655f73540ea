"""Shared fixtures. Tests that need a real server skip with a reason when it is not configured."""

from __future__ import annotations

import os

import pytest

from clubs.models import Role
from config.celery import app as celery_app
from matches.models import Match
from matches.services import match_record_final_score
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tournaments import services
from tournaments.models import Tournament

# Tasks run inline in tests unless a test starts a real worker (see tests/test_celery.py).
celery_app.conf.task_always_eager = True

REDIS_URL = os.environ.get("REDIS_URL", "")
DATABASE_URL = os.environ.get("DATABASE_URL", "")
ON_POSTGRES = DATABASE_URL.startswith(("postgres://", "postgresql://"))

needs_redis = pytest.mark.skipif(
    not REDIS_URL, reason="needs a Redis server: set REDIS_URL (e.g. redis://127.0.0.1:6379/0)"
)
needs_postgres = pytest.mark.skipif(
    not ON_POSTGRES,
    reason="needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)",
)


@pytest.fixture(autouse=True)
def fast_password_hashing(request):
    """PBKDF2's deliberate slowness is for attackers, not for the test suite."""
    if not request.config.pluginmanager.hasplugin("django"):
        return  # pure tests run with `-p no:django` too
    settings = request.getfixturevalue("settings")
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def no_rate_limits(request):
    """Rate limits would trip over the hundreds of log-ins and API calls of the suite (and
    ``client.login`` passes no request, which django-axes needs): off unless a test turns
    them on (tests/test_rate_limits.py)."""
    if not request.config.pluginmanager.hasplugin("django"):
        return
    settings = request.getfixturevalue("settings")
    settings.AXES_ENABLED = False
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": None, "user": None, "token": None},
    }


# --- Tournaments: a club with an organizer, tournaments drawn through the services ---


@pytest.fixture
def organizer():
    return UserFactory(username="olga")


@pytest.fixture
def club(organizer):
    club = ClubFactory(name="Bar Club", slug="bar")
    MembershipFactory(club=club, player__user=organizer, role=Role.ORGANIZER)
    return club


@pytest.fixture
def commit(django_capture_on_commit_callbacks):
    """Run a block and then what it left for after the commit (Celery tasks run eagerly)."""

    class Commit:
        def __call__(self, fn, *args, **kwargs):
            with django_capture_on_commit_callbacks(execute=True):
                return fn(*args, **kwargs)

    return Commit()


@pytest.fixture
def make_tournament(club, organizer, commit):
    """A tournament with ``players`` approved guests, started (drawn) unless told not to."""

    def make(players: int, *, start: bool = True, **settings) -> Tournament:
        tournament = services.tournament_create(
            club=club, user=organizer, name=settings.pop("name", "Open"), **settings
        )
        services.tournament_open_registration(tournament=tournament)
        for n in range(1, players + 1):
            entry = services.entry_add_guest(tournament=tournament, name=f"Player {n:03d}")
            entry.seed = n
            entry.save()
        if start:
            commit(services.tournament_start, tournament=tournament)
        tournament.refresh_from_db()
        return tournament

    return make


@pytest.fixture
def play(commit):
    """Record a final score for a match (the higher seed wins unless ``winner`` says)."""

    def play(match: Match, winner=None, score=None) -> Match:
        match.refresh_from_db()
        winner = winner or match.entry_a
        length = match.length
        if match.match_format == "games":
            length = (match.length + 1) // 2
        won, lost = score or (length, 0)
        a, b = (won, lost) if winner == match.entry_a else (lost, won)
        return commit(match_record_final_score, match=match, score_a=a, score_b=b)

    return play


def open_matches(tournament, **filters):
    return list(
        Match.objects.filter(round__stage__tournament=tournament, status="ready", **filters)
        .select_related("entry_a__player", "entry_b__player", "round__stage")
        .order_by("round__stage__order", "round__number", "index")
    )
