"""The director's actions through the services: results declared, refusals that change
nothing, and what the players' boards are told."""

from __future__ import annotations

import socket

import pytest
from django.urls import reverse

from config.errors import UserError
from matches.models import MatchStatus
from matches.selectors import match_history
from play import director
from play.models import DirectorAction, OnlineGame
from play.selectors import board_matches
from tournaments.models import Tournament

from .conftest import with_clock

pytestmark = pytest.mark.django_db


@pytest.fixture
def live(online_match, table, fake_time):
    """A clocked 3-point online match in play, game 1 under way."""
    match = online_match(4, default_length=3)
    with_clock(match.round.stage.tournament)
    return table(match)


def test_a_forfeit_declared_ends_the_match(live, organizer, commit):
    commit(
        director.online_declare_forfeit,
        match=live.match_id,
        winner=1,
        user=organizer,
        reason="Player 1 left the venue",
    )
    state = live.state
    assert state["status"] == "over" and state["match"]["winner"] == 1
    assert state["notice"] | {"kind": "forfeit", "side": 1} == state["notice"]
    assert state["clock"]["running"] is None
    match = board_matches().get(pk=live.match_id)
    assert (match.status, match.outcome) == (MatchStatus.FINISHED, "forfeit")
    assert match.winner_id == match.entry_b_id
    assert any("Player 1 left the venue" in line.reason for line in match_history(match))


def test_an_agreed_score_ends_the_match(live, organizer, commit):
    commit(
        director.online_declare_score,
        match=live.match_id,
        score_a=3,
        score_b=1,
        user=organizer,
        reason="Agreed after a power cut",
    )
    match = board_matches().get(pk=live.match_id)
    assert (match.status, match.score_a, match.score_b) == (MatchStatus.FINISHED, 3, 1)
    assert live.state["match"]["score"] == [3, 1] and live.state["actions"] == [[], []]


@pytest.mark.parametrize(
    ("action", "kwargs", "code"),
    [
        (director.online_pause, {"reason": " "}, "reason"),
        (director.online_resume, {"reason": "x"}, "not_paused"),
        (director.online_take_back, {"reason": "x"}, "nothing_to_take_back"),
        (director.online_add_time, {"reason": "x", "side": 2, "seconds": 60}, "side"),
        (director.online_add_time, {"reason": "x", "side": 0, "seconds": 0}, "seconds"),
        (director.online_declare_score, {"reason": "x", "score_a": 3, "score_b": 3}, None),
    ],
)
def test_refused_actions_change_nothing(live, organizer, action, kwargs, code):
    before = OnlineGame.objects.get(match_id=live.match_id)
    with pytest.raises(UserError) as error:
        action(match=live.match_id, user=organizer, **kwargs)
    if code is not None:
        assert error.value.code == code
    after = OnlineGame.objects.get(match_id=live.match_id)
    assert (after.sequence, after.state) == (before.sequence, before.state)
    assert not DirectorAction.objects.exists()


def test_a_match_without_a_clock_cannot_be_paused(online_match, table, organizer):
    live = table(online_match(4, default_length=3))
    with pytest.raises(UserError) as error:
        director.online_pause(match=live.match_id, user=organizer, reason="x")
    assert error.value.code == "no_clock"
    assert live.state["clock"] is None


def test_the_organizer_sets_the_clock_of_a_stage(online_match, table, organizer, client, fake_time):
    match = online_match(4, default_length=3)
    tournament = match.round.stage.tournament
    client.force_login(organizer)
    manage = client.get(reverse("tournaments:manage", args=(tournament.club.slug, tournament.slug)))
    url = reverse(
        "tournaments:stage_clock",
        args=(tournament.club.slug, tournament.slug, match.round.stage_id),
    )
    assert url in manage.content.decode()
    data = {"clock": "per_point", "clock_minutes": "2", "clock_delay": "8", "clock_bronstein": ""}
    assert client.post(url, data).status_code == 302
    bad = client.post(url, data | {"clock_minutes": "0"})
    assert bad.status_code == 200 and bad.context["form"].errors
    clock = table(match).state["clock"]
    assert clock["left"] == [6 * 60_000, 6 * 60_000] and clock["delay"] == 8_000


def test_the_tournament_page_lists_the_live_matches(live, client, commit):
    match = board_matches().get(pk=live.match_id)
    tournament = match.round.stage.tournament
    member = match.entry_a.player.user
    client.force_login(member)
    page = client.get(reverse("tournaments:detail", args=(tournament.club.slug, tournament.slug)))
    html = page.content.decode()
    board = reverse("online:board", args=(tournament.club.slug, tournament.slug, match.pk))
    assert "Live on the online board" in html and board in html
    assert f"{match.entry_a.player.name} – {match.entry_b.player.name}" in html


@pytest.mark.django_db(transaction=True)  # the boards are told after the commit
def test_a_score_declared_while_redis_is_down_is_saved_and_shown(live, organizer, client, settings):
    """The boards cannot be told (the channel layer is down): the director still gets the
    console with the result saved, not a server error; the boards catch up on reconnecting."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{closed}/0"]},
        }
    }
    match = board_matches().get(pk=live.match_id)
    tournament = match.round.stage.tournament
    client.force_login(organizer)
    url = reverse("director:act", args=(tournament.club.slug, tournament.slug, match.pk, "score"))
    response = client.post(url, {"score_a": 3, "score_b": 1, "reason": "Agreed"}, follow=True)
    assert response.status_code == 200
    assert "The agreed score is recorded." in response.content.decode()
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == (MatchStatus.FINISHED, 3, 1)


@pytest.mark.parametrize(
    "action, arguments",
    [
        (director.online_pause, {}),
        (director.online_add_time, {"side": 0, "seconds": 30}),
        (director.online_declare_forfeit, {"winner": 1}),
    ],
)
def test_a_directors_action_shows_on_the_cached_pages_at_once(live, organizer, action, arguments):
    """The match page shows the director's actions: each raises the tournament's version,
    once in its transaction (a forfeit too, though it records a result through another
    service; what the draw does after the result is committed is another change)."""
    tournament = Tournament.objects.filter(stages__rounds__matches=live.match_id)
    before = tournament.values_list("version", flat=True).get()
    action(match=live.match_id, user=organizer, reason="At the table", **arguments)
    assert tournament.values_list("version", flat=True).get() == before + 1
