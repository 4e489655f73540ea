"""A clock that has fallen with no board open to notice: the check ends the match on time
once; a clock with time left, or none at all, changes nothing."""

from __future__ import annotations

import pytest

from matches.models import Match, MatchOutcome, MatchStatus
from play.models import OnlineGame
from play.selectors import board_matches, online_snapshot
from play.services import online_flag_check

from .conftest import with_clock

pytestmark = pytest.mark.django_db

RESERVE = 3 * 60  # seconds: a 3-point match at one minute per point
DELAY = 10


def stored(match_id: int) -> tuple:
    match = Match.objects.get(pk=match_id)
    return (match.status, match.outcome, match.winner_id, match.version)


def test_a_fallen_clock_ends_the_match_on_time_once(online_match, table, fake_time):
    match = online_match(4, default_length=3)
    with_clock(match.round.stage.tournament)
    live = table(match)
    mover = live.state["game"]["to_act"]
    fake_time.advance(DELAY + RESERVE / 2)
    assert online_flag_check(match=match.pk) is None  # time left
    assert stored(match.pk)[0] == MatchStatus.READY
    fake_time.advance(RESERVE)
    online = online_flag_check(match=match.pk)
    assert online is not None and online.match_id == match.pk
    done = Match.objects.get(pk=match.pk)
    winner = done.entry_b_id if mover == 0 else done.entry_a_id
    assert (done.status, done.outcome, done.winner_id) == (
        MatchStatus.FINISHED,
        MatchOutcome.FORFEIT,
        winner,
    )
    _sequence, shown = online_snapshot(board_matches().get(pk=match.pk))  # what the boards show
    assert shown["status"] == "over" and shown["time_forfeit"] == mover
    before = stored(match.pk)
    sequence = OnlineGame.objects.get(match=match).sequence
    assert online_flag_check(match=match) is None  # the second check finds it done
    assert stored(match.pk) == before
    assert OnlineGame.objects.get(match=match).sequence == sequence


def test_a_match_without_a_clock_or_a_board_is_not_ended_on_time(
    online_match, table, fake_time, make_match
):
    match = online_match(4, default_length=3)
    table(match)  # no clock
    fake_time.advance(24 * 3600)
    before = stored(match.pk)
    assert online_flag_check(match=match.pk) is None
    assert stored(match.pk) == before
    other = make_match()  # played at a table, no online game
    assert online_flag_check(match=other) is None
    assert online_flag_check(match=10**9) is None
    assert stored(other.pk)[0] == MatchStatus.READY
