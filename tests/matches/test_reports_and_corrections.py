from __future__ import annotations

import pytest

from config.errors import UserError
from draw.services import tournament_correct_final_score, tournament_correct_games
from matches.models import MatchReport, MatchStatus, ReportStatus
from matches.selectors import match_history
from matches.services import (
    match_record_final_score,
    match_record_game,
    report_confirm,
    report_dispute,
    report_submit,
)
from tests.conftest import open_matches
from tests.factories import GuestFactory
from tournaments.models import TournamentStatus

pytestmark = pytest.mark.django_db


def players(match):
    return match.entry_a.player, match.entry_b.player


def test_a_report_counts_once_the_opponent_confirms(match_of, commit):
    match = match_of(default_length=5)
    a, b = players(match)
    report = report_submit(match=match, player=a, score_a=5, score_b=2)
    match.refresh_from_db()
    assert match.status == MatchStatus.READY
    with pytest.raises(UserError, match="opponent or a referee"):
        report_confirm(report=report, by=a)
    commit(report_confirm, report=report, by=b)
    match.refresh_from_db()
    assert (match.status, match.score_a, match.score_b) == (MatchStatus.FINISHED, 5, 2)
    assert match.games.count() == 0
    report.refresh_from_db()
    assert report.status == ReportStatus.CONFIRMED and report.decided_by == b


def test_a_dispute_waits_for_the_referee(match_of, referee):
    match = match_of(default_length=5)
    a, b = players(match)
    report = report_submit(match=match, player=a, score_a=5, score_b=2)
    report_dispute(report=report, by=b, note="It was 5-3")
    with pytest.raises(UserError, match="disputed"):
        report_submit(match=match, player=b, score_a=3, score_b=5)
    with pytest.raises(UserError, match="no longer open"):
        report_confirm(report=report, by=b)
    report_confirm(report=report, by=referee.player, as_referee=True)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED


def test_a_referee_entry_replaces_an_open_report(match_of):
    match = match_of(default_length=5)
    a, _b = players(match)
    report = report_submit(match=match, player=a, score_a=5, score_b=2)
    match_record_final_score(match=match, score_a=5, score_b=4)
    report.refresh_from_db()
    assert report.status == ReportStatus.REPLACED


def test_outsiders_cannot_report_and_impossible_scores_are_refused(match_of):
    match = match_of(default_length=5)
    with pytest.raises(UserError, match="Only the players"):
        report_submit(match=match, player=GuestFactory(), score_a=5, score_b=0)
    with pytest.raises(UserError):
        report_submit(match=match, player=players(match)[0], score_a=5, score_b=5)
    assert not MatchReport.objects.exists()


def test_a_correction_keeps_who_when_why_before_and_after(match_of, referee, commit):
    match = match_of(default_length=5)
    match_record_game(match=match, winner=0, kind="gammon", cube=2)
    commit(match_record_game, match=match, winner=0, kind="single", cube=1)
    commit(
        tournament_correct_games,
        match=match,
        games=[
            {"winner": 0, "kind": "gammon", "cube": 2},
            {"winner": 1, "kind": "single", "cube": 1},
            {"winner": 0, "kind": "single", "cube": 1},
        ],
        reason="Game 2 was won by the other player",
        user=referee,
    )
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (5, 1)
    assert match.games.count() == 3
    last = match_history(match)[-1]
    assert last.reason == "Game 2 was won by the other player"
    assert last.before.startswith("5–0") and last.after.startswith("5–1")
    assert last.who == referee.get_full_name()


def test_a_correction_needs_a_reason_and_a_finished_result(match_of):
    match = match_of(default_length=5)
    match_record_final_score(match=match, score_a=5, score_b=1)
    with pytest.raises(UserError, match="why"):
        tournament_correct_final_score(match=match, score_a=5, score_b=2, reason=" ")
    with pytest.raises(UserError, match="must finish"):
        tournament_correct_games(match=match, games=[{"winner": 0}], reason="typo")
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (5, 1)


def test_correcting_the_winner_reroutes_the_bracket_if_the_next_match_has_not_started(
    make_tournament, play, commit
):
    tournament = make_tournament(4, format="single_elimination")
    first, second = open_matches(tournament)
    play(first, winner=first.entry_a)
    play(second, winner=second.entry_a)
    final = tournament.stages.get(kind="main").rounds.get(number=2).matches.get()
    assert final.entry_a == first.entry_a
    commit(
        tournament_correct_final_score,
        match=first,
        score_a=2,
        score_b=5,
        reason="Scores were swapped on the sheet",
    )
    final.refresh_from_db()
    first.refresh_from_db()
    assert first.winner == first.entry_b
    assert final.entry_a == first.entry_b
    assert final.status == MatchStatus.READY


def test_correcting_the_winner_is_refused_once_the_next_match_has_started(
    make_tournament, play, commit
):
    tournament = make_tournament(4, format="single_elimination")
    first, second = open_matches(tournament)
    play(first)
    play(second)
    final = tournament.stages.get(kind="main").rounds.get(number=2).matches.get()
    match_record_game(match=final, winner=0)
    with pytest.raises(UserError, match="already started"):
        tournament_correct_final_score(match=first, score_a=0, score_b=5, reason="wrong")
    first.refresh_from_db()
    final.refresh_from_db()
    assert first.winner == first.entry_a
    assert final.entry_a == first.entry_a


def test_correcting_a_final_after_the_tournament_ended_keeps_it_finished(
    make_tournament, play, commit
):
    tournament = make_tournament(2, format="single_elimination")
    final = open_matches(tournament)[0]
    play(final)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    commit(tournament_correct_final_score, match=final, score_a=1, score_b=5, reason="swapped")
    final.refresh_from_db()
    assert final.winner == final.entry_b
