"""Every marker pyproject.toml declares is carried by the tests it names, and a test marked for
a real server skips with the reason where that server is not configured (tests/conftest.py),
so ``pytest -m postgres`` selects the tests that need PostgreSQL and nothing else does.

The suite is collected in a process of its own, with this module as a plugin of that process
(``-p tests.test_markers``): its ``pytest_collection_finish`` writes down, for each declared
marker, the tests that carry it and those of them that skip, as the suite would run them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECLARED = [
    line.split(":")[0].strip()
    for line in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"][
        "ini_options"
    ]["markers"]
]
#: The file the collecting process writes the census to.
CENSUS = "CRAWFORD_MARKER_CENSUS"
#: Each server marker, the variable that configures its server, and tests that need it.
SERVERS = {
    "postgres": ("DATABASE_URL", "tests/test_db.py::"),
    "redis": ("REDIS_URL", "tests/test_rate_limits.py::"),
}


def pytest_collection_finish(session) -> None:
    """In the collecting process only: the tests that carry each declared marker, and the
    reasons every test that skips gives (``skip`` and ``skipif`` markers), by node id."""
    if CENSUS not in os.environ:
        return
    census = {
        "carried": {
            marker: [item.nodeid for item in session.items if item.get_closest_marker(marker)]
            for marker in DECLARED
        },
        "skips": {
            item.nodeid: reasons
            for item in session.items
            if (
                reasons := [
                    mark.kwargs.get("reason", "")
                    for name in ("skip", "skipif")
                    for mark in item.iter_markers(name)
                ]
            )
        },
    }
    Path(os.environ[CENSUS]).write_text(json.dumps(census))


def test_every_declared_marker_is_carried_and_the_server_markers_skip_without_their_server(
    tmp_path,
):
    census_file = tmp_path / "census.json"
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env[CENSUS] = str(census_file)
    command = [sys.executable, "-m", "pytest", "-q", "-n0", "--collect-only"]
    plugins = ["-p", "no:cacheprovider", "-p", "no:randomly", "-p", "tests.test_markers"]
    done = subprocess.run(
        [*command, *plugins], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    census = json.loads(census_file.read_text())
    carried, skips = census["carried"], census["skips"]

    assert set(carried) == set(DECLARED) >= {"postgres", "redis", "pure", "slow"}
    unused = sorted(marker for marker, tests in carried.items() if not tests)
    assert not unused, f"markers pyproject.toml declares that no test carries: {unused}"
    for marker, (variable, known) in SERVERS.items():
        assert any(test.startswith(known) for test in carried[marker]), (marker, known)
        # Without its server, a test skips for it exactly when it carries the marker.
        skipping = {test for test, reasons in skips.items() if any(variable in r for r in reasons)}
        assert skipping == set(carried[marker]), (marker, skipping ^ set(carried[marker]))
