"""Real GNU Backgammon runs (Debian's gnubg 1.07), skipped with the reason where it is missing."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from analysis import runner
from analysis.models import AnalysisStatus, MatchAnalysis
from analysis.replay import replay_frames
from analysis.report import parse_report
from analysis.runner import GnubgError, run_gnubg
from matches.services import match_import_file
from tests.analysis.conftest import fixture_text, needs_gnubg, saved
from tests.conftest import MAT_FIXTURES, mat

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
    """The saved output the parser tests use is what gnubg says today: the same decisions
    and ratings, and the same error rates but for the last bits of gnubg's arithmetic, which
    differ from one processor to another (Alice's 3.555 was 3.546 on another machine)."""
    saved_players = parse_report(saved("gnubg_03pt_s104_1ply")).players
    run = run_gnubg(mat("gnubg_03pt_s104"), plies=1)
    players = parse_report(run.data).players
    for now, then in zip(players, saved_players, strict=True):
        assert (now.name, now.chequer_decisions, now.cube_decisions, now.rating) == (
            then.name,
            then.chequer_decisions,
            then.cube_decisions,
            then.rating,
        )
        assert now.error_rate == pytest.approx(then.error_rate, abs=0.05)


def test_a_file_gnubg_cannot_read_fails_with_a_reason():
    with pytest.raises(GnubgError, match="gnubg wrote no result"):
        run_gnubg("this is no match\n", plies=0)


def test_a_run_over_its_time_limit_fails_with_a_reason_and_the_next_run_works():
    with pytest.raises(GnubgError, match="longer than"):
        run_gnubg(mat("gnubg_03pt_s104"), plies=2, timeout=0.2)
    assert parse_report(run_gnubg(mat("gnubg_03pt_s104"), plies=0).data).plies == 0


def gnubg_pid() -> int:
    server = runner._server
    assert server is not None and server.process is not None
    return server.process.pid


def test_one_gnubg_process_serves_one_match_after_another():
    """gnubg is started once per process, not once per match."""
    first = parse_report(run_gnubg(mat("gnubg_03pt_s104"), plies=0).data)
    pid = gnubg_pid()
    with pytest.raises(GnubgError):
        run_gnubg("this is no match\n", plies=0)
    second = parse_report(run_gnubg(fixture_text("best_vs_noisy_3pt.mat"), plies=0).data)
    third = parse_report(run_gnubg(mat("gnubg_03pt_s104"), plies=0).data)
    assert gnubg_pid() == pid
    assert second.players[0].name == "Best" and third.players == first.players


def test_a_gnubg_that_died_is_started_again():
    run_gnubg(mat("gnubg_03pt_s104"), plies=0)
    server = runner._server
    server.process.kill()
    server.process.wait()
    report = parse_report(run_gnubg(mat("gnubg_03pt_s104"), plies=0).data)
    assert report.players[0].name == "Alice"


def test_gnubg_works_while_its_caller_does_and_a_job_given_up_frees_it():
    """The analysis task hands gnubg the match, marks it running meanwhile, then collects
    the figures; a job given up (the caller failed) leaves gnubg ready for the next one."""
    pending = runner.submit_gnubg(mat("gnubg_03pt_s104"), plies=2)
    pending.abandon()
    pending = runner.submit_gnubg(mat("gnubg_03pt_s104"), plies=0)
    report = parse_report(pending.result().data)
    assert report.players[0].name == "Alice" and report.plies == 0


@pytest.mark.django_db
def test_an_accepted_file_is_analysed_by_gnubg(make_match, commit):
    match = make_match(length=3, names=("Alice", "Bob"), analysis_plies=0)
    commit(match_import_file, match=match, text=mat("gnubg_03pt_s104"))
    analysis = MatchAnalysis.objects.get(match=match)
    assert analysis.status == AnalysisStatus.DONE, analysis.failure
    assert analysis.gnubg_seconds > 0
    assert analysis.players.count() == 2
    assert analysis.mistakes.exclude(match_id="").exists()


@pytest.mark.django_db
def test_cube_errors_are_listed_like_chequer_errors(make_match, commit, client):
    """gnubg 1.07 at 0-ply on s113: Bob doubles too early twice, Alice once; Alice passes a
    double she should take. Each is listed with its position, the action made, the best
    action and the equity lost, and they add up to each player's cube error."""
    match = make_match(length=7, names=("Alice", "Bob"), analysis_plies=0)
    commit(match_import_file, match=match, text=mat("gnubg_07pt_s113"))
    analysis = MatchAnalysis.objects.get(match=match)
    assert analysis.status == AnalysisStatus.DONE, analysis.failure
    cube = list(analysis.mistakes.filter(kind="cube").order_by("game", "index"))
    made = [(m.game, m.side, m.played, m.best, round(m.equity_lost, 3)) for m in cube]
    assert made == [
        (1, 1, "double", "no-double", 0.361),
        (1, 0, "pass", "take", 1.388),
        (2, 0, "double", "no-double", 0.128),
        (2, 1, "double", "no-double", 0.704),
        (2, 0, "double", "no-double", 0.086),
    ]
    assert all(m.position_id and m.match_id for m in cube)
    for player in analysis.players.all():
        listed = sum(m.equity_lost for m in cube if m.side == player.side)
        assert listed == pytest.approx(player.cube_error, abs=1e-4)

    t = match.round.stage.tournament
    page = client.get(reverse("matches:detail", args=[t.club.slug, t.slug, match.pk]))
    worst = page.content.decode()
    assert "<td>Pass</td><td>Take</td>" in worst
    assert "<td>Double</td><td>No double</td>" in worst
    assert f"{cube[1].position_id}:{cube[1].match_id}" in worst
    # The wrong pass links to the replay board, which opens at the pass.
    link = html.unescape(
        re.findall(r'<a class="replay-link" href="([^"]+)"', worst)[
            list(analysis.mistakes.all()).index(cube[1])
        ]
    )
    replay = client.get(link).content.decode()
    frames = replay_frames(match)
    at = int(re.search(r'data-start="(\d+)"', replay)[1])
    assert frames[at]["note"].startswith("0-ply: Pass loses 1.388 EMG; best was Take.")

    notes = [frame["note"] for frame in replay_frames(match)]
    assert "0-ply: Pass loses 1.388 EMG; best was Take." in notes
    assert notes.count("0-ply: Double loses 0.361 EMG; best was No double.") == 1


@pytest.mark.django_db
def test_a_missed_double_is_listed(make_match, commit):
    match = make_match(length=7, names=("Alice", "Bob"), analysis_plies=0)
    commit(match_import_file, match=match, text=mat("gnubg_07pt_s112"))
    analysis = MatchAnalysis.objects.get(match=match)
    cube = analysis.mistakes.filter(kind="cube").order_by("game")
    assert [(m.game, m.side, m.played, m.best) for m in cube] == [
        (1, 1, "no-double", "double-take"),
        (3, 0, "no-double", "double-pass"),
    ]
    notes = [frame["note"] for frame in replay_frames(match)]
    assert any(
        n.startswith("0-ply: No double loses 0.026 EMG; best was Double, pass.") for n in notes
    )


@pytest.mark.django_db
def test_a_match_ended_by_forfeit_is_analysed_move_by_move(make_match, commit):
    """As gnubg does: the forfeited game is a resignation, and every move before it counts."""
    text = (MAT_FIXTURES / "dialects" / "fibs_7pt_forfeit.mat").read_text()
    match = make_match(length=7, names=("hoppy_frog", "marvin"), analysis_plies=0)
    commit(match_import_file, match=match, text=text)
    analysis = MatchAnalysis.objects.get(match=match)
    assert analysis.status == AnalysisStatus.DONE, analysis.failure
    decisions = sum(p.chequer_decisions for p in analysis.players.all())
    assert decisions >= 10


@pytest.mark.django_db
def test_a_match_resumed_from_a_saved_score_is_analysed_from_that_score(make_match, commit):
    """gnubg is given the match from where it was resumed (its cube decisions depend on the
    score), and reads every move of it."""
    text = (MAT_FIXTURES / "dialects" / "fibs_5pt_resumed.mat").read_text()
    match = make_match(length=5, names=("hoppy_frog", "marvin"), analysis_plies=0)
    commit(match_import_file, match=match, text=text)
    analysis = MatchAnalysis.objects.get(match=match)
    assert analysis.status == AnalysisStatus.DONE, analysis.failure
    first_game = analysis.moves[analysis.moves.index(" Game 1") :].splitlines()[1].split()
    assert first_game == ["hoppy_frog", ":", "3", "marvin", ":", "1"]
    assert sum(p.chequer_decisions for p in analysis.players.all()) >= 30
