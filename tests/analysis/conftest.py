"""Analysis fixtures: gnubg's saved output, the real gnubg where it is installed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from analysis import runner

FIXTURES = Path(__file__).resolve().parent / "fixtures"
GNUBG = shutil.which("/usr/games/gnubg") or shutil.which("gnubg")

needs_gnubg = pytest.mark.skipif(
    GNUBG is None, reason="needs GNU Backgammon: apt-get install gnubg (make gnubg)"
)


def saved(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text())


def fixture_text(name: str) -> str:
    return (FIXTURES / name).read_text()


@pytest.fixture
def fake_gnubg(monkeypatch, settings):
    """gnubg replaced by its saved output for ``plies`` (the match analysed is s104's)."""
    settings.GNUBG_PATH = "/bin/true"
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
