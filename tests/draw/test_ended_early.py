"""A Swiss that cannot pair its next round ends early and says why."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import open_matches
from tournaments.models import Round, TournamentStatus

pytestmark = pytest.mark.django_db


def test_a_swiss_without_a_pairing_left_ends_early_and_says_why(make_tournament, play, client):
    tournament = make_tournament(2, format="swiss", swiss_rounds=3)
    for match in open_matches(tournament):
        play(match)  # round 2 would be a rematch of the only possible pairing
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    second = Round.objects.get(stage__tournament=tournament, number=2)
    assert second.status == "finished" and not second.matches.exists()
    why = "The Swiss ended after round 1: round 2 could not be paired"
    url = reverse("tournaments:round", args=[tournament.club.slug, tournament.slug, "swiss", 2])
    assert why in client.get(url).content.decode()
    assert why in client.get(tournament.get_absolute_url()).content.decode()
