"""Recording a match on the clock through the services and the clock's JSON endpoints:
each action applied once however often it is sent, the games recorded as the match's
result, and every refusal a clear message that changes nothing."""

from __future__ import annotations

import json

import pytest

from config.errors import UserError
from matches.models import Game, Match, MatchStatus
from matches.rules import rules_for_match
from matches.services import match_record_game
from recording import transcripts
from recording.models import RecordedAction
from recording.replay import ClockAction, Recording, replay
from recording.services import recorded_action_post, recorded_match_mark
from tests.conftest import new_club, new_organizer, open_matches, tournament_made
from tests.factories import UserFactory

from .simulate import random_entries

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def shared(module_db):
    """The recorded match, built once: each test posts on it and is rolled back."""
    organizer = new_organizer("shared-organizer")
    club = new_club(organizer, "shared")
    tournament = tournament_made(club, organizer, 2, default_length=3)
    match = open_matches(tournament)[0]
    recorded_match_mark(match=match, recorder=organizer)
    return organizer, club, match.pk


@pytest.fixture
def organizer(shared):
    return shared[0]


@pytest.fixture
def club(shared):
    return shared[1]


@pytest.fixture
def recorded(shared):
    """The shared match as the database has it, with no copy of its transcript left by an earlier
    test: each test starts where a match of its own would."""
    match = Match.objects.get(pk=shared[2])
    transcripts._kept.pop(match.recorded.pk, None)
    return match


@pytest.fixture(autouse=True)
def _own_caches(own_caches):
    """The tests share the match (``module_db``)."""


def clock_url(match):
    tournament = match.round.stage.tournament
    return f"/clubs/{tournament.club.slug}/t/{tournament.slug}/matches/{match.pk}/clock/"


def _post(match, entry, after, user):
    return recorded_action_post(match=match.pk, entry=entry, after=after, user=user)


def test_a_match_sent_twice_over_is_recorded_once_as_the_engines_replay(
    recorded, organizer, commit
):
    rules = rules_for_match(Match.objects.get(pk=recorded.pk))
    entries = random_entries(11, limit=5000, cube=0.2, rules=rules)
    for number, entry in enumerate(entries):
        assert commit(_post, recorded, entry, number, organizer)[0] == "applied"
        assert commit(_post, recorded, entry, number, organizer)[0] == "duplicate"
        if number:  # an older one again, as a queue resent from its start does
            assert commit(_post, recorded, entries[number - 1], number - 1, organizer)[0] == (
                "duplicate"
            )
    assert RecordedAction.objects.filter(recorded__match=recorded).count() == len(entries)
    engine = replay(Recording.start(rules), entries).recording
    recorded.refresh_from_db()
    assert recorded.status == MatchStatus.FINISHED
    assert (recorded.score_a, recorded.score_b) == engine.match.score
    games = list(Game.objects.filter(match=recorded).order_by("number"))
    assert [(g.winner, g.points, g.source) for g in games] == [
        (r.winner, r.points, "recorded") for r in engine.match.results
    ]
    assert games[0].record == list(engine.finished[0].record)


def _first_moves(match, user):
    """Player 0 opens 3-1 and makes the 5-point; returns the number of actions."""
    _post(match, ClockAction("a1", "opening", dice=(3, 1), at=1000), 0, user)
    _post(match, ClockAction("a2", "move", side=0, play="8/5 6/5", at=9000), 1, user)
    return 2


def _refused(match, entry, after, user) -> str:
    count = RecordedAction.objects.filter(recorded__match=match).count()
    with pytest.raises(UserError) as refused:
        _post(match, entry, after, user)
    assert RecordedAction.objects.filter(recorded__match=match).count() == count
    return refused.value.code


def test_refusals_change_nothing(recorded, organizer):
    after = _first_moves(recorded, organizer)
    # out of turn: player 0 rolls again
    assert _refused(
        recorded, ClockAction("b1", "roll", side=0, dice=(6, 6), at=10), after, organizer
    ) == ("not_your_turn")
    # sent before the action it follows
    assert _refused(
        recorded, ClockAction("b2", "roll", side=1, dice=(6, 6), at=10), 5, organizer
    ) == ("out_of_order")
    _post(recorded, ClockAction("b3", "roll", side=1, dice=(6, 5), at=20_000), after, organizer)
    # an illegal move
    assert (
        _refused(
            recorded, ClockAction("b4", "move", side=1, play="24/18 18/12", at=30_000), 3, organizer
        )
        == "illegal"
    )
    # the same id for another action
    assert (
        _refused(recorded, ClockAction("b3", "double", side=1, at=20_000), 2, organizer)
        == "conflict"
    )
    # someone who is neither recorder, player nor referee
    assert _refused(
        recorded, ClockAction("b5", "move", side=1, play="24/13", at=30_000), 3, UserFactory()
    ) == ("forbidden")


