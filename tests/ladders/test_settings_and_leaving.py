"""What an organizer and a player can do to a ladder after it is made: the organizer changes
its settings (its matches follow) and takes a player off it, a player leaves it; both players
are told when the clock gives a challenge away by forfeit; and each player sees the day he
drops for not playing, the day the daily round drops him."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs.models import Role
from ladders import selectors, services
from ladders.models import Challenge, LadderChange
from notifications.models import Notification
from tests.factories import MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben", "Cleo", "Dirk"]


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def players(club):
    made = {}
    for name in NAMES:
        player = PlayerFactory(name=name, user=UserFactory(username=name.lower()))
        MembershipFactory(club=club, player=player, role=Role.PLAYER)
        made[name] = player
    return made


@pytest.fixture
def ladder(club, organizer, players):
    ladder = services.ladder_create(club=club, user=organizer, name="Leiter", reach=2)
    for player in players.values():
        services.ladder_join(ladder=ladder, player=player, user=organizer)
    return ladder


def names(ladder):
    return [p.name for p in selectors.ladder_players(ladder)]


SETTINGS = {
    "name": "Winterleiter",
    "reach": 3,
    "accept_days": 5,
    "play_days": 10,
    "idle_days": 0,
    "idle_places": 1,
    "open_challenges": 2,
    "match_length": 9,
    "online_play": "on",
}


# --- Settings -----------------------------------------------------------------------------------


def test_an_organizer_changes_the_settings_and_new_matches_follow(club, organizer, ladder, players):
    url = reverse("ladders:settings", args=[club.slug, ladder.slug])
    assert logged_in(players["Anna"].user).get(url).status_code == 403
    assert logged_in(players["Anna"].user).post(url, SETTINGS).status_code == 403
    ladder.refresh_from_db()
    assert ladder.name == "Leiter"

    client = logged_in(organizer)
    assert 'value="Leiter"' in client.get(url).content.decode()
    response = client.post(url, SETTINGS, follow=True)
    assert "The ladder&#x27;s settings are saved." in response.content.decode()
    ladder.refresh_from_db()
    assert (ladder.name, ladder.reach, ladder.match_length, ladder.cube) == (
        "Winterleiter",
        3,
        9,
        False,
    )
    assert ladder.slug == "leiter"  # its address stays
    tournament = ladder.tournament
    assert (tournament.name, tournament.default_length, tournament.cube_enabled) == (
        "Winterleiter",
        9,
        False,
    )
    # Dirk may now challenge three places up; the match is 9 points, online, without cube.
    challenge = services.challenge_create(
        ladder=ladder, challenger=players["Dirk"], defender=players["Anna"], user=None
    )
    services.challenge_accept(challenge=challenge, user=None)
    challenge.refresh_from_db()
    assert (challenge.match.length, challenge.match.is_online) == (9, True)
    assert challenge.play_by == timezone.localdate() + timedelta(days=10)


def test_bad_settings_are_refused_and_change_nothing(club, organizer, ladder):
    url = reverse("ladders:settings", args=[club.slug, ladder.slug])
    response = logged_in(organizer).post(url, {**SETTINGS, "reach": 0})
    assert response.status_code == 200
    assert response.context["form"].errors["reach"]
    ladder.refresh_from_db()
    assert (ladder.name, ladder.reach) == ("Leiter", 2)


def test_the_losers_drop_cannot_change_once_a_challenge_is_decided(
    club, organizer, ladder, players
):
    challenge = services.challenge_create(
        ladder=ladder, challenger=players["Dirk"], defender=players["Cleo"], user=None
    )
    services.challenge_decline(challenge=challenge, user=None)
    url = reverse("ladders:settings", args=[club.slug, ladder.slug])
    response = logged_in(organizer).post(url, {**SETTINGS, "loser_drops": "on"})
    assert response.status_code == 200
    assert "cannot change once a challenge has been decided" in str(
        response.context["form"].errors["loser_drops"]
    )
    ladder.refresh_from_db()
    assert (ladder.loser_drops, ladder.name) == (False, "Leiter")


def test_a_new_inactivity_rule_counts_from_the_day_it_is_set(ladder, organizer, players):
    """The four joined two months ago and never played; a rule of seven days made today
    drops them in a week, not at once for the weeks before."""
    long_ago = timezone.localdate() - timedelta(days=60)
    LadderChange.objects.filter(ladder=ladder).update(day=long_ago)
    today = timezone.localdate()
    services.ladder_update(ladder=ladder, user=organizer, idle_days=7, idle_places=1, today=today)
    assert services.ladder_tick(ladder=ladder, today=today) == 0
    assert services.ladder_tick(ladder=ladder, today=today + timedelta(days=6)) == 0
    assert services.ladder_tick(ladder=ladder, today=today + timedelta(days=7)) == 4


# --- Leaving and removing -----------------------------------------------------------------------


def test_a_player_leaves_and_those_below_move_up(club, ladder, players):
    ben = players["Ben"]
    page = logged_in(ben.user).get(ladder.get_absolute_url()).content.decode()
    assert reverse("ladders:leave", args=[club.slug, ladder.slug]) in page
    response = logged_in(ben.user).post(
        reverse("ladders:leave", args=[club.slug, ladder.slug]), follow=True
    )
    assert "You left the ladder." in response.content.decode()
    assert names(ladder) == ["Anna", "Cleo", "Dirk"]
    history = Client().get(reverse("ladders:history", args=[club.slug, ladder.slug]))
    assert "Ben left the ladder." in history.content.decode()


def test_an_organizer_removes_a_player_and_a_player_cannot(club, organizer, ladder, players):
    url = reverse("ladders:remove", args=[club.slug, ladder.slug, players["Anna"].pk])
    assert logged_in(players["Ben"].user).post(url).status_code == 403
    assert names(ladder) == NAMES
    page = logged_in(organizer).get(ladder.get_absolute_url()).content.decode()
    assert url in page
    assert "Remove Anna" in page
    response = logged_in(organizer).post(url, follow=True)
    assert "Anna is no longer on the ladder." in response.content.decode()
    assert names(ladder) == ["Ben", "Cleo", "Dirk"]
    history = Client().get(reverse("ladders:history", args=[club.slug, ladder.slug]))
    assert "Anna was taken off the ladder by an organizer." in history.content.decode()


def test_a_player_with_an_open_challenge_is_not_removed(club, organizer, ladder, players):
    services.challenge_create(
        ladder=ladder, challenger=players["Cleo"], defender=players["Anna"], user=None
    )
    url = reverse("ladders:remove", args=[club.slug, ladder.slug, players["Anna"].pk])
    response = logged_in(organizer).post(url, follow=True)
    assert "Anna has an open challenge: it is decided first." in response.content.decode()
    assert names(ladder) == NAMES


# --- The clock's forfeit ------------------------------------------------------------------------


def test_both_players_are_told_of_a_forfeit_by_the_clock(ladder, players, commit):
    dirk, cleo = players["Dirk"], players["Cleo"]
    today = timezone.localdate()
    challenge = commit(
        services.challenge_create, ladder=ladder, challenger=dirk, defender=cleo, user=None
    )
    late = challenge.accept_by + timedelta(days=1)
    assert commit(services.ladder_tick, ladder=ladder, today=late) == 1
    notices = {n.recipient.name: n for n in Notification.objects.filter(kind="ladder_forfeit")}
    assert set(notices) == {"Dirk", "Cleo"}
    assert "you won your challenge against Cleo by forfeit" in notices["Dirk"].subject
    assert "you lost Dirk's challenge by forfeit" in notices["Cleo"].subject
    assert "You did not accept Dirk's challenge on the ladder Leiter" in notices["Cleo"].body
    assert notices["Cleo"].url == ladder.get_absolute_url()
    # The next day's round changes nothing and tells nobody again.
    assert commit(services.ladder_tick, ladder=ladder, today=late + timedelta(days=1)) == 0
    assert Notification.objects.filter(kind="ladder_forfeit").count() == 2
    assert today <= challenge.accept_by
    # A challenge the challenged player declined himself is not "the clock's".
    other = commit(
        services.challenge_create,
        ladder=ladder,
        challenger=players["Ben"],
        defender=players["Anna"],
        user=None,
    )
    commit(services.challenge_decline, challenge=other, user=None)
    assert Notification.objects.filter(kind="ladder_forfeit").count() == 2
    assert Challenge.objects.filter(status="decided").count() == 2


# --- The day of the drop ------------------------------------------------------------------------


def test_each_player_sees_the_day_he_drops_and_drops_that_day(club, organizer, players):
    ladder = services.ladder_create(
        club=club, user=organizer, name="Leiter", idle_days=10, idle_places=1
    )
    today = timezone.localdate()
    for player in players.values():
        services.ladder_join(ladder=ladder, player=player, user=organizer, today=today)
    challenge = services.challenge_create(
        ladder=ladder, challenger=players["Dirk"], defender=players["Cleo"], user=None
    )
    services.challenge_decline(challenge=challenge, user=None, today=today + timedelta(days=3))
    rungs = {r.player.name: r.drops_on for r in selectors.ladder_rungs(ladder)}
    assert rungs == {
        "Anna": today + timedelta(days=11),
        "Ben": today + timedelta(days=11),
        "Dirk": today + timedelta(days=14),  # played (a forfeit) on the third day
        "Cleo": today + timedelta(days=14),
    }
    page = Client().get(ladder.get_absolute_url()).content.decode()
    shown = (today + timedelta(days=14)).strftime("%m/%d/%Y")
    assert f"drops on {shown}" in page
    assert "A player without a match for 10 days drops 1 place." in page
    # The daily round drops Anna and Ben on the shown day, not the day before.
    assert services.ladder_tick(ladder=ladder, today=today + timedelta(days=10)) == 0
    assert services.ladder_tick(ladder=ladder, today=today + timedelta(days=11)) == 2
