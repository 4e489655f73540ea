from __future__ import annotations

from pathlib import Path

import pytest

from clubs.models import Role
from clubs.services_tokens import api_token_create
from matches.models import Match, MatchStatus
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tournaments import services

FIXTURES = Path(__file__).resolve().parents[2] / "backgammon" / "fixtures" / "mat"


def mat(name: str) -> str:
    return (FIXTURES / f"{name}.mat").read_text()


@pytest.fixture
def organizer(db):
    return UserFactory(username="olga")


@pytest.fixture
def club(organizer):
    club = ClubFactory(name="Bar Club", slug="bar")
    MembershipFactory(club=club, player__user=organizer, role=Role.ORGANIZER)
    return club


@pytest.fixture
def commit(django_capture_on_commit_callbacks):
    def run(fn, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return fn(**kwargs)

    return run


@pytest.fixture
def make_match(club, organizer, commit):
    """The one match of a started two-player tournament: ``names[0]`` is its first player."""

    def make(length=3, names=("Alice", "Bob"), club=club, **settings) -> Match:
        tournament = services.tournament_create(
            club=club, user=organizer, name="Open", default_length=length, **settings
        )
        services.tournament_open_registration(tournament=tournament)
        for seed, name in enumerate(names, start=1):
            entry = services.entry_add_guest(tournament=tournament, name=name)
            entry.seed = seed
            entry.save()
        commit(services.tournament_start, tournament=tournament)
        return Match.objects.select_related(
            "round__stage__tournament__club", "entry_a__player", "entry_b__player"
        ).get(round__stage__tournament=tournament, status=MatchStatus.READY)

    return make


@pytest.fixture
def match(make_match):
    return make_match()


@pytest.fixture
def token_key(club, organizer):
    return api_token_create(club=club, name="Results server", user=organizer)[1]


@pytest.fixture
def auth(token_key):
    return {"HTTP_AUTHORIZATION": f"Token {token_key}"}


def result_url(match) -> str:
    pk = match if isinstance(match, int) else match.pk
    return f"/api/matches/{pk}/result"


def assert_nothing_stored(match: Match) -> None:
    before = match.version
    match.refresh_from_db()
    assert match.games.count() == 0
    assert match.files.count() == 0
    assert (match.status, match.score_a, match.score_b) == (MatchStatus.READY, 0, 0)
    assert match.version == before
