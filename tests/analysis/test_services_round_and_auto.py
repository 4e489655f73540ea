"""A round's matches queued for analysis, and the tournament's own setting applied when a
match ends (called here directly, as the bus does once the result is committed): what each
queues, and what it refuses or leaves alone."""

from __future__ import annotations

import pytest

from analysis.models import AnalysisStatus, MatchAnalysis
from analysis.services import analysis_auto, analysis_request_round
from config.errors import UserError
from matches.services import match_record_final_score
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_rounds_matches_with_moves_are_queued_and_analysed(filed, fake_gnubg, commit):
    match = filed()  # its tournament analyses nothing by itself
    assert not MatchAnalysis.objects.exists()
    counts = commit(analysis_request_round, round=match.round, plies=0)
    assert counts == {"queued": 1}
    analysis = MatchAnalysis.objects.get(match=match)
    assert (analysis.plies, analysis.status) == (0, AnalysisStatus.DONE)
    assert fake_gnubg.calls == [0]
    # asked again, the done analysis of the same moves is left alone
    assert commit(analysis_request_round, round=match.round, plies=0) == {"done": 1}
    assert fake_gnubg.calls == [0]


def test_a_round_without_moves_queues_nothing(make_match, fake_gnubg, commit):
    match = make_match(length=3)
    match_record_final_score(match=match, score_a=3, score_b=1)
    assert commit(analysis_request_round, round=match.round, plies=0) == {"skipped": 1}
    assert not MatchAnalysis.objects.exists()


def test_a_round_is_not_queued_at_a_level_that_is_not_or_without_gnubg(filed, settings, commit):
    match = filed()
    settings.GNUBG_PATH = "/bin/true"
    with pytest.raises(UserError) as error:
        commit(analysis_request_round, round=match.round, plies=7)
    assert error.value.code == "invalid_level"
    settings.GNUBG_PATH = "/nonexistent/gnubg"
    with pytest.raises(UserError) as error:
        commit(analysis_request_round, round=match.round, plies=0)
    assert error.value.code == "gnubg_missing"
    assert not MatchAnalysis.objects.exists()


def test_a_finished_match_is_analysed_at_its_tournaments_level(filed, fake_gnubg, commit):
    match = filed()
    Tournament.objects.filter(pk=match.round.stage.tournament_id).update(analysis_plies=1)
    analysis = commit(analysis_auto, match_id=match.pk)
    assert analysis.plies == 1
    assert MatchAnalysis.objects.get(match=match).status == AnalysisStatus.DONE
    assert fake_gnubg.calls == [1]


def test_nothing_is_analysed_by_itself_unless_the_tournament_says_and_can(
    filed, make_match, fake_gnubg, settings, commit
):
    match = filed()  # its tournament analyses nothing by itself
    assert commit(analysis_auto, match_id=match.pk) is None
    Tournament.objects.filter(pk=match.round.stage.tournament_id).update(analysis_plies=0)
    settings.GNUBG_PATH = "/nonexistent/gnubg"
    assert commit(analysis_auto, match_id=match.pk) is None
    settings.GNUBG_PATH = "/bin/true"
    without_moves = make_match(length=3, analysis_plies=0)
    match_record_final_score(match=without_moves, score_a=3, score_b=0)
    assert commit(analysis_auto, match_id=without_moves.pk) is None
    assert commit(analysis_auto, match_id=10**9) is None
    assert not MatchAnalysis.objects.exists()
    assert fake_gnubg.calls == []
