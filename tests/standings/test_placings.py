"""One answer to "who finished where", wherever it is shown: the standings page, the season
table, the "tournament finished" message and the API."""

from __future__ import annotations

import pytest
from django.urls import reverse

from notifications.placings import final_placings
from standings.placings import Place, placings
from standings.seasons import season_table
from tests.conftest import open_matches
from tournaments.models import TournamentStatus
from tournaments.services import season_create, season_set_tournaments

pytestmark = pytest.mark.django_db


@pytest.fixture
def cycle(make_tournament, play):
    """Three players in a round robin, each beating one of the others 5–3: equal on match
    wins and on points difference, and the tie-breaks do not end in a lot."""
    tournament = make_tournament(
        3, format="round_robin", tiebreaks=["match_wins", "points_difference"]
    )
    while matches := open_matches(tournament):
        for match in matches:
            seeds = {match.entry_a.seed, match.entry_b.seed}
            # 1 beats 2, 2 beats 3, 3 beats 1
            winner = (
                match.entry_a
                if (match.entry_a.seed, match.entry_b.seed) in {(1, 2), (2, 3), (3, 1)}
                else match.entry_b
            )
            assert seeds
            play(match, winner=winner, score=(5, 3))
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    return tournament


def test_a_three_way_tie_is_one_shared_place_everywhere(cycle, client, club):
    entries = list(cycle.entries.order_by("seed"))
    # the one place that says it
    found = placings([cycle])[cycle.pk]
    assert {entry.pk: found[entry.pk] for entry in entries} == {
        entry.pk: [Place(1, 3)] for entry in entries
    }
    # the message
    message = final_placings(cycle)
    assert [str(p.place) for e in entries for p in message.of(e.pk)] == ["1–3"] * 3
    assert len(message.podium) == 3
    # the season table
    season = season_create(club=club, name="Winter", placing_points=[10, 6, 4])
    season_set_tournaments(season=season, tournament_ids=[cycle.pk])
    table = season_table(season, include_unpublished=True)
    assert [str(row.best) for row in table.rows] == ["1–3"] * 3
    assert [row.points for row in table.rows] == [10, 10, 10]
    # the standings page
    page = client.get(reverse("tournaments:standings", args=[club.slug, cycle.slug]))
    assert page.status_code == 200
    assert page.content.decode().count(">1–3<") == 3
    # the API
    api = client.get(reverse("api:standings", args=[cycle.pk]))
    assert [row["place"] for row in api.json()] == ["1–3"] * 3
