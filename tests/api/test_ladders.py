"""Ladders in the API: a club's ladders, a ladder with its players in
order and its open challenges, every challenge and the history, read as the club's pages
are; with the club's token a player's app challenges, accepts or declines, and posts the
match's result, which moves the ladder. Bad input gets the API's error shape and changes
nothing."""

from __future__ import annotations

import pytest

from clubs.models import Role
from clubs.services.tokens import api_token_create
from ladders import selectors, services
from ladders.models import Challenge, LadderChange
from matches.models import Game, MatchStatus
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

JSON = "application/json"
NAMES = ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Fritz"]


@pytest.fixture
def players(club):
    made = []
    for name in NAMES:
        player = PlayerFactory(name=name, user=UserFactory(username=name.lower()))
        MembershipFactory(club=club, player=player, role=Role.PLAYER)
        made.append(player)
    return made


@pytest.fixture
def ladder(club, organizer, players):
    ladder = services.ladder_create(club=club, user=organizer, name="Winterleiter", reach=2)
    for player in players:
        services.ladder_join(ladder=ladder, player=player, user=organizer)
    return ladder


def ids(players) -> dict[str, int]:
    return {p.name: p.pk for p in players}


def names(ladder) -> list[str]:
    return [p.name for p in selectors.ladder_players(ladder)]


def stored(ladder) -> tuple[int, int, int]:
    return (
        Challenge.objects.filter(ladder=ladder).count(),
        LadderChange.objects.filter(ladder=ladder).count(),
        Game.objects.filter(match__round__stage__tournament=ladder.tournament).count(),
    )


def post(client, url, body=None, auth=None):
    return client.post(url, body or {}, content_type=JSON, **(auth or {}))


def test_a_clubs_ladders_and_a_ladder_in_order_with_its_challenges(client, club, ladder, players):
    eva, dirk = players[4], players[3]
    services.challenge_create(ladder=ladder, challenger=eva, defender=dirk, user=None)
    listed = client.get(f"/api/clubs/{club.slug}/ladders")
    assert listed.status_code == 200
    [row] = listed.json()["results"]
    assert (row["id"], row["name"], row["rules"]["reach"]) == (ladder.pk, "Winterleiter", 2)

    body = client.get(f"/api/ladders/{ladder.pk}").json()
    assert [(r["place"], r["player"]["name"]) for r in body["rankings"]] == list(
        enumerate(NAMES, start=1)
    )
    [challenge] = body["open_challenges"]
    assert (challenge["challenger"]["name"], challenge["defender"]["name"]) == ("Eva", "Dirk")
    assert (challenge["status"], challenge["match"]) == ("open", None)
    assert body["rankings"][4]["challenges"] == [challenge["id"]]

    history = client.get(f"/api/ladders/{ladder.pk}/history").json()["results"]
    assert [h["kind"] for h in history] == ["joined"] * 6
    assert history[0]["order"] == [p.pk for p in players]


def test_a_private_clubs_ladders_are_read_by_its_members_and_its_own_token(
    client, club, ladder, players, auth, organizer
):
    club.is_private = True
    club.save()
    for url in (f"/api/ladders/{ladder.pk}", f"/api/clubs/{club.slug}/ladders"):
        assert client.get(url).status_code == 404
        assert client.get(url, **auth).status_code == 200
    other = ClubFactory(slug="other")
    _token, key = api_token_create(club=other, name="Theirs", user=organizer)
    url = f"/api/ladders/{ladder.pk}/challenges"
    assert client.get(url, HTTP_AUTHORIZATION=f"Token {key}").status_code == 404
    client.force_login(players[0].user)
    assert client.get(url).status_code == 200


def test_a_players_app_challenges_and_posts_the_result_which_moves_the_ladder(
    client, ladder, players, auth, commit
):
    who = ids(players)
    base = f"/api/ladders/{ladder.pk}/challenges"
    made = post(client, base, {"challenger": who["Eva"], "defender": who["Cleo"]}, auth)
    assert made.status_code == 201, made.json()
    challenge = made.json()
    assert (challenge["status"], challenge["challenger"]["id"]) == ("open", who["Eva"])

    accepted = post(client, f"{base}/{challenge['id']}/accept", auth=auth)
    assert accepted.status_code == 200
    match = accepted.json()["match"]
    assert (accepted.json()["status"], match["status"]) == ("accepted", MatchStatus.READY)

    result = commit(
        post,
        client,
        f"{base}/{challenge['id']}/result",
        {"score_challenger": 5, "score_defender": 3, "version": match["version"]},
        auth,
    )
    assert result.status_code == 200, result.json()
    assert (result.json()["match"]["winner"], result.json()["match"]["status"]) == (
        "challenger",
        MatchStatus.FINISHED,
    )
    # Delivered: Eva took Cleo's place.
    assert names(ladder) == ["Anna", "Ben", "Eva", "Cleo", "Dirk", "Fritz"]
    body = client.get(f"/api/ladders/{ladder.pk}").json()
    assert [r["player"]["name"] for r in body["rankings"]][:4] == ["Anna", "Ben", "Eva", "Cleo"]
    assert body["open_challenges"] == []
    decided = client.get(f"{base}?status=decided").json()["results"]
    assert [c["id"] for c in decided] == [challenge["id"]]
    latest = client.get(f"/api/ladders/{ladder.pk}/history").json()["results"][0]
    assert (latest["kind"], latest["player"]["name"], latest["opponent"]["name"]) == (
        "won",
        "Eva",
        "Cleo",
    )

    # The app posts the result again: the match is over, nothing changes.
    before = stored(ladder)
    again = post(
        client,
        f"{base}/{challenge['id']}/result",
        {"score_challenger": 5, "score_defender": 3},
        auth,
    )
    assert again.status_code == 409 and again.json()["code"] == "match_over"
    assert stored(ladder) == before


