"""The late rule through the services: the proposal, the director's confirmation or waiver,
the forfeit, and the penalty in every later figure (score, games, history, corrections,
standings, analysis)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from analysis.moves import moves_text
from config.errors import UserError
from matches.models import MatchOutcome, MatchStatus
from matches.selectors import match_history, match_sheet
from matches.services import match_correct_final_score, match_record_game
from matches.services.lateness import (
    late_forfeit,
    late_penalty_confirm,
    late_penalty_proposed,
    late_penalty_waive,
)
from standings.results import finished_results

pytestmark = pytest.mark.django_db

RULE = {
    "late_rule": True,
    "late_grace_minutes": 10,
    "late_penalty_points": 1,
    "late_penalty_minutes": 5,
    "late_forfeit_minutes": 30,
}


def called(minutes: float):
    """A call ``minutes`` ago, and now."""
    now = timezone.now()
    return now - timedelta(minutes=minutes), now


def refused(fn, **kwargs) -> UserError:
    with pytest.raises(UserError) as excinfo:
        fn(**kwargs)
    return excinfo.value


def test_the_proposal_follows_the_rule_and_changes_nothing(match_of):
    match = match_of(default_length=7, **RULE)
    version = match.version
    for minutes, points in ((9, 0), (10.5, 1), (15, 1), (15.5, 2), (29, 4)):
        since, now = called(minutes)
        proposal = late_penalty_proposed(match=match, late=match.entry_a, since=since, now=now)
        assert (proposal.points, proposal.forfeit) == (points, False), minutes
    since, now = called(31)
    assert late_penalty_proposed(match=match, late=match.entry_a, since=since, now=now).forfeit
    match.refresh_from_db()
    assert (match.version, match.score_a, match.score_b) == (version, 0, 0)


def test_a_confirmed_penalty_is_the_opponents_starting_score_and_in_the_history(match_of, referee):
    match = match_of(default_length=5, **RULE)
    since, now = called(17)  # 7 minutes past the grace: two periods begun
    late_penalty_confirm(match=match, late=match.entry_a, since=since, now=now, user=referee)
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (0, 2)
    assert match.start_score == (0, 2)
    assert match.status == MatchStatus.PLAYING
    line = match_history(match)[-1]
    assert line.after == "0–2"
    assert line.reason == f"{match.entry_a.player.name} was 17 minutes late: penalty of 2 confirmed"
    sheet = match_sheet(match)
    assert sheet.late_start == (0, 2) and sheet.resumed_at is None
    # The games count from there: B needs three more points, not five.
    match_record_game(match=match, winner=1, kind="gammon")  # 0-4
    match_record_game(match=match, winner=1)  # 0-5: over
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.status) == (0, 5, MatchStatus.FINISHED)
    assert match.winner == match.entry_b


def test_a_match_of_games_loses_games_and_the_standings_count_them(match_of):
    match = match_of(match_format="games", default_length=5, **RULE)
    since, now = called(12)
    proposal = late_penalty_proposed(match=match, late=match.entry_b, since=since, now=now)
    assert proposal.unit == "1 game"
    late_penalty_confirm(match=match, late=match.entry_b, since=since, now=now)
    match_record_game(match=match, winner=0)
    match_record_game(match=match, winner=1)
    match_record_game(match=match, winner=0)  # 3-1 with the game from the penalty
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.status) == (3, 1, MatchStatus.FINISHED)
    [result] = finished_results(match.round.stage.tournament)
    assert (result.a_games, result.b_games) == (3, 1)


def test_a_penalty_larger_than_the_match_is_refused_and_nothing_is_saved(match_of):
    match = match_of(default_length=3, **RULE)
    version = match.version
    since, now = called(25)  # the rule asks for 3 points: it would end a 3-point match
    proposal = late_penalty_proposed(match=match, late=match.entry_a, since=since, now=now)
    assert (proposal.points, proposal.capped, proposal.most) == (2, True, 2)
    error = refused(
        late_penalty_confirm, match=match, late=match.entry_a, since=since, now=now, points=3
    )
    assert error.code == "penalty_too_large"
    assert "larger than the match" in error.messages[0] and "At most 2 points" in error.messages[0]
    match.refresh_from_db()
    assert (match.version, match.score_a, match.score_b, match.start_score) == (
        version,
        0,
        0,
        (0, 0),
    )


def test_the_director_may_give_less_and_the_capped_proposal_is_kept(match_of):
    match = match_of(default_length=3, **RULE)
    since, now = called(25)
    late_penalty_confirm(match=match, late=match.entry_a, since=since, now=now)
    match.refresh_from_db()
    assert match.start_score == (0, 2)
    other = match_of(default_length=5, **RULE)
    late_penalty_confirm(match=other, late=other.entry_b, since=since, now=now, points=1)
    other.refresh_from_db()
    assert other.start_score == (1, 0)


def test_two_directors_at_once_one_wins_the_other_is_told(match_of):
    match = match_of(default_length=5, **RULE)
    seen = match.version  # both directors read the match at this version
    since, now = called(16)
    late_penalty_confirm(
        match=match, late=match.entry_a, since=since, now=now, expected_version=seen
    )
    error = refused(
        late_penalty_waive,
        match=match,
        late=match.entry_a,
        since=since,
        now=now,
        expected_version=seen,
    )
    assert error.code == "stale"
    # Without the version read, the decision itself says it is taken.
    error = refused(late_penalty_waive, match=match, late=match.entry_a, since=since, now=now)
    assert error.code == "late_decided"
    assert "already decided" in error.messages[0] and "penalty of 2 confirmed" in error.messages[0]
    match.refresh_from_db()
    assert match.start_score == (0, 2)


def test_a_waiver_keeps_the_score_and_is_a_line_of_the_history(match_of, referee):
    match = match_of(default_length=5, **RULE)
    since, now = called(22)
    late_penalty_waive(match=match, late=match.entry_b, since=since, now=now, user=referee)
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.status) == (0, 0, MatchStatus.READY)
    line = match_history(match)[-1]
    assert line.reason == f"{match.entry_b.player.name} was 22 minutes late: penalty waived"
    # Both players may be late: the other one is decided on his own.
    late_penalty_confirm(match=match, late=match.entry_a, since=since, now=now)
    match.refresh_from_db()
    assert match.start_score == (0, 3)


def test_the_forfeit_comes_only_after_the_forfeit_time(match_of):
    match = match_of(default_length=5, **RULE)
    since, now = called(29)
    error = refused(late_forfeit, match=match, late=match.entry_a, since=since, now=now)
    assert error.code == "not_late_enough"
    error = refused(
        late_penalty_confirm,
        match=match,
        late=match.entry_a,
        since=since,
        now=now + timedelta(minutes=3),
    )
    assert error.code == "late_forfeit"
    late_forfeit(match=match, late=match.entry_a, since=since, now=now + timedelta(minutes=3))
    match.refresh_from_db()
    assert (match.status, match.outcome, match.winner) == (
        MatchStatus.FINISHED,
        MatchOutcome.FORFEIT,
        match.entry_b,
    )
    assert match_history(match)[-1].reason.endswith("32 minutes late: the match is forfeited")


def test_off_by_default_and_not_once_play_has_started(match_of):
    match = match_of(default_length=5)
    since, now = called(20)
    error = refused(late_penalty_proposed, match=match, late=match.entry_a, since=since, now=now)
    assert error.code == "late_rule_off"
    match = match_of(default_length=5, **RULE)
    match_record_game(match=match, winner=0)
    error = refused(late_penalty_confirm, match=match, late=match.entry_a, since=since, now=now)
    assert error.code == "late_started"


def test_a_corrected_final_score_keeps_the_penalty(match_of, referee):
    match = match_of(default_length=5, **RULE)
    since, now = called(16)
    late_penalty_confirm(match=match, late=match.entry_a, since=since, now=now)
    match_record_game(match=match, winner=1, kind="backgammon")  # 0-5
    error = refused(
        match_correct_final_score,
        match=match,
        score_a=5,
        score_b=1,
        reason="typo",
        user=referee,
        replace_games=True,
    )
    assert error.code == "below_late_penalty"
    match_correct_final_score(
        match=match, score_a=5, score_b=3, reason="typo", user=referee, replace_games=True
    )
    match.refresh_from_db()
    assert (match.start_score, match.score_a, match.score_b) == ((0, 2), 5, 3)


def test_the_analysis_reads_the_games_from_the_penalty(match_of):
    match = match_of(default_length=5, **RULE)
    since, now = called(16)
    late_penalty_confirm(match=match, late=match.entry_a, since=since, now=now)
    match_record_game(match=match, winner=0)
    match.refresh_from_db()
    # The first game of the match handed to GNU Backgammon starts at 0-2.
    a, b = match.entry_a.player.name, match.entry_b.player.name
    assert re.search(rf"Game 1\n\s*{a} : 0\s+{b} : 2\n", moves_text(match))


def test_lateness_counts_from_the_call_when_an_app_says_one_else_from_the_start(match_of):
    from matches.services import lateness

    match = match_of(default_length=5, **RULE)
    ready = lateness.late_since(match)
    assert ready is not None and ready <= timezone.now()
    tournament = match.round.stage.tournament
    tournament.starts_at = ready + timedelta(minutes=5)  # the night starts after the draw
    tournament.save(update_fields=["starts_at"])
    match.refresh_from_db()
    assert lateness.late_since(match) == tournament.starts_at
    call = ready + timedelta(minutes=40)

    def called_at(m):
        return call if m.pk == match.pk else None

    lateness.register_call_moment(called_at)
    try:
        assert lateness.late_since(match) == call
    finally:
        lateness.unregister_call_moment(called_at)
