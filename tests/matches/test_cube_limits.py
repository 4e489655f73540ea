"""The cube follows the match: no higher than the tournament's cube limit (64 when it sets
none), no cube in best-of-N; the referee's menu offers exactly that and the services (which
the API and match files go through) refuse anything else, changing nothing."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from clubs.services_tokens import api_token_create
from config.errors import UserError
from matches.forms import cube_choices
from matches.models import Game
from matches.rules import rules_for_match
from matches.services import match_record_game
from tests.conftest import assert_nothing_stored
from tournaments.models import DEFAULT_CUBE_LIMIT

pytestmark = pytest.mark.django_db


def match_page(client, user, match) -> str:
    client.force_login(user)
    url = reverse(
        "matches:detail",
        kwargs={
            "club": match.round.stage.tournament.club.slug,
            "tournament": match.round.stage.tournament.slug,
            "match": match.pk,
        },
    )
    return client.get(url).content.decode()


def cube_menu(client, user, match) -> list[int]:
    page = match_page(client, user, match)
    select = re.search(r'<select name="cube"[^>]*>(.*?)</select>', page, re.S)
    if select is None:
        return []
    return [int(v) for v in re.findall(r'<option value="(\d+)"', select.group(1))]


def test_the_menu_stops_at_64_when_the_tournament_sets_no_limit(client, match_of, referee):
    match = match_of(default_length=5)
    assert cube_menu(client, referee, match) == [1, 2, 4, 8, 16, 32, 64]
    assert DEFAULT_CUBE_LIMIT == 64


def test_the_menu_stops_at_the_tournaments_limit(client, match_of, referee):
    match = match_of(default_length=5, max_cube=8)
    assert cube_menu(client, referee, match) == [1, 2, 4, 8]


def test_best_of_n_has_no_cube_in_the_menu(client, match_of, referee):
    match = match_of(match_format="games", default_length=3)
    assert cube_menu(client, referee, match) == []


def test_the_form_says_a_dropped_double_is_the_cube_before_it(client, match_of, referee):
    match = match_of(default_length=5)
    page = match_page(client, referee, match)
    assert "For a dropped double: the cube before the double" in page


def test_a_backgammon_at_cube_4096_is_refused_by_the_service(match_of):
    match = match_of(default_length=5)
    with pytest.raises(UserError) as error:
        match_record_game(match=match, winner=0, kind="backgammon", cube=4096)
    assert error.value.field == "cube"
    assert "may not go above 64" in error.value.messages[0]
    assert_nothing_stored(match)


@pytest.mark.parametrize(
    ("cube", "ended_by", "allowed"),
    [(64, "bearoff", True), (128, "bearoff", False), (32, "drop", True), (64, "drop", False)],
)
def test_the_limit_holds_for_drops_too(match_of, cube, ended_by, allowed):
    """A dropped double is entered at the cube before the double, which must be allowed."""
    match = match_of(default_length=25)
    if allowed:
        match_record_game(match=match, winner=0, kind="single", cube=cube, ended_by=ended_by)
        assert Game.objects.filter(match=match).count() == 1
    else:
        with pytest.raises(UserError):
            match_record_game(match=match, winner=0, kind="single", cube=cube, ended_by=ended_by)
        assert_nothing_stored(match)


def test_the_api_refuses_a_cube_above_the_limit(client, match_of, club, organizer):
    match = match_of(default_length=5)
    key = api_token_create(club=club, name="Results server", user=organizer)[1]
    response = client.post(
        f"/api/matches/{match.pk}/result",
        {"games": [{"winner": 0, "kind": "backgammon", "cube": 4096}]},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {key}",
    )
    assert response.status_code == 400, response.json()
    assert "64" in response.json()["detail"]
    assert_nothing_stored(match)


def test_the_rules_and_the_menu_agree(match_of):
    for settings, limit in (({}, 64), ({"max_cube": 4096}, 4096), ({"max_cube": 2}, 2)):
        match = match_of(default_length=7, **settings)
        rules = rules_for_match(match)
        assert rules.max_cube == limit
        assert cube_choices(rules)[-1] == (limit, str(limit))
    rules = rules_for_match(match_of(default_length=7, cube_enabled=False))
    assert cube_choices(rules) == [(1, "1")]


def test_the_tournament_page_states_the_limit(client, make_tournament):
    tournament = make_tournament(2, default_length=5)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "The cube goes up to 64." in page
