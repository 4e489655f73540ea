"""Progressive consolation at every field size where a main-round loser can still drop in:
from five players (a bracket of eight, the semi-final losers drop in) up; with four or
fewer the second main round is the final, and the rules and the form say so."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match
from standings.placings import placings
from tests.conftest import new_club, new_organizer, open_matches, tournament_made
from tests.factories import PASSWORD
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def drawn(module_db) -> dict[tuple[int, bool], int]:
    """The drawn tournaments the tests start from, by field size and whether the consolation
    is progressive, built once: a test reads one, or plays it out and is rolled back."""
    organizer = new_organizer("shared-organizer")
    club = new_club(organizer, "shared")
    fields = [(players, True) for players in (4, 6, 8, 12, 16)] + [(8, False)]
    return {
        (players, progressive): tournament_made(
            club,
            organizer,
            players,
            name=f"Open {players} {progressive}",
            format="main_consolation",
            progressive_consolation=progressive,
        ).pk
        for players, progressive in fields
    }


@pytest.fixture
def drawn_tournament(drawn):
    """The shared tournament of a field size, as the database has it now."""

    def get(players: int, *, progressive: bool = True) -> Tournament:
        return Tournament.objects.get(pk=drawn[players, progressive])

    return get


@pytest.fixture(autouse=True)
def _own_caches(own_caches):
    """The tests share the tournaments (``module_db``)."""


def play_out(tournament, play) -> None:
    while matches := open_matches(tournament):
        for match in matches:
            play(match)  # the first player of a match wins
    tournament.refresh_from_db()
    assert tournament.status == "finished"


def main_round_two_losers(tournament) -> set[int]:
    played = Match.objects.filter(
        round__stage__tournament=tournament,
        round__stage__kind="main",
        round__number=2,
        outcome="played",
    )
    return {m.entry_b_id if m.winner_id == m.entry_a_id else m.entry_a_id for m in played}


def consolation_players(tournament) -> set[int]:
    played = Match.objects.filter(
        round__stage__tournament=tournament, round__stage__kind="consolation", outcome="played"
    )
    return {entry for m in played for entry in (m.entry_a_id, m.entry_b_id)}


@pytest.mark.parametrize("players", [6, 8, 12, 16])
def test_main_round_two_losers_play_on_in_the_consolation(drawn_tournament, play, players):
    tournament = drawn_tournament(players)
    play_out(tournament, play)
    dropped = main_round_two_losers(tournament)
    assert dropped
    assert dropped <= consolation_players(tournament)
    places = placings([tournament])[tournament.pk]
    assert all(any(place.flight == "consolation" for place in places[entry]) for entry in dropped)


def test_without_progressive_round_two_losers_are_out(drawn_tournament, play):
    tournament = drawn_tournament(8, progressive=False)
    play_out(tournament, play)
    assert not main_round_two_losers(tournament) & consolation_players(tournament)


@pytest.mark.parametrize(
    ("players", "rule"),
    [
        (4, "Progressive consolation applies from 5 players on"),
        (6, "up to the semi-finals drops into the consolation"),
        (8, "up to the semi-finals drops into the consolation"),
        (12, "up to the quarter-finals drops into the consolation"),
        (16, "up to the quarter-finals drops into the consolation"),
    ],
)
def test_the_rules_say_what_progressive_consolation_does_here(
    drawn_tournament, client, players, rule
):
    tournament = drawn_tournament(players)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert rule in page


def test_at_four_players_only_first_round_losers_play_the_consolation(drawn_tournament, play):
    tournament = drawn_tournament(4)
    play_out(tournament, play)
    assert not main_round_two_losers(tournament) & consolation_players(tournament)


def test_the_form_says_from_which_size_on_it_applies(client, club, organizer):
    client.login(username=organizer.username, password=PASSWORD)
    url = reverse("tournaments:create", args=[club.slug])
    # The option belongs to the main/consolation format: its page shows it.
    page = client.get(url, {"format": "main_consolation"}).content.decode()
    assert "Applies from 5 players on" in page
