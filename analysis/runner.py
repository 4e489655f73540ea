"""Runs GNU Backgammon as a separate program (it is GPL: called, never imported).

Each process that analyses (a Celery worker process of the ``analysis`` queue) keeps ONE
long-lived ``gnubg -t -q -p analyse.py`` process with one thread, started when the first match
is analysed and fed one job after another on its standard input (:class:`GnubgServer`), so a
match costs gnubg's analysis only, not its start. A job may be handed over while the one
before runs: gnubg reads it the moment it is free. A gnubg that died is started again for the
next job; one over its time limit is killed (the next job starts a fresh one, the jobs behind
it are lost: :class:`GnubgLost`). gnubg exits 0 even when the script fails, so a job counts
only when it wrote its result file.
"""

from __future__ import annotations

import atexit
import collections
import json
import os
import select
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings

SCRIPT = Path(__file__).resolve().parent / "gnubg_script" / "analyse.py"
INSTALL_COMMAND = "sudo apt-get install gnubg"
#: A long-lived gnubg is replaced after this many jobs (in case it grows).
JOBS_PER_PROCESS = 500
DONE = "CRAWFORD-DONE "


class GnubgError(Exception):
    """gnubg is missing, failed or timed out; the message says which (for the match page)."""


class GnubgLost(GnubgError):
    """A job waiting behind another was lost when gnubg was stopped (the one before failed):
    it never ran, so it is handed over again, not counted as a failed attempt."""


@dataclass
class GnubgJob:
    """A job handed to a gnubg process (:meth:`GnubgServer.submit`), not yet collected.
    ``started`` is when gnubg began it: its submission, or the end of the job before."""

    process: subprocess.Popen[bytes]
    work: Path
    started: float | None


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


class GnubgServer:
    """One long-lived gnubg process serving analysis jobs one after another.

    A thread may hand over several jobs before collecting the first (:meth:`submit`); gnubg
    runs them in that order and the thread collects them in that order. The server is held by
    that thread until each of its jobs is collected or given up: other threads wait."""

    def __init__(self, program: str) -> None:
        self.program = program
        self.owner = os.getpid()
        self.process: subprocess.Popen[bytes] | None = None
        self.folder: Path | None = None
        self.jobs = 0
        #: Taken once per job submitted, given back once per job collected or given up.
        self.lock = threading.RLock()
        #: The jobs handed to the running gnubg and not yet collected, oldest first.
        self.line: collections.deque[GnubgJob] = collections.deque()
        self._buffer = b""
        self._tail: collections.deque[str] = collections.deque(maxlen=5)

    def _start(self) -> subprocess.Popen[bytes]:
        self.folder = Path(tempfile.mkdtemp(prefix="crawford-gnubg-"))
        try:
            self.process = subprocess.Popen(
                [self.program, "-t", "-q", "-p", str(SCRIPT)],
                cwd=self.folder,
                env={**os.environ, "HOME": str(self.folder)},
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
            )
        except OSError as error:
            self.stop()
            raise GnubgError(f"gnubg could not be started: {error}") from error
        self.jobs = 0
        self._buffer = b""
        self._tail.clear()
        return self.process

    def stop(self, *, kill: bool = False) -> None:
        """End gnubg (closing its input; killed if it does not end, or at once with ``kill``)
        and remove its folder."""
        process, self.process = self.process, None
        self.line.clear()  # the jobs waiting behind are lost with it (GnubgLost)
        if process is not None and process.poll() is None and kill:
            process.kill()
            process.wait()
        if process is not None and process.poll() is None:
            try:
                assert process.stdin is not None
                process.stdin.close()
                process.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
        if process is not None and process.stdout is not None:
            process.stdout.close()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def _wait_done(self, process: subprocess.Popen[bytes], marker: str, deadline: float) -> None:
        """Read gnubg's output until the job's marker; keep its last lines as the reason."""
        assert process.stdout is not None
        fd = process.stdout.fileno()
        while True:
            while b"\n" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\n", 1)
                line = raw.decode("utf-8", "replace").strip()
                if line.endswith(marker):  # gnubg may not have ended its last line
                    return
                if line:
                    self._tail.append(line)
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            ready, _w, _x = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                process.wait()
                reason = self._tail[-1] if self._tail else f"exit status {process.returncode}"
                raise GnubgError(f"gnubg stopped: {reason[:300]}")
            self._buffer += chunk

    def submit(self, mat_text: str, *, plies: int) -> GnubgJob:
        """Hand gnubg a job and return at once: gnubg works while the caller does its own
        (:meth:`collect` waits for the result), and starts it as soon as the jobs handed over
        before are done. The server is held from here until the job is collected (or
        :meth:`abandon`-ed)."""
        self.lock.acquire()
        try:
            process = self.process
            # A gnubg with jobs in its line is kept: the first job's collect tells how it ended.
            if not self.line and (
                process is None or process.poll() is not None or self.jobs >= JOBS_PER_PROCESS
            ):
                self.stop()
                process = self._start()
            assert process is not None and self.folder is not None and process.stdin is not None
            self.jobs += 1
            work = Path(tempfile.mkdtemp(prefix="job-", dir=self.folder))
            (work / "match.mat").write_text(mat_text, encoding="utf-8")
            spec = {
                "mat": str(work / "match.mat"),
                "plies": int(plies),
                "out": str(work / "result.json"),
            }
            (work / "job.json").write_text(json.dumps(spec), encoding="utf-8")
            job = GnubgJob(process, work, None if self.line else time.perf_counter())
            try:
                process.stdin.write(f"{work / 'job.json'}\n".encode())
                process.stdin.flush()
            except BrokenPipeError:
                pass  # gnubg has gone already: its last words (read when collected) say why
            self.line.append(job)
            return job
        except BaseException:
            self.lock.release()
            raise

    def collect(self, job: GnubgJob, *, timeout: float) -> GnubgRun:
        """Wait for a submitted job's result, ``timeout`` seconds from when gnubg began it.
        Jobs are collected in the order they were handed over."""
        try:
            if not self.line or self.line[0] is not job or job.process is not self.process:
                raise GnubgLost("gnubg was started again before it ran this match.")
            assert job.started is not None  # the first of the line has begun
            try:
                marker = DONE + str(job.work / "job.json")
                self._wait_done(job.process, marker, job.started + timeout)
            except TimeoutError as error:
                self.stop(kill=True)
                raise GnubgError(f"gnubg took longer than {timeout:.0f} s.") from error
            except (OSError, GnubgError):
                self.stop(kill=True)
                raise
            ended = time.perf_counter()
            seconds = ended - job.started
            self.line.popleft()
            if self.line:
                self.line[0].started = ended  # gnubg reads the next job now
            reason = self._tail[-1] if self._tail else "no reason given"
            self._tail.clear()  # the next job's words start here
            out = job.work / "result.json"
            if not out.exists():
                raise GnubgError(f"gnubg wrote no result: {reason[:300]}")
            try:
                data = json.loads(out.read_text(encoding="utf-8"))
            except ValueError as error:
                raise GnubgError(f"gnubg's result is not JSON: {error}") from error
            return GnubgRun(data=data, seconds=seconds)
        finally:
            shutil.rmtree(job.work, ignore_errors=True)
            self.lock.release()

    def abandon(self, job: GnubgJob) -> None:
        """Give up a submitted job (its caller failed): gnubg is stopped (with any job behind
        it), the next job starts a fresh one."""
        try:
            self.stop(kill=True)
        finally:
            shutil.rmtree(job.work, ignore_errors=True)
            self.lock.release()

    def run(self, mat_text: str, *, plies: int, timeout: float) -> GnubgRun:
        return self.collect(self.submit(mat_text, plies=plies), timeout=timeout)


