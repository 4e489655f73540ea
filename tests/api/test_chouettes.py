"""Chouette sessions in the API: a club's sessions and one session with
its games, scores and settlement, read as the club's pages are; a score keeper's app starts
a session, records and corrects games, seats players and closes it with the club's token;
bad input gets the API's error shape and changes nothing."""

from __future__ import annotations

import pytest

from chouettes import selectors, services
from chouettes.core.sheet import GameSheet, Line, Side
from chouettes.models import ChouetteHappening, ChouetteSession, ChouetteSheet
from clubs.models import ApiToken, Role
from clubs.services.tokens import api_token_create
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

JSON = "application/json"
NAMES = ["Anna", "Ben", "Cleo", "Dirk", "Eva"]


@pytest.fixture
def players(club):
    made = []
    for name in NAMES:
        player = PlayerFactory(name=name, user=UserFactory(username=name.lower()))
        MembershipFactory(club=club, player=player, role=Role.PLAYER)
        made.append(player)
    return made


@pytest.fixture
def session(club, organizer, players):
    return services.chouette_create(
        club=club, user=organizer, name="Friday", players=players, stake=50
    )


def line(**fields) -> dict:
    return {"cube": 1, "owner": "center", "drop": "none", "beaver": False} | fields


def game(winner: str | None = "box", members: int = 4, **extra) -> dict:
    return {"sheet": {"winner": winner, "kind": "single", "lines": [line()] * members}} | extra


def stored() -> tuple[int, int, int]:
    return (
        ChouetteSession.objects.count(),
        ChouetteHappening.objects.count(),
        ChouetteSheet.objects.count(),
    )


def post(client, url, body, auth=None):
    return client.post(url, body, content_type=JSON, **(auth or {}))


# --- Reads -----------------------------------------------------------------------------------


def test_a_clubs_sessions_and_a_session_with_its_games_scores_and_settlement(
    client, club, session, organizer, players
):
    for winner in (Side.BOX, Side.TEAM):
        services.chouette_game_record(
            session=session,
            user=organizer,
            sheet=GameSheet((Line(),) * 4, winner=winner),
        )
    listed = client.get(f"/api/clubs/{club.slug}/chouettes")
    assert listed.status_code == 200
    [row] = listed.json()["results"]
    assert (row["id"], row["name"], row["status"], row["games"], row["stake"]) == (
        session.pk,
        "Friday",
        "open",
        2,
        50,
    )

    body = client.get(f"/api/chouettes/{session.pk}").json()
    view = selectors.session_view(session)
    ids = {p.name: p.pk for p in players}
    assert [g["number"] for g in body["game_sheets"]] == [1, 2]
    first = body["game_sheets"][0]
    assert first["seats"] == {
        "box": ids["Anna"],
        "partner": None,
        "team": [ids[n] for n in NAMES[1:]],
    }
    assert first["sheet"]["winner"] == "box" and len(first["sheet"]["lines"]) == 4
    assert {r["player"]: r["points"] for r in first["results"]} == view.state.games[0].results
    # Each player's whole amount, in cents: points times the stake.
    assert {p["name"]: (p["points"], p["money"]) for p in body["players"]} == {
        view.names[p]: (t, t * 50) for p, t in view.state.totals.items()
    }
    assert body["order"] == list(view.state.order)
    assert body["next_game"] == 3
    assert body["next_seats"]["box"] == view.seats.box
    paid = {}
    for transfer in body["settlement"]:
        paid[transfer["payer"]] = paid.get(transfer["payer"], 0) - transfer["amount"]
        paid[transfer["payee"]] = paid.get(transfer["payee"], 0) + transfer["amount"]
    assert paid == {p: t * 50 for p, t in view.state.totals.items() if t}


def test_a_private_clubs_sessions_are_read_by_its_members_and_its_own_token(
    client, club, session, players, auth, organizer
):
    club.is_private = True
    club.save()
    url = f"/api/chouettes/{session.pk}"
    assert client.get(url).status_code == 404
    assert client.get(f"/api/clubs/{club.slug}/chouettes").status_code == 404
    other = ClubFactory(slug="other")
    _token, key = api_token_create(club=other, name="Theirs", user=organizer)
    assert client.get(url, HTTP_AUTHORIZATION=f"Token {key}").status_code == 404
    assert client.get(url, **auth).status_code == 200
    client.force_login(players[2].user)
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("url", ["/api/chouettes/0", "/api/chouettes/99999999999999999999"])
def test_unknown_sessions_are_404(client, url):
    response = client.get(url)
    assert response.status_code == 404 and response.json()["code"] == "not_found"


