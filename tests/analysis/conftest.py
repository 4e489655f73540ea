"""Analysis fixtures: gnubg's saved output, the real gnubg where it is installed, and matches
with an accepted .mat file built once for a module's tests (``module_db``)."""

from __future__ import annotations

import functools
import json
import shutil
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings

from analysis import runner
from matches.models import Match
from matches.services import match_import_file
from tests.conftest import committed, fresh, mat, match_made

FIXTURES = Path(__file__).resolve().parent / "fixtures"
GNUBG = shutil.which("/usr/games/gnubg") or shutil.which("gnubg")

needs_gnubg = pytest.mark.skipif(
    GNUBG is None, reason="needs GNU Backgammon: apt-get install gnubg (make gnubg)"
)


def saved(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text())


def fixture_text(name: str) -> str:
    return (FIXTURES / name).read_text()


def fake_gnubg_installed(monkeypatch: pytest.MonkeyPatch) -> Any:
    """gnubg replaced by its saved output for ``plies`` (the match analysed is s104's)."""
    calls: list[int] = []
    texts: list[str] = []  # the .mat texts handed to gnubg
    state = {"name": "gnubg_03pt_s104", "fail": 0, "reason": "gnubg wrote no result: boom"}

    def run(text, *, plies, timeout=None):
        calls.append(plies)
        if state["fail"]:
            state["fail"] -= 1
            raise runner.GnubgError(state["reason"])
        data = saved(f"{state['name']}_{plies}ply")
        return runner.GnubgRun(data=data, seconds=0.01)

    def submit(text, *, plies, timeout=None):
        texts.append(text)
        return runner.PendingRun(lambda: run(text, plies=plies), lambda: None)

    monkeypatch.setattr("analysis.run.submit_gnubg", submit)
    fake = type("Fake", (), {})()
    fake.calls = calls
    fake.texts = texts
    fake.state = state
    return fake


@pytest.fixture
def fake_gnubg(monkeypatch, settings):
    """gnubg replaced by its saved output for ``plies`` (the match analysed is s104's)."""
    settings.GNUBG_PATH = "/bin/true"
    return fake_gnubg_installed(monkeypatch)


@contextmanager
def gnubg_faked() -> Iterator[Any]:
    """The fake gnubg of ``fake_gnubg`` for a block, such as a module's shared data."""
    with pytest.MonkeyPatch.context() as monkeypatch, override_settings(GNUBG_PATH="/bin/true"):
        yield fake_gnubg_installed(monkeypatch)


# --- Data built once for a module's tests (``module_db``) ---------------------------------


@pytest.fixture
def caches_of_its_own(settings):
    """The test's own caches, of the kinds the suite runs with (Redis or memory, and each
    process's local copies of pages): a key prefix of its own on each. The tests of a module
    share its data (``module_db``), with the same ids and versions, so a page one test cached
    must not be served to the next; unlike ``own_caches`` this keeps the backends whose
    caching the tests check."""
    test = uuid.uuid4().hex
    settings.CACHES = {
        alias: {**config, "KEY_PREFIX": f"{config.get('KEY_PREFIX', '')}-{test}"}
        for alias, config in settings.CACHES.items()
    }


@pytest.fixture
def filed(club, organizer):
    """``filed(**settings)``: a filed match of the test's own, for a test that checks what
    happened as its file was accepted (gnubg's runs, failures)."""
    return functools.partial(filed_match, club, organizer)


def filed_match(club, organizer, **settings) -> Match:
    """A 3-point match between Alice and Bob whose .mat file was accepted (and analysed, with
    the tournament's ``analysis_plies``, by whichever gnubg is installed at the time)."""
    match = match_made(club, organizer, length=3, names=("Alice", "Bob"), **settings)
    committed(match_import_file, match=match, text=mat("gnubg_03pt_s104"))
    return fresh(match.pk)
