"""Asking for analyses and storing gnubg's figures (gnubg replaced by its saved output)."""

from __future__ import annotations

import pytest

from analysis import selectors
from analysis.models import AnalysisMistake, AnalysisStatus, MatchAnalysis, PlayerAnalysis
from analysis.services import (
    analysis_request,
    analysis_request_tournament,
)
from config.errors import UserError
from matches.models import Match
from matches.services import match_import_file, report_confirm
from tests.analysis.conftest import filed_match, gnubg_faked, saved
from tests.conftest import fresh, mat
from tests.shared import another_club, shared_club

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def shared(module_db):
    """Filed matches built once, each in a club of its own: three not analysed (their
    tournaments analyse nothing) and one analysed at 0-ply as its file was accepted. The tests
    read them, or change them and are rolled back."""
    organizer, _club = shared_club()
    with gnubg_faked():  # each in a club of its own, with players of its own
        return {
            "unanalysed": [filed_match(another_club(organizer), organizer).pk for _ in range(3)],
            0: filed_match(another_club(organizer), organizer, analysis_plies=0).pk,
        }


@pytest.fixture
def unanalysed(shared):
    """The shared filed matches not analysed, copies of the test's own."""
    return [fresh(pk) for pk in shared["unanalysed"]]


@pytest.fixture
def at_0(shared):
    """The shared filed match analysed at 0-ply as its file was accepted."""
    return fresh(shared[0])


def test_an_accepted_file_is_analysed_at_the_tournaments_level(filed, fake_gnubg):
    match = filed(analysis_plies=1)
    analysis = MatchAnalysis.objects.get(match=match)
    assert (analysis.plies, analysis.status) == (1, AnalysisStatus.DONE)
    alice, bob = analysis.players.order_by("side")
    assert alice.entry == match.entry_a and bob.entry == match.entry_b
    assert (alice.plies, bob.plies) == (1, 1)
    assert round(alice.error_rate, 1) == 3.6 and round(bob.error_rate, 1) == 2.4
    assert (alice.chequer_decisions, alice.cube_decisions) == (45, 8)
    assert alice.rating == "World class"
    assert fake_gnubg.calls == [1]  # ResultRecorded and MatchFileAccepted: one run


def test_a_confirmed_players_file_is_analysed_at_the_tournaments_level(
    make_match, commit, fake_gnubg
):
    match = make_match(length=3, names=("Alice", "Bob"), analysis_plies=1)
    commit(
        match_import_file,
        match=match,
        text=mat("gnubg_03pt_s104"),
        reported_by=match.entry_a.player,
    )
    assert not MatchAnalysis.objects.filter(match=match).exists()  # counts once confirmed
    report = match.reports.get(status="pending")
    commit(report_confirm, report=report, by=match.entry_b.player)
    analysis = MatchAnalysis.objects.get(match=match)
    assert (analysis.plies, analysis.status) == (1, AnalysisStatus.DONE)
    alice, bob = analysis.players.order_by("side")
    assert round(alice.error_rate, 1) == 3.6 and round(bob.error_rate, 1) == 2.4
    assert fake_gnubg.calls == [1]


def test_mistakes_carry_the_position_and_match_id_of_the_engine(at_0, fake_gnubg):
    """gnubg's IDs of each error are the ones the engine gives the same action."""
    from analysis.moves import match_log

    match = at_0
    mistakes = list(AnalysisMistake.objects.filter(analysis__match=match))
    assert mistakes and all(m.match_id for m in mistakes)
    logged = {(a.game, a.position_id, a.match_id) for a in match_log(match)}
    assert all((m.game, m.position_id, m.match_id) in logged for m in mistakes)
    worst = mistakes[0]
    assert worst.equity_lost == max(m.equity_lost for m in mistakes)
    assert worst.played and worst.best and len(worst.dice) == 2


def test_without_the_setting_nothing_is_analysed(filed, fake_gnubg):
    match = filed()
    assert not MatchAnalysis.objects.filter(match=match).exists()
    assert fake_gnubg.calls == []


def test_running_the_same_analysis_again_changes_nothing(filed, fake_gnubg, commit):
    match = filed(analysis_plies=0)
    before = MatchAnalysis.objects.get(match=match)
    rows = list(PlayerAnalysis.objects.values_list("pk", "updated_at"))
    again = commit(analysis_request, match=match, plies=0)
    assert again.pk == before.pk and again.updated_at == before.updated_at
    assert list(PlayerAnalysis.objects.values_list("pk", "updated_at")) == rows
    assert fake_gnubg.calls == [0]


