"""Real GNU Backgammon runs (Debian's gnubg 1.07), skipped with the reason where it is missing."""

from __future__ import annotations

import pytest

from analysis.models import AnalysisStatus, MatchAnalysis
from analysis.report import parse_report
from analysis.runner import GnubgError, run_gnubg
from matches.files import match_import_file
from tests.analysis.conftest import fixture_text, needs_gnubg
from tests.conftest import mat

pytestmark = needs_gnubg


def test_the_side_that_plays_gnubgs_best_move_has_error_rate_zero():
    run = run_gnubg(fixture_text("best_vs_noisy_3pt.mat"), plies=0)
    report = parse_report(run.data)
    best, noisy = report.players
    assert (best.name, noisy.name) == ("Best", "Noisy")
    assert best.error_rate == 0 and best.rating_words == "Supernatural"
    assert noisy.error_rate > 20
    assert report.plies == 0


def test_gnubg_agrees_with_its_saved_output():
    """The saved output the parser tests use is what gnubg says today."""
    run = run_gnubg(mat("gnubg_03pt_s104"), plies=1)
    alice, bob = parse_report(run.data).players
    assert round(alice.error_rate, 1) == 3.6 and round(bob.error_rate, 1) == 2.4


def test_a_file_gnubg_cannot_read_fails_with_a_reason():
    with pytest.raises(GnubgError, match="gnubg wrote no result"):
        run_gnubg("this is no match\n", plies=0)


def test_a_run_over_its_time_limit_fails_with_a_reason():
    with pytest.raises(GnubgError, match="longer than"):
        run_gnubg(mat("gnubg_03pt_s104"), plies=2, timeout=0.2)


@pytest.mark.django_db
def test_an_accepted_file_is_analysed_by_gnubg(make_match, commit):
    match = make_match(length=3, names=("Alice", "Bob"), analysis_plies=0)
    commit(match_import_file, match=match, text=mat("gnubg_03pt_s104"))
    analysis = MatchAnalysis.objects.get(match=match)
    assert analysis.status == AnalysisStatus.DONE, analysis.failure
    assert analysis.gnubg_seconds > 0
    assert analysis.players.count() == 2
    assert analysis.mistakes.exclude(match_id="").exists()
