"""GET endpoints: tournaments, rounds, matches, standings."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from draw import services as draw_services
from matches.files import match_import_file
from matches.models import Match
from matches.services import match_record_final_score
from tests.api.conftest import mat
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(club, organizer, commit):
    def make(players: int):
        tournament = services.tournament_create(
            club=club, user=organizer, name=f"Swiss {players}", format="swiss", swiss_rounds=3
        )
        services.tournament_open_registration(tournament=tournament)
        for n in range(1, players + 1):
            entry = services.entry_add_guest(tournament=tournament, name=f"Player {n:02d}")
            entry.seed = n
            entry.save()
        commit(draw_services.tournament_start, tournament=tournament)
        return tournament

    return make


def test_tournaments_are_listed_with_their_rules(client, match, club):
    body = client.get("/api/tournaments").json()
    assert body["count"] == 1
    (tournament,) = body["results"]
    assert tournament["club"] == {"slug": "bar", "name": "Bar Club"}
    assert tournament["rules"]["cube"] is True and tournament["rules"]["crawford"] is True
    assert tournament["url"] == f"/clubs/bar/t/{tournament['slug']}/"
    assert client.get("/api/tournaments?club=elsewhere").json()["count"] == 0
    assert client.get("/api/tournaments?club=bar").json()["count"] == 1


def test_rounds_and_matches_of_a_tournament(client, swiss):
    tournament = swiss(6)
    (round_,) = client.get(f"/api/tournaments/{tournament.pk}/rounds").json()
    assert (round_["stage"], round_["number"], round_["match_count"]) == ("swiss", 1, 3)
    matches = client.get(f"/api/tournaments/{tournament.pk}/matches").json()
    assert len(matches) == 3
    assert {m["status"] for m in matches} == {"ready"}
    assert all(m["player_a"]["name"].startswith("Player") for m in matches)
    url = f"/api/tournaments/{tournament.pk}/matches?round={round_['id']}"
    assert len(client.get(url).json()) == 3
    assert client.get(f"/api/tournaments/{tournament.pk}/matches?round=0").status_code == 400
    assert client.get(f"/api/tournaments/{tournament.pk}/matches?round=x").status_code == 400


def test_standings_rank_the_players(client, swiss, commit):
    tournament = swiss(4)
    for match in Match.objects.filter(round__stage__tournament=tournament):
        commit(
            match_record_final_score,
            match=match,
            score_a=match.length,
            score_b=1,
        )
    rows = client.get(f"/api/tournaments/{tournament.pk}/standings").json()
    assert len(rows) == 4
    assert [row["won"] for row in rows] == [1, 1, 0, 0]
    assert rows[0]["rank"] == 1 and rows[2]["rank"] > rows[1]["rank"]
    length = tournament.default_length
    assert rows[0]["points_for"] == length and rows[-1]["points_against"] == length
    assert all(row["name"].startswith("Player") for row in rows)


def test_a_match_with_its_games(client, match):
    match_import_file(match=match, text=mat("gnubg_03pt_s104"))
    body = client.get(f"/api/matches/{match.pk}").json()
    assert (body["score_a"], body["score_b"], body["winner"]) == (5, 1, 0)
    assert body["player_a"] == {"entry": match.entry_a_id, "name": "Alice"}
    assert [(g["number"], g["winner"], g["kind"], g["cube"]) for g in body["games"]] == [
        (1, 1, "single", 1),
        (2, 0, "single", 1),
        (3, 0, "gammon", 2),
    ]


def test_reads_take_the_same_number_of_queries_for_more_players(client, swiss):
    def queries(tournament) -> list[int]:
        counts = []
        for path in ("", "/rounds", "/matches", "/standings"):
            with CaptureQueriesContext(connection) as captured:
                assert client.get(f"/api/tournaments/{tournament.pk}{path}").status_code == 200
            counts.append(len(captured))
        return counts

    assert queries(swiss(4)) == queries(swiss(16))


def test_unknown_ids_are_404(client):
    for path in ("tournaments/999", "tournaments/999/rounds", "matches/999", "matches/0"):
        response = client.get(f"/api/{path}")
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"
    assert client.get(f"/api/tournaments/{10**30}/standings").status_code == 404
