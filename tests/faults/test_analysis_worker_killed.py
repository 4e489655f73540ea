"""A worker process of the analysis queue SIGKILLed while its gnubg works on a match it took from
the queue itself (not its task's own): Celery hands the task to a new worker process, the dead
process's lock on that analysis is gone with its database session, and its own task runs it.
Every analysis ends done, with one set of figures, without the reconciler."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from analysis.models import AnalysisStatus, MatchAnalysis, PlayerAnalysis
from analysis.services import analysis_request
from matches.services import match_import_file
from tests.conftest import mat

from .conftest import FAULT_TEST, Process, _worker_ready, service_env, wait_until

pytestmark = FAULT_TEST

FIXTURES = Path(__file__).resolve().parents[1] / "analysis" / "fixtures"

#: A stand-in for gnubg serving its jobs as gnubg does (one path a line, a marker when done),
#: each taking a second; it notes each job it begins.
STAND_IN = """
import json, os, shutil, sys, time
for line in sys.stdin:
    path = line.strip()
    job = json.load(open(path))
    with open(os.environ["STAND_IN_BEGUN"], "a") as begun:
        begun.write(open(job["mat"]).read().splitlines()[0] + "\\n")
    time.sleep(1)
    shutil.copy(os.environ["STAND_IN_RESULT"], job["out"])
    print("CRAWFORD-DONE " + path, flush=True)
"""


def pool_processes(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.extend(int(child) for child in (task / "children").read_text().split())
    return found


@pytest.fixture
def filed(make_match, commit):
    """Three matches with their files accepted, made while tasks still run inline (before
    ``on_test_redis``: the worker below serves the analysis queue only)."""
    matches = []
    for _ in range(3):
        match = make_match(length=3, names=("Alice", "Bob"))
        commit(match_import_file, match=match, text=mat("gnubg_03pt_s104"))
        matches.append(match.pk)
    return matches


def test_a_worker_process_killed_with_a_match_it_took_ahead_leaves_nothing_undone(
    filed, on_test_redis, tmp_path
):
    program = tmp_path / "gnubg"
    program.write_text(f"#!{sys.executable}\n{STAND_IN}")
    program.chmod(0o755)
    begun = tmp_path / "begun"
    env = service_env(
        on_test_redis,
        GNUBG_PATH=str(program),
        STAND_IN_BEGUN=str(begun),
        STAND_IN_RESULT=str(FIXTURES / "gnubg_03pt_s104_0ply.json"),
    )
    log = tmp_path / "worker.log"
    argv = [sys.executable, "-m", "celery", "-A", "config", "worker", "-P", "prefork", "-c", "1"]
    argv += ["-Q", "analysis", "-l", "info", "-n", "analysis@%h", "--without-heartbeat"]
    argv += ["--without-gossip", "--without-mingle"]
    worker = Process(argv, env, log, _worker_ready(log))
    worker.start()
    try:
        ids = [analysis_request(match=pk, plies=0).pk for pk in filed]  # each sent on commit

        # gnubg has begun the second match, which the worker process took from the queue
        # while its task (the first match's) goes on; kill that process.
        wait_until(
            lambda: begun.exists() and len(begun.read_text().splitlines()) >= 2,
            60,
            "gnubg to begin the second match",
        )
        # Shown running with the first match's figures, stored while gnubg works (it takes a
        # second a match).
        wait_until(
            lambda: MatchAnalysis.objects.get(pk=ids[1]).status == AnalysisStatus.RUNNING,
            10,
            "the second match to be shown running",
        )
        assert worker.process is not None
        (child,) = pool_processes(worker.process.pid)
        os.kill(child, signal.SIGKILL)

        def all_done() -> bool:
            found = MatchAnalysis.objects.filter(pk__in=ids).values_list("status", flat=True)
            return list(found) == [AnalysisStatus.DONE] * 3

        wait_until(all_done, 60, "every analysis to be done")
        for analysis_id in ids:  # one set of figures each
            assert PlayerAnalysis.objects.filter(analysis_id=analysis_id).count() == 2
    finally:
        worker.stop()
