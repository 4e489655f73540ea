"""The long-lived gnubg of a worker process, with stand-in programs (no gnubg needed)."""

from __future__ import annotations

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
