"""Runs GNU Backgammon as a separate program (it is GPL: called, never imported).

One call starts one ``gnubg -t -q -p analyse.py`` process with one thread and waits for it,
so a worker process never runs more than one gnubg at a time. gnubg exits 0 even when the
script fails, so a run counts only when it wrote its result file.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings

SCRIPT = Path(__file__).resolve().parent / "gnubg_script" / "analyse.py"
INSTALL_COMMAND = "sudo apt-get install gnubg"


class GnubgError(Exception):
    """gnubg is missing, failed or timed out; the message says which (for the match page)."""


@dataclass(frozen=True)
class GnubgRun:
    data: dict[str, Any]
    seconds: float


def gnubg_path() -> str | None:
    """The gnubg program (setting GNUBG_PATH, else ``gnubg`` on the PATH), None if missing."""
    configured = getattr(settings, "GNUBG_PATH", "") or "gnubg"
    found = shutil.which(configured)
    return found


def gnubg_available() -> bool:
    return gnubg_path() is not None


def run_gnubg(mat_text: str, *, plies: int, timeout: float | None = None) -> GnubgRun:
    """Analyse one .mat match at ``plies`` and return the job script's JSON."""
    program = gnubg_path()
    if program is None:
        raise GnubgError(f"GNU Backgammon is not installed ({INSTALL_COMMAND}).")
    limit = timeout if timeout is not None else settings.GNUBG_TIMEOUT
    with tempfile.TemporaryDirectory(prefix="crawford-gnubg-") as folder:
        work = Path(folder)
        (work / "match.mat").write_text(mat_text, encoding="utf-8")
        out = work / "result.json"
        job = {"mat": str(work / "match.mat"), "plies": int(plies), "out": str(out)}
        (work / "job.json").write_text(json.dumps(job), encoding="utf-8")
        env = {**os.environ, "CRAWFORD_GNUBG_JOB": str(work / "job.json"), "HOME": folder}
        started = time.perf_counter()
        try:
            done = subprocess.run(
                [program, "-t", "-q", "-p", str(SCRIPT)],
                cwd=folder,
                env=env,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=limit,
                check=False,
            )
        except subprocess.TimeoutExpired as error:
            raise GnubgError(f"gnubg took longer than {limit:.0f} s.") from error
        except OSError as error:
            raise GnubgError(f"gnubg could not be started: {error}") from error
        seconds = time.perf_counter() - started
        if not out.exists():
            tail = (done.stderr or done.stdout or b"").decode("utf-8", "replace").strip()
            reason = tail.splitlines()[-1] if tail else f"exit status {done.returncode}"
            raise GnubgError(f"gnubg wrote no result: {reason[:300]}")
        try:
            data = json.loads(out.read_text(encoding="utf-8"))
        except ValueError as error:
            raise GnubgError(f"gnubg's result is not JSON: {error}") from error
    return GnubgRun(data=data, seconds=seconds)
