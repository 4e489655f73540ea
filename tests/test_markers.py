"""Every marker pyproject.toml declares is carried by the tests it names, and a test marked for
a real server skips with the reason where that server is not configured (tests/conftest.py),
so ``pytest -m postgres`` selects the tests that need PostgreSQL and nothing else does.

The census of the markers is taken as the suite is collected (``tests.conftest.
marker_census``), before ``-m`` or ``-k`` leave tests out. Where this test runs with only part
of the suite collected, the suite is collected again in a process of its own, with this module
as a plugin of that process (``-p tests.test_markers``) writing the census down."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The file the collecting process writes the census to.
CENSUS = "CRAWFORD_MARKER_CENSUS"
#: Each server marker, the variable that configures its server, and tests that need it.
SERVERS = {
    "postgres": ("DATABASE_URL", "tests/test_db.py::"),
    "redis": ("REDIS_URL", "tests/test_rate_limits.py::"),
}


def pytest_collection_finish(session) -> None:
    """In the collecting process only: the census, written down. (This module is a plugin
    there before Django is set up: the suite's conftest, which imports models, is imported
    where it is used.)"""
    from tests.conftest import MARKER_CENSUS

    if CENSUS in os.environ:
        Path(os.environ[CENSUS]).write_text(json.dumps(session.config.stash[MARKER_CENSUS]))


def _suite_census(config: pytest.Config, tmp_path: Path) -> dict:
    """The census of the whole suite: this session's, when it collected every test file."""
    from tests.conftest import MARKER_CENSUS

    census = config.stash[MARKER_CENSUS]
    files = {str(path.relative_to(ROOT)) for path in (ROOT / "tests").rglob("test_*.py")}
    if files <= set(census["files"]):
        return census
    census_file = tmp_path / "census.json"
    env = {**os.environ, CENSUS: str(census_file)}
    command = [sys.executable, "-m", "pytest", "-q", "-n0", "--collect-only"]
    plugins = ["-p", "no:cacheprovider", "-p", "no:randomly", "-p", "tests.test_markers"]
    done = subprocess.run(
        [*command, *plugins], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return json.loads(census_file.read_text())


def test_every_declared_marker_is_carried_and_the_server_markers_skip_without_their_server(
    request, tmp_path
):
    from tests.conftest import DECLARED_MARKERS, SERVER_MARKERS

    census = _suite_census(request.config, tmp_path)
    carried, skips = census["carried"], census["skips"]

    assert set(carried) == set(DECLARED_MARKERS) >= {"postgres", "redis", "pure", "slow"}
    unused = sorted(marker for marker, tests in carried.items() if not tests)
    assert not unused, f"markers pyproject.toml declares that no test carries: {unused}"
    for marker, (variable, known) in SERVERS.items():
        assert any(test.startswith(known) for test in carried[marker]), (marker, known)
        configured, reason = SERVER_MARKERS[marker]
        assert variable in reason
        # Without its server, a test skips for it exactly when it carries the marker...
        skipping = {test for test, reasons in skips.items() if reason in reasons}
        assert skipping == (set() if configured else set(carried[marker])), marker
        # ... and a test that needs the server says so with the marker, not a skip of its own.
        own = {
            test
            for test, reasons in skips.items()
            if any(variable in r for r in reasons if r != reason)
        }
        assert not own, (marker, sorted(own))