# --- Writes: who may -------------------------------------------------------------------------


def test_writes_take_the_token_of_the_sessions_club(client, session, organizer, auth):
    url = f"/api/chouettes/{session.pk}/games"
    before = stored()
    response = post(client, url, game())
    assert response.status_code == 401 and response.json()["code"] == "not_authenticated"
    client.force_login(organizer)  # the organizer's own browser session is no token
    assert post(client, url, game()).status_code == 403
    client.logout()
    other = ClubFactory(slug="other")
    _token, key = api_token_create(club=other, name="Theirs", user=organizer)
    response = post(client, url, game(), {"HTTP_AUTHORIZATION": f"Token {key}"})
    assert response.status_code == 403 and response.json()["detail"]
    assert stored() == before
    assert post(client, url, game(), auth).status_code == 201
    assert ApiToken.objects.get(club=session.club).last_used_at is not None


# --- Writes: a night at the table ------------------------------------------------------------


def test_a_score_keepers_app_keeps_a_night(client, club, players, auth):
    ids = [p.pk for p in players]
    created = post(
        client,
        f"/api/clubs/{club.slug}/chouettes",
        {"name": "Bar night", "players": ids[:4], "stake": 250, "jacoby": False},
        auth,
    )
    assert created.status_code == 201, created.json()
    session = created.json()
    url = f"/api/chouettes/{session['id']}"
    assert (session["stake"], session["rules"]["jacoby"], session["order"]) == (250, False, ids[:4])

    recorded = post(client, f"{url}/games", game(members=3, number=1), auth)
    assert recorded.status_code == 201, recorded.json()
    body = recorded.json()
    assert body["next_game"] == 2
    # Anna in the box won against three: +3 points, 7.50 each way in cents.
    assert {p["id"]: p["money"] for p in body["players"]} == {
        ids[0]: 750,
        ids[1]: -250,
        ids[2]: -250,
        ids[3]: -250,
    }
    # The app sends game 1 again (its answer was lost): refused, not recorded twice.
    again = post(client, f"{url}/games", game(members=3, number=1), auth)
    assert again.status_code == 409 and again.json()["code"] == "stale"
    assert len(client.get(url).json()["game_sheets"]) == 1

    joined = post(client, f"{url}/join", {"player": ids[4]}, auth)
    assert joined.status_code == 200 and joined.json()["order"][-1] == ids[4]
    left = post(client, f"{url}/leave", {"player": ids[0]}, auth)  # the box leaves
    assert left.status_code == 200 and left.json()["next_seats"]["box"] == ids[2]

    corrected = post(
        client,
        f"{url}/games/1/correction",
        {"sheet": game("team", members=3)["sheet"], "reason": "Ben won", "games_seen": 1},
        auth,
    )
    assert corrected.status_code == 200, corrected.json()
    first = corrected.json()["game_sheets"][0]
    assert (first["version"], first["sheet"]["winner"]) == (2, "team")
    assert {p["id"]: p["money"] for p in corrected.json()["players"]}[ids[0]] == -750

    closed = post(client, f"{url}/close", {}, auth)
    assert closed.status_code == 200
    assert (closed.json()["status"], closed.json()["next_seats"], closed.json()["next_game"]) == (
        "closed",
        None,
        None,
    )
    before = stored()
    late = post(client, f"{url}/games", game(members=3), auth)
    assert late.status_code == 400 and late.json()["code"] == "closed"
    assert stored() == before


# --- Writes: bad input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        (game(members=3), "wrong_line_count", "non_field_errors"),
        (
            game(members=4) | {"sheet": {"lines": [line(cube=3)] * 4, "winner": "box"}},
            "cube_not_power",
            "non_field_errors",
        ),
        (
            {"sheet": {"winner": "box", "lines": [line(owner="nobody")] * 4}},
            "invalid_choice",
            "sheet.lines.0.owner",
        ),
        ({"sheet": {"winner": "middle", "lines": [line()] * 4}}, "invalid_choice", "sheet.winner"),
        ({"sheet": {"winner": "box", "lines": []}}, "min_length", "sheet.lines.non_field_errors"),
        (
            {"sheet": {"winner": "box", "lines": [line(cube="two")] * 4}},
            "invalid",
            "sheet.lines.0.cube",
        ),
        (
            {"sheet": {"winner": "box", "lines": [line(cube=2**40)] * 4}},
            "max_value",
            "sheet.lines.0.cube",
        ),
        (game(number=7), "stale", "number"),
        ({}, "required", "sheet"),
        ([1, 2], "invalid", "non_field_errors"),
    ],
)
def test_a_game_that_does_not_fit_gets_the_error_shape_and_changes_nothing(
    client, session, auth, body, code, field
):
    before = stored()
    response = post(client, f"/api/chouettes/{session.pk}/games", body, auth)
    assert response.status_code in (400, 409), response.json()
    error = response.json()
    assert error["code"] == code, error
    assert error["detail"] and field in error["errors"], error
    assert stored() == before


