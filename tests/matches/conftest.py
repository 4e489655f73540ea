from __future__ import annotations

import pytest

from clubs.models import Role
from matches.models import Match
from tests.conftest import open_matches
from tests.factories import MembershipFactory, UserFactory


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
