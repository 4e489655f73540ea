"""Tournaments taking sign-ups, and players with accounts to sign them up."""

from __future__ import annotations

import pytest

from entries import services
from tests.factories import PlayerFactory
from tests.notifications.conftest import locmem_mail, people  # noqa: F401  (their fixtures)
from tournaments import services as tournament_services


@pytest.fixture
def open_tournament(club, organizer):
    """A tournament taking sign-ups, with the rules given (``capacity``, ``waiting_list``,
    ``approval``, ``opens_at``, ``closes_at``)."""

    def make(*, fields=None, **rules):
        tournament = tournament_services.tournament_create(
            club=club, user=organizer, name=rules.pop("name", "Friday Open"), **(fields or {})
        )
        tournament_services.tournament_open_registration(tournament=tournament)
        services.signup_rules_set(tournament=tournament, **rules)
        tournament.refresh_from_db()
        return tournament

    return make


@pytest.fixture
def players():
    def make(count: int, prefix: str = "Player"):
        return [
            PlayerFactory(name=f"{prefix} {n:02d}", user__username=f"{prefix.lower()}{n:02d}")
            for n in range(1, count + 1)
        ]

    return make
