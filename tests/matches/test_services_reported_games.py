"""A player's report of his own match game by game (from a match file, or from the clock beside
the board): what it files, what the confirmation records, and what is refused unfiled."""

from __future__ import annotations

import pytest

from config.errors import UserError
from matches.models import Match, MatchOutcome, MatchReport, MatchStatus, ReportStatus
from matches.services import (
    match_record_game,
    report_confirm,
    report_submit_games,
    report_submit_recorded,
)
from tests.conftest import assert_nothing_stored
from tests.factories import GuestFactory

pytestmark = pytest.mark.django_db


def game(winner: int, kind: str = "single", cube: int = 1, ended_by: str = "bearoff") -> dict:
    return {"winner": winner, "kind": kind, "cube": cube, "ended_by": ended_by}


#: A three-point match the first player wins 3–1.
WON_3_1 = [game(0), game(1), game(0, "gammon")]


def games_of(match: Match) -> list[tuple[int, str, int]]:
    return [(g.winner, g.kind, g.points) for g in match.games.order_by("number")]


def test_a_report_of_the_games_counts_once_the_opponent_confirms(make_match, commit):
    match = make_match(length=3)
    report = commit(
        report_submit_games, match=match, player=match.entry_a.player, games=WON_3_1, note="gg"
    )
    assert (report.status, report.score_a, report.score_b) == (ReportStatus.PENDING, 3, 1)
    match.refresh_from_db()
    assert (match.status, match.games.count()) == (MatchStatus.READY, 0)  # not yet
    commit(report_confirm, report=report, by=match.entry_b.player)
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == (MatchStatus.FINISHED, 3, 1)
    assert games_of(match) == [(0, "single", 1), (1, "single", 1), (0, "gammon", 2)]


def test_a_report_of_games_resumed_at_a_saved_score_counts_from_there(make_match, commit):
    match = make_match(length=5)
    report = commit(
        report_submit_games,
        match=match,
        player=match.entry_b.player,
        games=[game(1, "gammon")],
        start=(2, 3),
    )
    assert (report.score_a, report.score_b) == (2, 5)
    commit(report_confirm, report=report, by=match.entry_a.player)
    match.refresh_from_db()
    assert (match.status, match.winner_id) == (MatchStatus.FINISHED, match.entry_b_id)
    assert (match.start_score_a, match.start_score_b, match.score_a, match.score_b) == (2, 3, 2, 5)


@pytest.mark.parametrize(
    ("games", "code"),
    [
        ([game(0), game(1)], "incomplete"),  # the match is not over at 1–1
        ([], "incomplete"),
    ],
)
def test_games_that_do_not_end_the_match_are_refused(make_match, games, code):
    match = make_match(length=3)
    with pytest.raises(UserError) as error:
        report_submit_games(match=match, player=match.entry_a.player, games=games)
    assert error.value.code == code
    assert not MatchReport.objects.filter(match=match).exists()
    assert_nothing_stored(match)


def test_games_that_go_on_after_the_match_is_won_are_refused(make_match):
    match = make_match(length=3)
    with pytest.raises(UserError):
        report_submit_games(match=match, player=match.entry_a.player, games=[*WON_3_1, game(1)])
    assert not MatchReport.objects.filter(match=match).exists()


def test_only_a_player_of_the_match_reports_its_games(make_match):
    match = make_match(length=3)
    with pytest.raises(UserError) as error:
        report_submit_games(match=match, player=GuestFactory(), games=WON_3_1)
    assert error.value.code == "not_a_player"
    assert not MatchReport.objects.filter(match=match).exists()


def test_a_record_of_the_clock_is_a_report_confirmed_as_any(make_match, commit):
    match = make_match(length=3)
    report = commit(report_submit_recorded, match=match, player=match.entry_b.player, games=WON_3_1)
    assert (report.status, report.from_clock, report.score_a, report.score_b) == (
        ReportStatus.PENDING,
        True,
        3,
        1,
    )
    commit(report_confirm, report=report, by=match.entry_a.player)
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == (MatchStatus.FINISHED, 3, 1)
    assert len(games_of(match)) == 3


def test_a_record_of_the_clock_ended_on_time_gives_the_opponent_the_match(make_match, commit):
    match = make_match(length=5)
    report = commit(
        report_submit_recorded,
        match=match,
        player=match.entry_a.player,
        games=[game(0, "gammon")],
        lost_on_time=0,
    )
    assert (report.score_a, report.score_b, report.lost_on_time) == (2, 5, 0)
    commit(report_confirm, report=report, by=match.entry_b.player)
    match.refresh_from_db()
    assert (match.status, match.outcome, match.winner_id) == (
        MatchStatus.FINISHED,
        MatchOutcome.FORFEIT,
        match.entry_b_id,
    )
    assert (match.score_a, match.score_b) == (2, 5)


def test_a_record_of_the_clock_that_stops_before_the_end_is_refused(make_match):
    match = make_match(length=3)
    with pytest.raises(UserError) as error:
        report_submit_recorded(match=match, player=match.entry_a.player, games=[game(0)])
    assert error.value.code == "incomplete"
    assert not MatchReport.objects.filter(match=match).exists()
    assert_nothing_stored(match)


def test_a_record_of_the_clock_other_than_the_games_a_referee_entered_is_refused(
    make_match, organizer, commit
):
    match = make_match(length=3)
    commit(match_record_game, match=match, winner=1, user=organizer)
    with pytest.raises(UserError) as error:
        report_submit_recorded(match=match, player=match.entry_a.player, games=WON_3_1)
    assert error.value.code == "corrected"
    assert not MatchReport.objects.filter(match=match).exists()
    match.refresh_from_db()
    assert games_of(match) == [(1, "single", 1)]