def test_bad_sessions_and_players_are_refused_with_nothing_saved(
    client, club, session, players, auth, organizer
):
    stranger = PlayerFactory(name="Stranger")  # no member of the club
    ids = [p.pk for p in players]
    url = f"/api/clubs/{club.slug}/chouettes"
    before = stored()
    cases = [
        ({"name": "X", "players": [ids[0], stranger.pk]}, "players"),
        ({"name": "X", "players": [ids[0]]}, "players"),
        ({"name": "X", "players": [ids[0], ids[0]]}, "players"),
        ({"name": "", "players": ids[:2]}, "name"),
        ({"name": "X", "players": ids[:2], "stake": -1}, "stake"),
        ({"name": "X", "players": ids[:2], "currency": "EURO"}, "currency"),
        ({"name": "X", "players": ids[:2], "partner_from": 2}, "non_field_errors"),
    ]
    for body, field in cases:
        response = post(client, url, body, auth)
        assert response.status_code == 400, (body, response.json())
        assert field in response.json()["errors"], (body, response.json())
    assert "Stranger" not in post(client, url, cases[0][0], auth).json()["detail"]

    joining = post(client, f"/api/chouettes/{session.pk}/join", {"player": stranger.pk}, auth)
    assert joining.status_code == 400 and "player" in joining.json()["errors"]
    present = post(client, f"/api/chouettes/{session.pk}/join", {"player": ids[1]}, auth)
    assert present.status_code == 400 and present.json()["code"] == "already_present"
    missing = post(client, f"/api/chouettes/{session.pk}/games/9/correction", game(), auth)
    assert missing.status_code == 400 and missing.json()["code"] == "no_game"
    assert stored() == before


def test_a_correction_after_a_game_the_app_did_not_see_is_a_conflict(
    client, session, organizer, auth
):
    services.chouette_game_record(
        session=session, user=organizer, sheet=GameSheet((Line(),) * 4, winner=Side.BOX)
    )
    before = stored()
    body = game("team") | {"games_seen": 0}
    response = post(client, f"/api/chouettes/{session.pk}/games/1/correction", body, auth)
    assert response.status_code == 409 and response.json()["code"] == "stale"
    assert stored() == before


# --- Throttles and the schema -----------------------------------------------------------------


def test_the_chouette_reads_and_writes_count_against_the_rate_limits(
    client, session, auth, settings, own_caches
):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": "2/min", "user": "2/min", "token": "2/min"},
    }
    url = f"/api/chouettes/{session.pk}"
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 429]
    answers = [post(client, f"{url}/games", game(), auth).status_code for _ in range(3)]
    assert answers[-1] == 429 and "Retry-After" in post(client, f"{url}/games", game(), auth)


def test_the_schema_describes_the_chouette_and_ladder_endpoints(client):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()[
        "paths"
    ]
    assert {
        "/api/clubs/{slug}/chouettes",
        "/api/chouettes/{session}",
        "/api/chouettes/{session}/games",
        "/api/chouettes/{session}/games/{number}/correction",
        "/api/chouettes/{session}/join",
        "/api/chouettes/{session}/leave",
        "/api/chouettes/{session}/close",
        "/api/clubs/{slug}/ladders",
        "/api/ladders/{ladder}",
        "/api/ladders/{ladder}/challenges",
        "/api/ladders/{ladder}/challenges/{challenge}/accept",
        "/api/ladders/{ladder}/challenges/{challenge}/decline",
        "/api/ladders/{ladder}/challenges/{challenge}/result",
        "/api/ladders/{ladder}/history",
    } <= set(paths)
    record = paths["/api/chouettes/{session}/games"]["post"]
    assert {"clubToken": []} in record["security"]
    assert {"201", "400", "401", "403", "404", "409"} <= set(record["responses"])
