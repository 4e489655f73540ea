"""The control room holds every kind of match of the night: a ladder challenge accepted, a
match recorded on the clock beside its board, an online match with its clock, and one whose
clock the director paused."""

from __future__ import annotations

import pytest

from clubs.models import Role
from ladders.services import challenge_accept, challenge_create, ladder_create, ladder_join
from play import director
from play.services import online_game_open
from recording.replay import ClockAction
from recording.services import recorded_action_post, recorded_match_mark
from tests.conftest import open_matches, tournament_made
from tests.control.test_room import room_url, states_shown
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.play.conftest import SEED, make_online, with_clock

pytestmark = pytest.mark.django_db


def test_a_ladder_challenge_accepted_waits_in_the_room(client, club, organizer):
    ladder = ladder_create(club=club, user=organizer, name="Winter ladder")
    players = []
    for name in ("Ada", "Bo"):
        user = UserFactory(username=name.lower())
        player = PlayerFactory(name=name, user=user)
        MembershipFactory(club=club, player=player, role=Role.PLAYER)
        ladder_join(ladder=ladder, player=player, user=user)
        players.append(player)
    challenge = challenge_create(
        ladder=ladder, challenger=players[1], defender=players[0], user=players[1].user
    )
    challenge = challenge_accept(challenge=challenge, user=players[0].user)
    client.force_login(organizer)
    response = client.get(room_url(club))
    assert states_shown(response) == {challenge.match_id: "waiting"}
    page = response.content.decode()
    assert "Winter ladder · Ladder challenge" in page
    assert 'class="inline-form control-call"' not in page  # the venue calls tournaments only


def test_a_match_recorded_on_the_clock_shows_its_record(client, club, organizer):
    tournament = tournament_made(club, organizer, 4)
    match = open_matches(tournament)[0]
    recorded_match_mark(match=match)
    recorded_action_post(
        match=match.pk,
        entry=ClockAction("a1", "opening", dice=(3, 1), at=1000),
        after=0,
        user=organizer,
    )
    client.force_login(organizer)
    page = client.get(room_url(club)).content.decode()
    assert "On the clock beside the board: 1 action" in page
    assert f"/matches/{match.pk}/clock/" in page


def test_an_online_match_shows_its_clock_and_is_paused_by_the_director(
    client, club, organizer, settings
):
    settings.CRAWFORD_DICE_SEED = SEED
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    tournament = tournament_made(club, organizer, 4, default_length=3)
    with_clock(tournament)
    match = make_online(tournament)
    online_game_open(match=match)
    client.force_login(organizer)
    response = client.get(room_url(club))
    assert states_shown(response)[match.pk] in ("waiting", "playing")
    assert "Clock" in response.content.decode()
    etag = client.get(room_url(club), HTTP_HX_REQUEST="true")["ETag"]
    director.online_pause(match=match.pk, user=organizer, reason="a player is unwell")
    polled = client.get(room_url(club), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert polled.status_code == 200
    assert states_shown(polled)[match.pk] == "paused"
    assert "/director/" in polled.content.decode()
