"""A late correction never leaves the bracket a silent mix: a correction that would change who
played a later match that has started or finished is refused, naming that match, or — at the
organizer's explicit choice — that match is voided and re-opened, which its history shows."""

from __future__ import annotations

import pytest
from django.db.models import Q

from config.errors import UserError
from draw.services import tournament_correct_final_score
from entries import services as entry_services
from matches.models import Match, MatchStatus
from matches.selectors import match_history
from matches.services import match_record_game
from standings.brackets import bracket_state
from tests.conftest import open_matches

pytestmark = pytest.mark.django_db


def later_match_of(tournament, entry):
    """The entry's round-2 match in the main bracket."""
    return Match.objects.get(
        Q(entry_a=entry) | Q(entry_b=entry),
        round__stage__tournament=tournament,
        round__stage__kind="main",
        round__number=2,
    )


def rows_agree_with_the_bracket(tournament):
    """Every match row has the players the replayed results give it."""
    state = bracket_state(tournament)
    for match in Match.objects.filter(round__stage__tournament=tournament).exclude(bracket_key=""):
        target = state.matches[match.bracket_key]
        assert {match.entry_a_id, match.entry_b_id} == {target.a, target.b}, match.bracket_key


def swap_and_reopen(commit, match, organizer):
    """The organizer gives ``match`` to its loser, voiding and re-opening later matches."""
    commit(
        tournament_correct_final_score,
        match=match,
        score_a=0,
        score_b=match.length,
        reason="Scores swapped",
        user=organizer,
        reopen_later=True,
    )


def test_a_correction_is_refused_when_the_old_winner_lost_his_next_match(
    make_tournament, play, commit
):
    tournament = make_tournament(8, format="single_elimination")
    first, second, *_ = open_matches(tournament)
    david, ida = first.entry_a, first.entry_b
    play(first, winner=david)
    play(second, winner=second.entry_a)
    semi = later_match_of(tournament, david)
    play(semi, winner=second.entry_a, score=(semi.length, 0))  # David loses 0-5
    with pytest.raises(UserError, match=r"round 2, match 1") as refused:
        commit(
            tournament_correct_final_score,
            match=first,
            score_a=0,
            score_b=first.length,
            reason="Scores swapped",
        )
    assert david.player.name in str(refused.value.messages)
    first.refresh_from_db()
    semi.refresh_from_db()
    assert first.winner == david
    assert {semi.entry_a, semi.entry_b} == {david, second.entry_a}
    assert semi.winner == second.entry_a
    state = bracket_state(tournament)
    assert [(p.first, p.last) for p in state.placings_of(david.pk)] == [(3, 4)]
    assert [(p.first, p.last) for p in state.placings_of(ida.pk)] == [(5, 8)]
    rows_agree_with_the_bracket(tournament)


def test_a_correction_is_refused_when_the_old_winner_won_his_next_match(
    make_tournament, play, commit
):
    tournament = make_tournament(8, format="single_elimination")
    first, second, *_ = open_matches(tournament)
    play(first, winner=first.entry_a)
    play(second, winner=second.entry_a)
    semi = later_match_of(tournament, first.entry_a)
    play(semi, winner=first.entry_a)
    with pytest.raises(UserError, match=r"round 2, match 1"):
        tournament_correct_final_score(match=first, score_a=0, score_b=first.length, reason="wrong")
    rows_agree_with_the_bracket(tournament)


def test_a_correction_is_refused_while_the_later_match_is_being_played(
    make_tournament, play, commit
):
    tournament = make_tournament(8, format="single_elimination")
    first, second, *_ = open_matches(tournament)
    play(first)
    play(second)
    semi = later_match_of(tournament, first.entry_a)
    match_record_game(match=semi, winner=1)
    with pytest.raises(UserError, match=r"round 2, match 1"):
        tournament_correct_final_score(match=first, score_a=0, score_b=first.length, reason="wrong")
    semi.refresh_from_db()
    assert semi.games.count() == 1