def test_a_cube_that_may_not_move_is_refused(recorded, organizer):
    after = _first_moves(recorded, organizer)
    _post(recorded, ClockAction("c1", "double", side=1, at=10_000), after, organizer)
    _post(recorded, ClockAction("c2", "take", side=0, at=11_000), after + 1, organizer)
    _post(recorded, ClockAction("c3", "roll", side=1, dice=(6, 5), at=12_000), after + 2, organizer)
    _post(
        recorded, ClockAction("c4", "move", side=1, play="24/13", at=13_000), after + 3, organizer
    )
    _post(recorded, ClockAction("c5", "roll", side=0, dice=(2, 1), at=14_000), after + 4, organizer)
    _post(
        recorded,
        ClockAction("c6", "move", side=0, play="13/11 6/5", at=15_000),
        after + 5,
        organizer,
    )
    code = _refused(recorded, ClockAction("c7", "double", side=1, at=16_000), after + 6, organizer)
    assert code == "cube_not_owned"


def test_a_record_sent_after_a_referee_corrected_the_match_is_refused(recorded, organizer):
    after = _first_moves(recorded, organizer)
    match_record_game(match=recorded.pk, winner=0, user=organizer)
    code = _refused(
        recorded, ClockAction("d1", "roll", side=1, dice=(6, 5), at=10), after, organizer
    )
    assert code == "corrected"
    # a resend of what was recorded before is still acknowledged
    assert _post(
        recorded, ClockAction("a2", "move", side=0, play="8/5 6/5", at=9000), 1, organizer
    )[0] == ("duplicate")


def test_the_clock_endpoints_resume_the_record_and_both_clocks(recorded, organizer, client):
    """Another device reads the record and both clocks as the tapping device left them."""
    client.force_login(organizer)
    base = clock_url(recorded)
    assert client.get(base).status_code == 200
    sent = {"id": "e1", "after": 0, "kind": "opening", "dice": [3, 1], "at": 1_000}
    answer = client.post(base + "actions/", json.dumps(sent), content_type="application/json")
    assert answer.json()["status"] == "applied"
    move = {"id": "e2", "after": 1, "kind": "move", "side": 0, "play": "8/5 6/5", "at": 21_000}
    client.post(base + "actions/", json.dumps(move), content_type="application/json")
    again = client.post(base + "actions/", json.dumps(move), content_type="application/json")
    assert again.json()["status"] == "duplicate"
    wrong = {"id": "e3", "after": 2, "kind": "roll", "side": 0, "dice": [6, 6], "at": 22_000}
    refused = client.post(base + "actions/", json.dumps(wrong), content_type="application/json")
    assert refused.status_code == 409 and refused.json()["code"] == "not_your_turn"
    assert "not this player's turn" in refused.json()["error"]
    state = client.get(base + "state/").json()
    assert state["count"] == 2 and [e["id"] for e in state["entries"]] == ["e1", "e2"]
    # 3 points x 2 minutes; player 0 used 20 s with a 12 s delay: 8 s off his reserve
    assert state["clock"]["reserve"] == [360_000 - 8_000, 360_000]
    assert state["clock"]["running"] == 1 and state["clock"]["since"] == 21_000
    assert state["game"]["to_act"] == 1 and state["game"]["phase"] == "roll"
    bad = client.post(base + "actions/", "not json", content_type="application/json")
    assert bad.status_code == 409 and bad.json()["code"] == "invalid"


def test_a_stranger_cannot_open_the_clock(recorded, client):
    client.force_login(UserFactory())
    base = clock_url(recorded)
    assert client.get(base).status_code == 404
    assert Match.objects.get(pk=recorded.pk).status == MatchStatus.READY


def test_a_fallen_reserve_claimed_ends_the_match_on_time(recorded, organizer, commit):
    """3 points x 2 minutes and 12 s of delay: player 1's reserve runs out 372 s after his
    clock started; the claim before that is refused, the claim after it ends the match."""
    after = _first_moves(recorded, organizer)  # player 1's clock runs from 9 s
    early = ClockAction("f1", "flag", side=0, at=9_000 + 371_000)
    assert _refused(recorded, early, after, organizer) == "not_fallen"
    late = ClockAction("f2", "flag", side=0, at=9_000 + 372_000)
    assert commit(_post, recorded, late, after, organizer)[0] == "applied"
    match = Match.objects.get(pk=recorded.pk)
    assert (match.status, match.outcome, match.winner_id) == (
        MatchStatus.FINISHED,
        "forfeit",
        match.entry_a_id,
    )
    code = _refused(
        recorded, ClockAction("f3", "roll", side=1, dice=(6, 5), at=400_000), 3, organizer
    )
    assert code == "match_over"


def test_an_online_match_has_no_clock_to_record_on(make_tournament, organizer, client):
    match = open_matches(make_tournament(2, default_length=3))[0]
    Match.objects.filter(pk=match.pk).update(is_online=True)
    client.force_login(organizer)
    base = clock_url(match)
    assert client.get(base).status_code == 404
    sent = {"id": "x1", "after": 0, "kind": "opening", "dice": [3, 1], "at": 1}
    answer = client.post(base + "actions/", json.dumps(sent), content_type="application/json")
    assert answer.status_code == 404
    assert not RecordedAction.objects.exists()
