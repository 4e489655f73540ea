"""An analysis raises its tournament's version when it is written (queued, running, done), once
per change; an analysis asked for again that changes nothing raises nothing."""

from __future__ import annotations

import pytest

from analysis.models import AnalysisStatus, MatchAnalysis
from analysis.services import analysis_request
from matches.services import match_import_file
from tests.conftest import mat
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def version(match) -> int:
    return Tournament.objects.values_list("version", flat=True).get(stages__rounds__matches=match)


def test_asking_for_an_analysis_is_one_change_and_asking_again_none(
    make_match, commit, fake_gnubg, django_capture_on_commit_callbacks
):
    match = make_match(length=3, names=("Alice", "Bob"))
    commit(match_import_file, match=match, text=mat("gnubg_03pt_s104"))
    before = version(match)
    with django_capture_on_commit_callbacks(execute=False):  # left queued
        analysis = analysis_request(match=match.pk, plies=0)
    assert analysis.status == AnalysisStatus.QUEUED
    assert version(match) == before + 1
    analysis_request(match=match.pk, plies=0)  # queued already
    assert version(match) == before + 1
    assert MatchAnalysis.objects.count() == 1


def test_asking_again_for_an_analysis_that_is_done_raises_nothing(make_match, commit, fake_gnubg):
    match = make_match(length=3, names=("Alice", "Bob"))
    commit(match_import_file, match=match, text=mat("gnubg_03pt_s104"))
    commit(analysis_request, match=match.pk, plies=1)  # analysed at once (tasks run inline)
    assert MatchAnalysis.objects.get(match=match, plies=1).status == AnalysisStatus.DONE
    before = version(match)
    analysis_request(match=match.pk, plies=1)
    assert version(match) == before