def test_the_organizer_can_void_and_reopen_the_later_match(
    make_tournament, play, commit, organizer
):
    tournament = make_tournament(8, format="single_elimination")
    first, second, *_ = open_matches(tournament)
    david, ida = first.entry_a, first.entry_b
    play(first, winner=david)
    play(second, winner=second.entry_a)
    semi = later_match_of(tournament, david)
    while semi.status != MatchStatus.FINISHED:  # David loses his semi-final game by game
        commit(match_record_game, match=semi, winner=0 if semi.entry_a == second.entry_a else 1)
        semi.refresh_from_db()
    swap_and_reopen(commit, first, organizer)
    semi.refresh_from_db()
    assert {semi.entry_a, semi.entry_b} == {ida, second.entry_a}
    assert semi.status == MatchStatus.READY
    assert (semi.score_a, semi.score_b, semi.winner, semi.games.count()) == (0, 0, None, 0)
    last = match_history(semi)[-1]
    assert "re-opened" in last.reason and last.who == organizer.get_full_name()
    assert last.after == "–" and last.before != "–"
    assert semi.history.filter(history_type="~").latest("history_date").history_user == organizer
    rows_agree_with_the_bracket(tournament)


def test_double_elimination_refuses_a_correction_after_the_loser_played_on(
    make_tournament, play, commit
):
    tournament = make_tournament(4, format="double_elimination")
    first, second = open_matches(tournament, round__stage__kind="main")
    play(first, winner=first.entry_a)
    play(second, winner=second.entry_a)
    losers = open_matches(tournament, round__stage__kind="losers")[0]
    assert first.entry_b in (losers.entry_a, losers.entry_b)
    play(losers, winner=second.entry_b)  # the old loser of the first match loses again
    with pytest.raises(UserError, match="Losers' bracket, round 1, match 1"):
        tournament_correct_final_score(match=first, score_a=0, score_b=first.length, reason="wrong")
    rows_agree_with_the_bracket(tournament)


def test_main_consolation_refuses_a_correction_after_the_loser_played_on(
    make_tournament, play, commit
):
    tournament = make_tournament(4, format="main_consolation")
    first, second = open_matches(tournament, round__stage__kind="main")
    play(first, winner=first.entry_a)
    play(second, winner=second.entry_a)
    consolation = open_matches(tournament, round__stage__kind="consolation")[0]
    play(consolation, winner=second.entry_b)
    with pytest.raises(UserError, match="Consolation, round 1, match 1"):
        tournament_correct_final_score(match=first, score_a=0, score_b=first.length, reason="wrong")
    rows_agree_with_the_bracket(tournament)


def test_a_withdrawal_in_the_middle_of_a_match_is_the_same_walkover_when_replayed(
    make_tournament, commit
):
    tournament = make_tournament(6, format="double_elimination")
    match = open_matches(tournament, round__stage__kind="main")[0]
    commit(match_record_game, match=match, winner=0)
    commit(entry_services.entry_withdraw, entry=match.entry_b)
    match.refresh_from_db()
    assert (match.status, match.outcome, match.winner) == ("finished", "forfeit", match.entry_a)
    rows_agree_with_the_bracket(tournament)  # the leaver does not drop into the losers' bracket
    assert not Match.objects.filter(round__stage__kind="losers", entry_a=match.entry_b).exists()
    assert not Match.objects.filter(round__stage__kind="losers", entry_b=match.entry_b).exists()


def test_reopening_a_match_of_a_finished_tournament_runs_it_again(
    make_tournament, play, commit, organizer
):
    """A correction that re-opens the final of a finished bracket puts the tournament back to
    running: the new final is played and finishes it again with the right champion (before,
    the tournament stayed finished and the new final's result moved nothing on)."""
    tournament = make_tournament(4, format="single_elimination")
    first, second = open_matches(tournament)
    play(first, winner=first.entry_a)
    play(second, winner=second.entry_a)
    final = later_match_of(tournament, first.entry_a)
    play(final, winner=first.entry_a)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    swap_and_reopen(commit, first, organizer)
    tournament.refresh_from_db()
    final.refresh_from_db()
    assert tournament.status == "running"
    assert final.status == MatchStatus.READY
    assert final.round.status == "paired"
    play(final, winner=first.entry_b)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert bracket_state(tournament).champion() == first.entry_b.pk
    rows_agree_with_the_bracket(tournament)
