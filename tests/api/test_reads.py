"""GET endpoints: tournaments, rounds, matches, standings."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from draw import services as draw_services
from entries import services as entry_services
from matches.models import Match
from matches.services import match_import_file, match_record_final_score
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
            entry = entry_services.entry_add_guest(tournament=tournament, name=f"Player {n:02d}")
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


def test_the_matches_list_comes_in_pages_linked_by_header(client, swiss):
    tournament = swiss(10)
    url = f"/api/tournaments/{tournament.pk}/matches"
    whole = client.get(url)
    assert len(whole.json()) == 5 and whole["X-Total-Count"] == "5"
    assert "Link" not in whole
    first = client.get(f"{url}?limit=2")
    assert [m["id"] for m in first.json()] == [m["id"] for m in whole.json()[:2]]
    assert first["X-Total-Count"] == "5"
    assert 'rel="next"' in first["Link"] and 'rel="prev"' not in first["Link"]
    next_url = first["Link"].split(">")[0].lstrip("<")
    second = client.get(next_url)
    assert [m["id"] for m in second.json()] == [m["id"] for m in whole.json()[2:4]]
    assert 'rel="next"' in second["Link"] and 'rel="prev"' in second["Link"]
    last = client.get(f"{url}?limit=2&offset=4")
    assert [m["id"] for m in last.json()] == [whole.json()[4]["id"]]
    assert 'rel="next"' not in last["Link"]
    for bad in ("limit=0", "limit=1001", "limit=x", "offset=-1"):
        assert client.get(f"{url}?{bad}").status_code == 400


def test_the_standings_come_in_pages_linked_by_header(client, swiss, commit):
    tournament = swiss(7)
    for match in Match.objects.filter(round__stage__tournament=tournament, entry_b__isnull=False):
        commit(match_record_final_score, match=match, score_a=match.length, score_b=1)
    url = f"/api/tournaments/{tournament.pk}/standings"
    whole = client.get(url)
    names = [row["name"] for row in whole.json()]
    assert len(names) == 7 and whole["X-Total-Count"] == "7" and "Link" not in whole
    first = client.get(f"{url}?limit=3")
    assert [row["name"] for row in first.json()] == names[:3]
    assert first["X-Total-Count"] == "7"
    assert 'rel="next"' in first["Link"] and 'rel="prev"' not in first["Link"]
    second = client.get(first["Link"].split(">")[0].lstrip("<"))
    assert [row["name"] for row in second.json()] == names[3:6]
    assert [row["rank"] for row in second.json()] == [row["rank"] for row in whole.json()[3:6]]
    last = client.get(f"{url}?limit=3&offset=6")
    assert [row["name"] for row in last.json()] == names[6:]
    assert 'rel="next"' not in last["Link"] and 'rel="prev"' in last["Link"]
    for bad in ("limit=0", "limit=1001", "limit=x", "offset=-1"):
        assert client.get(f"{url}?{bad}").status_code == 400


def test_the_lists_say_what_their_serializers_describe(client, swiss, commit):
    """The matches and standings lists are written from plain rows; they must be exactly what
    the serializers of the schema give (a bye, open matches, a won match by either side)."""
    from api.selectors import api_matches
    from api.serializers import MatchSerializer, StandingSerializer
    from standings.selectors import tournament_standings

    tournament = swiss(5)
    first, second = Match.objects.filter(
        round__stage__tournament=tournament, entry_b__isnull=False
    ).order_by("index")
    commit(match_record_final_score, match=first, score_a=first.length, score_b=1)
    commit(match_record_final_score, match=second, score_a=0, score_b=second.length)
    matches = api_matches(tournament)  # in play order, as the list
    expected = [dict(row) for row in MatchSerializer(matches, many=True).data]
    for row in expected:
        row["player_a"] = row["player_a"] and dict(row["player_a"])
        row["player_b"] = row["player_b"] and dict(row["player_b"])
    found = client.get(f"/api/tournaments/{tournament.pk}/matches").json()
    assert found == expected
    assert [list(row) for row in found] == [list(row) for row in expected]  # the key order
    assert any(row["player_b"] is None for row in found)
    assert {row["winner"] for row in found} >= {0, 1}

    rows = [
        {"entry": row["entry_id"], "name": row["player"], **row}
        for row in tournament_standings(tournament).rows
    ]
    expected = [dict(row) for row in StandingSerializer(rows, many=True).data]
    found = client.get(f"/api/tournaments/{tournament.pk}/standings").json()
    assert found == expected
    assert [list(row) for row in found] == [list(row) for row in expected]


def test_a_visitors_tournament_list_is_the_one_the_permissions_give_page_by_page(client):
    """A visitor's list is read with plain queries: the same tournaments, in the same order
    (start date newest first, undated ones as the database sorts them, then creation) and
    pages as the permissions' filter gives."""
    import datetime

    from django.contrib.auth.models import AnonymousUser

    from api.selectors import api_tournaments
    from tests.factories import ClubFactory, TournamentFactory

    bar, pub, private = (
        ClubFactory(slug="bar"),
        ClubFactory(slug="pub"),
        ClubFactory(slug="hidden", is_private=True),
    )
    day = datetime.datetime(2026, 3, 1, 19, tzinfo=datetime.UTC)
    for n in range(66):
        TournamentFactory(
            club=(bar, pub, private)[n % 3],
            starts_at=None if n % 4 == 0 else day + datetime.timedelta(days=n % 5),
            status="draft" if n % 7 == 0 else "registration",
            is_published=n % 11 != 0,
        )
    for club in (None, "bar", "pub", "hidden"):
        expected = list(
            api_tournaments(AnonymousUser(), None, club=club).values_list("pk", flat=True)
        )
        query = f"club={club}&" if club else ""
        found, page = [], 1
        while True:
            body = client.get(f"/api/tournaments?{query}page={page}").json()
            assert body["count"] == len(expected)
            found += [row["id"] for row in body["results"]]
            if body["next"] is None:
                break
            page += 1
        assert found == expected and (club == "hidden") == (not expected)
    assert len(expected) == 0 and page == 1
    assert client.get("/api/tournaments?page=9").status_code == 404


def test_a_visitors_match_read_is_cached_until_the_match_changes(client, match):
    """Read whole from the cache with one query (its tournament's version), and never
    stale: a result raises that version."""
    url = f"/api/matches/{match.pk}"
    assert client.get(url).json()["score_a"] == 0
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).json()["score_a"] == 0
    assert len(captured) == 1
    match_record_final_score(match=match, score_a=3, score_b=1)
    assert (client.get(url).json()["score_a"], client.get(url).json()["score_b"]) == (3, 1)
    assert client.get("/api/matches/999999").status_code == 404
    assert client.get(f"/api/matches/{2**63}").status_code == 404
