"""Results that are not a game-by-game entry: a forfeit undone, a loss on time, a score the
director declares, a final score imported from elsewhere, a match resumed at a saved score.
What each service writes, and what it refuses without changing anything."""

from __future__ import annotations

import pytest
from django.db import transaction

from config.errors import UserError
from matches.models import Match, MatchOutcome, MatchStatus
from matches.services import (
    match_award_forfeit,
    match_declare_score,
    match_import_final_score,
    match_record_game,
    match_record_time_forfeit,
    match_undo_forfeit,
)
from matches.services.results import match_lock, match_resume_at
from tests.conftest import assert_nothing_stored

pytestmark = pytest.mark.django_db


def stored(match: Match) -> tuple:
    match = Match.objects.get(pk=match.pk)
    return (match.status, match.outcome, match.score_a, match.score_b, match.winner_id)


def test_a_forfeit_undone_opens_the_match_again(make_match, organizer, commit):
    match = make_match(length=5)
    commit(match_award_forfeit, match=match, winner=match.entry_b, user=organizer)
    commit(match_undo_forfeit, match=match, user=organizer, reason="back after all")
    assert stored(match) == (MatchStatus.READY, "", 0, 0, None)
    # the games go on from there
    commit(match_record_game, match=match, winner=0, user=organizer)
    assert stored(match) == (MatchStatus.PLAYING, "", 1, 0, None)


def test_a_forfeit_undone_after_games_leaves_the_match_playing_at_its_score(
    make_match, organizer, commit
):
    match = make_match(length=5)
    commit(match_record_game, match=match, winner=1, kind="gammon", user=organizer)
    commit(match_award_forfeit, match=match, winner=match.entry_a, user=organizer)
    commit(match_undo_forfeit, match=match, user=organizer)
    assert stored(match) == (MatchStatus.PLAYING, "", 0, 2, None)


def test_only_a_forfeited_match_has_its_forfeit_undone(make_match, organizer, commit):
    match = make_match(length=3)
    with pytest.raises(UserError) as error:
        match_undo_forfeit(match=match, user=organizer)
    assert error.value.code == "not_forfeited"
    assert_nothing_stored(match)
    commit(match_declare_score, match=match, score_a=3, score_b=1, user=organizer, reason="x")
    before = stored(match)
    with pytest.raises(UserError):
        match_undo_forfeit(match=match, user=organizer)
    assert stored(match) == before


def test_a_loss_on_time_gives_the_opponent_the_match(make_match, commit):
    match = make_match(length=5)
    commit(match_record_game, match=match, winner=0, kind="gammon")
    commit(match_record_time_forfeit, match=match, loser=0, reason="flag fell")
    # the winner reaches the target, the loser keeps his two points
    assert stored(match) == (
        MatchStatus.FINISHED,
        MatchOutcome.FORFEIT,
        2,
        5,
        match.entry_b_id,
    )


def test_a_loss_on_time_in_a_finished_match_is_refused(make_match, commit):
    match = make_match(length=3)
    commit(match_declare_score, match=match, score_a=3, score_b=0, reason="agreed")
    before = stored(match)
    with pytest.raises(UserError) as error:
        match_record_time_forfeit(match=match, loser=0, reason="flag fell")
    assert error.value.code == "match_over"
    assert stored(match) == before


def test_the_director_declares_a_score_whatever_games_are_recorded(make_match, organizer, commit):
    match = make_match(length=7)
    commit(match_record_game, match=match, winner=1, user=organizer)
    commit(match_declare_score, match=match, score_a=7, score_b=4, user=organizer, reason="agreed")
    assert stored(match) == (MatchStatus.FINISHED, MatchOutcome.PLAYED, 7, 4, match.entry_a_id)


@pytest.mark.parametrize(("score_a", "score_b"), [(3, 3), (2, 1), (4, 3), (-1, 3)])
def test_a_declared_score_the_match_cannot_end_at_is_refused(make_match, score_a, score_b):
    match = make_match(length=3)
    with pytest.raises(UserError):
        match_declare_score(match=match, score_a=score_a, score_b=score_b, reason="agreed")
    assert_nothing_stored(match)


def test_an_imported_final_score_is_recorded_as_from_the_api(make_match, commit):
    match = make_match(length=5)
    commit(match_import_final_score, match=match, score_a=2, score_b=5)
    assert stored(match) == (MatchStatus.FINISHED, MatchOutcome.PLAYED, 2, 5, match.entry_b_id)


@pytest.mark.parametrize(
    ("score", "expected_version"), [((5, 5), None), ((5, 1), 999)], ids=["level", "stale"]
)
def test_an_imported_final_score_that_cannot_be_is_refused(make_match, score, expected_version):
    match = make_match(length=5)
    with pytest.raises(UserError):
        match_import_final_score(
            match=match, score_a=score[0], score_b=score[1], expected_version=expected_version
        )
    assert_nothing_stored(match)


def test_a_match_resumed_at_a_saved_score_counts_its_games_from_there(make_match, commit):
    match = make_match(length=5)
    with transaction.atomic():
        match_resume_at(match=match_lock(match), start=(3, 1))
    assert stored(match) == (MatchStatus.PLAYING, "", 3, 1, None)
    commit(match_record_game, match=match, winner=0, kind="gammon")
    assert stored(match) == (MatchStatus.FINISHED, MatchOutcome.PLAYED, 5, 1, match.entry_a_id)


@pytest.mark.parametrize("start", [(5, 0), (0, 7), (-1, 2)])
def test_a_match_is_not_resumed_at_a_score_it_cannot_be_at(make_match, start):
    match = make_match(length=5)
    with pytest.raises(UserError) as error, transaction.atomic():
        match_resume_at(match=match_lock(match), start=start)
    assert error.value.code == "resumed_score"
    assert_nothing_stored(match)