_server: GnubgServer | None = None
_server_lock = threading.Lock()


def _this_process_server(program: str) -> GnubgServer:
    """The gnubg of this process (a forked worker process never uses its parent's)."""
    global _server
    with _server_lock:
        if _server is not None and (_server.owner != os.getpid() or _server.program != program):
            if _server.owner == os.getpid():
                _server.stop()
            _server = None
        if _server is None:
            _server = GnubgServer(program)
        return _server


@atexit.register
def stop_gnubg() -> None:
    """End this process's gnubg (at exit, or in tests)."""
    global _server
    if _server is not None and _server.owner == os.getpid():
        _server.stop()
    _server = None


def this_process_gnubg() -> GnubgServer:
    """This process's gnubg (:class:`GnubgServer`); :class:`GnubgError` when it is missing."""
    program = gnubg_path()
    if program is None:
        raise GnubgError(f"GNU Backgammon is not installed ({INSTALL_COMMAND}).")
    return _this_process_server(program)


class PendingRun:
    """A match handed to gnubg (:func:`submit_gnubg`): :meth:`result` waits for gnubg's
    figures, :meth:`abandon` gives them up when the caller failed meanwhile; :meth:`lost`
    tells whether gnubg was stopped before it ran the match (:meth:`result` then raises
    :class:`GnubgLost` at once)."""

    def __init__(
        self,
        result: Callable[[], GnubgRun],
        abandon: Callable[[], None],
        lost: Callable[[], bool] = lambda: False,
    ) -> None:
        self._result, self._abandon, self._lost = result, abandon, lost

    def result(self) -> GnubgRun:
        return self._result()

    def abandon(self) -> None:
        self._abandon()

    def lost(self) -> bool:
        return self._lost()


def submit_gnubg(mat_text: str, *, plies: int, timeout: float | None = None) -> PendingRun:
    """Hand one .mat match to this process's gnubg at ``plies`` and return at once, so the
    caller's own work overlaps gnubg's. gnubg begins it when the matches handed over before
    are done (collect them first, in order); ``timeout`` counts from then."""
    limit = timeout if timeout is not None else settings.GNUBG_TIMEOUT
    server = this_process_gnubg()
    job = server.submit(mat_text, plies=plies)
    return PendingRun(
        lambda: server.collect(job, timeout=limit),
        lambda: server.abandon(job),
        lambda: not any(waiting is job for waiting in server.line),
    )


def run_gnubg(mat_text: str, *, plies: int, timeout: float | None = None) -> GnubgRun:
    """Analyse one .mat match at ``plies`` with this process's gnubg; the job's JSON."""
    return submit_gnubg(mat_text, plies=plies, timeout=timeout).result()
