"""The long-lived gnubg of a worker process, with stand-in programs (no gnubg needed)."""

from __future__ import annotations

import sys

import pytest

from analysis import runner
from analysis.runner import GnubgError, run_gnubg


@pytest.fixture
def program(tmp_path, settings):
    """A stand-in for gnubg: a shell script with the given body."""

    def make(body: str) -> str:
        path = tmp_path / "gnubg"
        path.write_text(f"#!/bin/sh\n{body}\n")
        path.chmod(0o755)
        settings.GNUBG_PATH = str(path)
        return str(path)

    yield make
    runner.stop_gnubg()


def test_a_gnubg_that_stops_fails_the_job_with_its_last_words(program):
    program('echo "gnubg: cannot load the neural net weights"; exit 3')
    with pytest.raises(GnubgError, match="gnubg stopped: gnubg: cannot load the neural net"):
        run_gnubg("match", plies=0, timeout=10)


def test_a_gnubg_that_hangs_is_killed_at_the_time_limit(program):
    program("sleep 30")
    with pytest.raises(GnubgError, match="longer than 1 s"):
        run_gnubg("match", plies=0, timeout=1)
    assert runner._server is not None and runner._server.process is None  # killed
    program('echo "gnubg: started again"; exit 3')  # the next job starts a new one
    with pytest.raises(GnubgError, match="started again"):
        run_gnubg("match", plies=0, timeout=10)


SERVING = """
import json, sys, time
for line in sys.stdin:
    path = line.strip()
    job = json.load(open(path))
    words = open(job["mat"]).read().split()
    if words[0] == "sleep":
        time.sleep(float(words[1]))
    json.dump({"match": words[-1], "plies": job["plies"]}, open(job["out"], "w"))
    print("CRAWFORD-DONE " + path, flush=True)
"""


@pytest.fixture
def serving(tmp_path, settings):
    """A stand-in gnubg that serves its jobs in turn: ``sleep S NAME`` takes S seconds."""
    path = tmp_path / "gnubg"
    path.write_text(f"#!{sys.executable}\n{SERVING}")
    path.chmod(0o755)
    settings.GNUBG_PATH = str(path)
    yield
    runner.stop_gnubg()


def test_gnubg_begins_a_match_handed_over_early_when_the_one_before_ends(serving):
    """The analysis worker hands gnubg the next match while the current one runs: gnubg reads
    it the moment it is free, and its time (and time limit) count from then."""
    first = runner.submit_gnubg("sleep 1.0 first", plies=0, timeout=10)
    second = runner.submit_gnubg("sleep 0.2 second", plies=1, timeout=0.8)
    assert not second.lost()
    one = first.result()
    two = second.result()  # 1.2 s after it was handed over: within its 0.8 s all the same
    assert (one.data, two.data) == ({"match": "first", "plies": 0}, {"match": "second", "plies": 1})
    # The fake gnubg's sleep and the runner's clock start a moment apart: a tenth of a
    # millisecond short of 0.2 s has been seen on a busy machine.
    assert one.seconds >= 0.99 and 0.19 <= two.seconds < 0.6
    assert runner.run_gnubg("third", plies=2).data == {"match": "third", "plies": 2}


def test_a_match_behind_one_over_its_time_limit_is_lost_not_failed(serving):
    """gnubg is killed at the first match's time limit; the match waiting behind never ran:
    it is lost (handed over again by the worker, not counted as a failed attempt)."""
    first = runner.submit_gnubg("sleep 30 first", plies=0, timeout=0.5)
    second = runner.submit_gnubg("second", plies=0, timeout=10)
    with pytest.raises(GnubgError, match="longer than"):
        first.result()
    assert second.lost()
    with pytest.raises(runner.GnubgLost):
        second.result()
    assert runner.run_gnubg("second", plies=0).data == {"match": "second", "plies": 0}
