"""The board page and the .mat export: who may open them, and what the file holds."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from backgammon import matfile
from matches.models import Match
from play.services import online_game_open
from tests.factories import MembershipFactory, UserFactory
from tournaments.models import Spectators

pytestmark = pytest.mark.django_db


def url(match: Match, name: str = "online:board") -> str:
    tournament = match.round.stage.tournament
    return reverse(name, args=[tournament.club.slug, tournament.slug, match.pk])


def board_config(response) -> dict:
    html = response.content.decode()
    opening = '<script id="board-config" type="application/json">'
    start = html.index(opening) + len(opening)
    return json.loads(html[start : html.index("</script>", start)])


def test_a_player_gets_his_side_of_the_board(online_match, client):
    match = online_match()
    client.force_login(match.entry_b.player.user)
    response = client.get(url(match))
    assert response.status_code == 200
    config = board_config(response)
    assert config["you"] == 1 and config["socket"] == f"/ws/online/{match.pk}/"
    assert config["names"] == [match.entry_a.player.name, match.entry_b.player.name]
    assert config["texts"]["roll"] == "Roll"
    assert "js/board.js" in response.content.decode()


def test_anyone_watches_a_published_tournaments_boards(online_match, client):
    match = online_match()
    for user in (None, UserFactory(username="stranger")):
        if user is not None:
            client.force_login(user)
        response = client.get(url(match))
        assert response.status_code == 200 and board_config(response)["you"] is None
        assert "You are watching this match" in response.content.decode()
        assert client.get(url(match, "online:export")).status_code == 200
    online_game_open(match=match)  # in play: listed on the tournament's page
    tournament = match.round.stage.tournament
    client.logout()
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert url(match) in page  # the live match's "Watch" link


def test_a_tournament_may_keep_its_boards_to_the_clubs_members(online_match, client):
    match = online_match(spectators=Spectators.MEMBERS)
    response = client.get(url(match))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    client.force_login(UserFactory(username="stranger"))
    assert client.get(url(match)).status_code == 404
    assert client.get(url(match, "online:export")).status_code == 404
    member = UserFactory(username="member")
    MembershipFactory(club=match.round.stage.tournament.club, player__user=member)
    client.force_login(member)
    response = client.get(url(match))
    assert response.status_code == 200 and board_config(response)["you"] is None


def test_a_delayed_spectator_gets_the_file_once_the_match_is_over(online_match, client):
    match = online_match(spectator_delay=3)
    assert client.get(url(match, "online:export")).status_code == 404  # it would tell all
    client.force_login(match.entry_a.player.user)
    assert client.get(url(match, "online:export")).status_code == 200


def test_a_match_played_at_the_table_has_no_board(online_match, client):
    match = online_match()
    Match.objects.filter(pk=match.pk).update(is_online=False)
    client.force_login(match.entry_a.player.user)
    assert client.get(url(match)).status_code == 404


def test_the_mat_file_replays_every_game(online_match, table, client):
    match = online_match(default_length=3)
    t = table(match)
    t.play_turn()
    side = t.state["game"]["to_act"]
    t.act(side, "double")
    t.act(1 - side, "drop")  # game 1: 1 point for the doubler
    t.play_turn()
    t.play_turn()  # game 2 in play: its moves so far are in the file too
    client.force_login(match.entry_a.player.user)
    response = client.get(url(match, "online:export"))
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith(f'-match-{match.pk}.mat"')
    text = response.content.decode()
    record = matfile.parse(text)
    assert record.length == 3 and record.players == (
        match.entry_a.player.name,
        match.entry_b.player.name,
    )
    assert record.tag("Event") == match.round.stage.tournament.name
    assert [game.number for game in record.games] == [1, 2]
    assert record.games[0].result.winner == side and record.games[0].result.points == 1
    assert len(record.games[1].actions) >= 2 and record.games[1].result is None
    matfile.replay(record)  # the engine checks every move of both games