def test_a_declined_challenge_is_lost_by_forfeit(client, ladder, players, auth):
    who = ids(players)
    base = f"/api/ladders/{ladder.pk}/challenges"
    challenge = post(client, base, {"challenger": who["Fritz"], "defender": who["Dirk"]}, auth)
    declined = post(client, f"{base}/{challenge.json()['id']}/decline", auth=auth)
    assert declined.status_code == 200 and declined.json()["status"] == "decided"
    assert names(ladder)[3:5] == ["Fritz", "Dirk"]
    history = client.get(f"/api/ladders/{ladder.pk}/history").json()["results"][0]
    assert (history["kind"], history["forfeit"]) == ("won", True)


def test_writes_take_the_token_of_the_ladders_club(client, ladder, players, organizer, auth):
    who = ids(players)
    url = f"/api/ladders/{ladder.pk}/challenges"
    body = {"challenger": who["Eva"], "defender": who["Dirk"]}
    before = stored(ladder)
    assert post(client, url, body).status_code == 401
    client.force_login(players[4].user)  # Eva's browser session is no token
    assert post(client, url, body).status_code == 403
    client.logout()
    other = ClubFactory(slug="other")
    _token, key = api_token_create(club=other, name="Theirs", user=organizer)
    assert post(client, url, body, {"HTTP_AUTHORIZATION": f"Token {key}"}).status_code == 403
    assert stored(ladder) == before


@pytest.mark.parametrize(
    ("challenger", "defender", "code", "field"),
    [
        ("Eva", "Ben", "out_of_reach", "non_field_errors"),
        ("Ben", "Eva", "not_above", "non_field_errors"),
        ("Eva", "Eva", "self", "non_field_errors"),
        ("Eva", "Stranger", "invalid", "defender"),
        ("Eva", None, "required", "defender"),
        ("Eva", "x", "invalid", "defender"),
    ],
)
def test_a_challenge_the_rules_refuse_gets_the_error_shape_and_saves_nothing(
    client, ladder, players, auth, challenger, defender, code, field
):
    stranger = PlayerFactory(name="Stranger")
    who = ids(players) | {"Stranger": stranger.pk, "x": "x"}
    body = {"challenger": who[challenger]}
    if defender is not None:
        body["defender"] = who[defender]
    before = stored(ladder)
    response = post(client, f"/api/ladders/{ladder.pk}/challenges", body, auth)
    assert response.status_code == 400, response.json()
    error = response.json()
    assert error["detail"] and field in error["errors"], error
    if code in ("required", "invalid"):
        assert error["code"] == code
    assert "Stranger" not in error["detail"]
    assert stored(ladder) == before


def test_a_result_for_a_challenge_not_accepted_or_a_bad_score_is_refused(
    client, ladder, players, auth
):
    who = ids(players)
    base = f"/api/ladders/{ladder.pk}/challenges"
    challenge = post(client, base, {"challenger": who["Eva"], "defender": who["Dirk"]}, auth)
    url = f"{base}/{challenge.json()['id']}/result"
    before = stored(ladder)
    early = post(client, url, {"score_challenger": 5, "score_defender": 1}, auth)
    assert early.status_code == 400 and early.json()["code"] == "not_accepted"
    post(client, f"{base}/{challenge.json()['id']}/accept", auth=auth)
    before = stored(ladder)
    for body in (
        {"score_challenger": 5, "score_defender": 5},
        {"score_challenger": 2, "score_defender": 1},
        {"score_challenger": -1, "score_defender": 5},
        {"score_challenger": 5},
        {"score_challenger": 5, "score_defender": 0, "version": 12345},
    ):
        response = post(client, url, body, auth)
        assert response.status_code in (400, 409), (body, response.json())
        assert response.json()["detail"]
    assert stored(ladder) == before
    assert names(ladder) == NAMES
    assert client.get(f"{base}?status=won").status_code == 400
    assert client.get(f"{base}/999/accept").status_code == 405
    assert post(client, f"{base}/999999/accept", auth=auth).status_code == 404