def test_another_level_is_a_second_analysis_beside_the_first(at_0, fake_gnubg, commit):
    match = at_0
    commit(analysis_request, match=match, plies=1)
    assert sorted(MatchAnalysis.objects.filter(match=match).values_list("plies", "status")) == [
        (0, "done"),
        (1, "done"),
    ]
    assert selectors.shown_analysis(selectors.match_analyses(match)).plies == 1


def test_a_failed_run_is_retried(filed, fake_gnubg):
    fake_gnubg.state["fail"] = 2
    match = filed(analysis_plies=0)
    analysis = MatchAnalysis.objects.get(match=match)
    assert analysis.status == AnalysisStatus.DONE and analysis.failure == ""
    assert fake_gnubg.calls == [0, 0, 0]


def test_a_run_that_keeps_failing_is_shown_with_its_reason(filed, fake_gnubg, settings):
    fake_gnubg.state["fail"] = 99
    match = filed(analysis_plies=0)
    analysis = MatchAnalysis.objects.get(match=match)
    assert analysis.status == AnalysisStatus.FAILED
    assert analysis.attempts == settings.ANALYSIS_ATTEMPTS
    assert analysis.failure == "gnubg wrote no result: boom"
    assert not analysis.players.exists()


def test_a_match_without_moves_is_refused_with_the_reason(make_match, play, fake_gnubg):
    match = play(make_match(length=3))
    with pytest.raises(UserError, match="every move recorded"):
        analysis_request(match=match, plies=0)
    assert not MatchAnalysis.objects.filter(match=match).exists()


def test_without_gnubg_the_request_says_how_to_install_it(unanalysed, settings):
    match = unanalysed[0]
    settings.GNUBG_PATH = "/nonexistent/gnubg"
    with pytest.raises(UserError, match="apt-get install gnubg"):
        analysis_request(match=match, plies=0)


def test_a_whole_tournament_is_queued_at_once(unanalysed, fake_gnubg, commit):
    match = unanalysed[0]
    counts = commit(analysis_request_tournament, tournament=match.round.stage.tournament, plies=0)
    assert counts == {"queued": 1}
    progress = selectors.analysis_progress(Match.objects.filter(pk=match.pk))
    assert progress == {"done": 1}


def test_an_online_match_is_analysed_when_it_ends(make_match, commit, fake_gnubg):
    """Online games store their moves as a list of actions; the last game's result
    (ResultRecorded) starts the analysis at the tournament's level."""
    from backgammon import matfile
    from matches.services import match_record_game

    match = make_match(length=3, names=("Alice", "Bob"), analysis_plies=0)
    reading = matfile.read(mat("gnubg_03pt_s104"))

    def play_online():
        for game in reading.record.games:
            result = game.result
            match_record_game(
                match=match.pk,
                winner=result.winner,
                kind=result.kind,
                cube=result.cube,
                ended_by=result.ended_by,
                source="online",
                record=[action.to_dict() for action in game.actions],
            )

    commit(play_online)
    analysis = MatchAnalysis.objects.get(match=match)
    assert (analysis.plies, analysis.status) == (0, AnalysisStatus.DONE)
    assert fake_gnubg.calls == [0]
    assert analysis.mistakes.exclude(match_id="").count() == analysis.mistakes.count() > 0


def test_a_result_corrected_while_gnubg_runs_is_not_stored(unanalysed, fake_gnubg, monkeypatch):
    from django.db.models import F

    from analysis import runner

    match = unanalysed[0]

    def run_while_corrected(text, *, plies, timeout=None):
        Match.objects.filter(pk=match.pk).update(version=F("version") + 1)
        return runner.GnubgRun(data=saved("gnubg_03pt_s104_0ply"), seconds=0.01)

    monkeypatch.setattr(
        "analysis.run.submit_gnubg",
        lambda text, *, plies: runner.PendingRun(
            lambda: run_while_corrected(text, plies=plies), lambda: None
        ),
    )
    analysis = MatchAnalysis.objects.create(match=match, plies=0)
    from analysis.run import analysis_run

    analysis = analysis_run(analysis_id=analysis.pk)
    assert analysis.status == AnalysisStatus.FAILED and analysis.attempts == 1
    assert "changed while gnubg ran" in analysis.failure
    assert not analysis.players.exists()


