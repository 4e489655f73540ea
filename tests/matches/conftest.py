from __future__ import annotations

from pathlib import Path

import pytest

from clubs.models import Role
from matches.models import Match
from tests.conftest import open_matches
from tests.factories import MembershipFactory, UserFactory
from tournaments import services

#: gnubg- and XG-made match files (tests/backgammon/fixtures/mat), with gnubg's account beside.
MAT_FIXTURES = Path(__file__).resolve().parent.parent / "backgammon" / "fixtures" / "mat"


def mat(name: str) -> str:
    return (MAT_FIXTURES / f"{name}.mat").read_text()


def assert_nothing_stored(match: Match) -> None:
    """A refused import or result leaves the match exactly as it was."""
    before = match.version
    match.refresh_from_db()
    assert match.games.count() == 0
    assert match.files.count() == 0
    assert (match.status, match.score_a, match.score_b) == ("ready", 0, 0)
    assert match.version == before


@pytest.fixture
def referee(club):
    user = UserFactory(username="rudi")
    MembershipFactory(club=club, player__user=user, role=Role.REFEREE)
    return user


@pytest.fixture
def match_of(make_tournament, referee):
    """An open first-round match of a fresh two-player tournament with these settings."""

    def make(**settings) -> Match:
        tournament = make_tournament(2, **settings)
        tournament.referees.add(referee.player)
        return open_matches(tournament)[0]

    return make


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
        match = Match.objects.select_related(
            "round__stage__tournament__club", "entry_a__player", "entry_b__player"
        ).get(round__stage__tournament=tournament, status="ready")
        assert match.entry_a.player.name == names[0].strip()
        return match

    return make