def test_the_moves_written_when_queued_are_analysed_unless_the_match_changed(
    unanalysed, fake_gnubg
):
    """The worker gives gnubg the .mat text written when the analysis was queued; a match
    corrected since is read again, so the corrected moves are analysed."""
    from django.db.models import F

    from analysis.run import analysis_run
    from analysis.services import analysis_request

    match = unanalysed[0]
    analysis = analysis_request(match=match, plies=0)  # its task runs on commit: not here
    later = analysis_request(match=match, plies=1)
    assert " 3 point match" in analysis.moves and analysis.moves_version == match.version
    bob = match.entry_b.player
    bob.name = "Robert"
    bob.save()
    analysis_run(analysis_id=analysis.pk)
    handed = fake_gnubg.texts
    assert "Robert" not in handed[0] and handed[0] == analysis.moves

    Match.objects.filter(pk=match.pk).update(version=F("version") + 1)  # a correction
    analysis_run(analysis_id=later.pk)
    assert "Robert" in handed[1]
    later.refresh_from_db()
    assert later.status == AnalysisStatus.DONE


def test_a_database_failure_while_marking_running_gives_gnubgs_job_up(
    unanalysed, fake_gnubg, monkeypatch
):
    """gnubg already works while the analysis is marked running: when that fails (the
    database went away; the task is retried) gnubg's job is given up, nothing is stored."""
    from django.db import OperationalError

    from analysis import run as analysis_run_module
    from analysis import runner

    match = unanalysed[0]
    given_up = []

    def submit(text, *, plies):
        return runner.PendingRun(lambda: pytest.fail("collected"), lambda: given_up.append(1))

    def mark_running(analysis):
        raise OperationalError("the database went away")

    monkeypatch.setattr("analysis.run.submit_gnubg", submit)
    monkeypatch.setattr("analysis.run._mark_running", mark_running)
    analysis = MatchAnalysis.objects.create(match=match, plies=0)
    with pytest.raises(OperationalError):
        analysis_run_module.analysis_run(analysis_id=analysis.pk)
    analysis.refresh_from_db()
    assert given_up == [1]
    assert analysis.status == AnalysisStatus.QUEUED and not analysis.players.exists()


def test_the_reconciler_hands_a_lost_analysis_over_again(unanalysed, fake_gnubg):
    from datetime import timedelta

    from django.utils import timezone

    from analysis.repairs import lost_tasks

    match = unanalysed[0]
    analysis = MatchAnalysis.objects.create(match=match, plies=0)
    assert lost_tasks() == []  # queued a moment ago: waiting its turn
    MatchAnalysis.objects.filter(pk=analysis.pk).update(
        updated_at=timezone.now() - timedelta(hours=2)
    )
    assert lost_tasks() == [f"analysis {analysis.pk} handed to the analysis queue again"]
    analysis.refresh_from_db()
    assert analysis.status == AnalysisStatus.DONE and fake_gnubg.calls == [0]
    assert lost_tasks() == []


def test_the_task_for_several_analyses_runs_each_as_its_own_task_would(unanalysed, fake_gnubg):
    from analysis.tasks import analyse_many

    first, second = (MatchAnalysis.objects.create(match=m, plies=0) for m in unanalysed[:2])
    gone = MatchAnalysis.objects.create(match=unanalysed[2], plies=1)
    gone.delete()
    result = analyse_many.apply(args=[[first.pk, gone.pk, second.pk]]).get()
    assert result == {"done": 2, "gone": 1}
    assert fake_gnubg.calls == [0, 0]
    assert {a.status for a in MatchAnalysis.objects.all()} == {AnalysisStatus.DONE}


def test_a_gnubg_that_cannot_be_started_fails_the_analysis_with_the_reason(
    unanalysed, settings, tmp_path
):
    from analysis import runner
    from analysis.run import analysis_run

    program = tmp_path / "gnubg"
    program.write_text("#!/no/such/interpreter\n")
    program.chmod(0o755)
    settings.GNUBG_PATH = str(program)
    analysis = MatchAnalysis.objects.create(match=unanalysed[0], plies=0)
    try:
        analysis_run(analysis_id=analysis.pk)
    finally:
        runner.stop_gnubg()
    analysis.refresh_from_db()
    assert analysis.status == AnalysisStatus.FAILED
    assert analysis.attempts == settings.ANALYSIS_ATTEMPTS
    assert analysis.failure.startswith("gnubg could not be started")
