"""A Redis server, a Celery worker and an ASGI server of each test's own, to kill and restart.

See tests/faults/__init__.py for what the fault tests need and how they run.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from kombu import pools
from redis import Redis

from config.celery import app as celery_app
from config.env import redis_channel_layer
from events.models import Delivery
from tests.conftest import needs_postgres

ROOT = Path(__file__).resolve().parents[2]
#: The ports the fault tests' own Redis servers may take (never the shared 6379): ten for each
#: parallel test process (pytest-xdist's gw0, gw1, ...), so that two never pick the same one.
_PROCESS = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
REDIS_PORTS = range(6390 + 10 * _PROCESS, 6400 + 10 * _PROCESS)
START_TIMEOUT = 60.0

needs_redis_server = pytest.mark.skipif(
    shutil.which("redis-server") is None,
    reason="needs the redis-server program to start (and kill) a Redis of the test's own",
)
#: Every fault test: PostgreSQL (a worker process must see the committed rows) and a Redis
#: server to start; transactions really committed.
FAULT_TEST = [needs_postgres, needs_redis_server, pytest.mark.django_db(transaction=True)]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(check: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.1)


class RedisServer:
    """``redis-server`` on a port of :data:`REDIS_PORTS`, nothing saved; killed with SIGKILL."""

    def __init__(self, port: int, log: Path) -> None:
        self.port = port
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        argv = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        argv += ["--save", "", "--appendonly", "no", "--logfile", str(self.log)]
        self.process = subprocess.Popen(
            argv,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(lambda: _answers(self.port), START_TIMEOUT, "redis-server to answer")

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
        wait_until(lambda: not _answers(self.port), 10, "redis-server to be gone")


def service_env(redis: RedisServer, **extra: str) -> dict[str, str]:
    """The environment of a worker or server process: the test's database and Redis."""
    db = connection.settings_dict
    host = db["HOST"] or "127.0.0.1"
    url = f"postgres://{db['USER']}@{host}:{db['PORT'] or 5432}/{db['NAME']}"
    env = {**os.environ, "DATABASE_URL": url, "REDIS_URL": redis.url}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        CELERY_TASK_ALWAYS_EAGER="false",
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        PYTHONUNBUFFERED="1",
        EVENTS_RECONCILE_GRACE_SECONDS="0",
        **extra,
    )
    return env


class Process:
    """A service run as a real subprocess (so that it can be SIGKILLed), its output logged."""

    def __init__(self, argv: list[str], env: dict[str, str], log: Path, ready: Callable[[], bool]):
        self.argv, self.env, self.log, self.ready = argv, env, log, ready
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                self.argv, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + START_TIMEOUT
        while not self.ready():
            if self.process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"{self.argv[:4]} did not start:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.1)

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        """Stop it; its log's end is printed (pytest shows it when the test failed)."""
        if self.log.exists():
            print(f"--- {self.log.name}:\n{self.log.read_text(errors='replace')[-3000:]}")
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    port = next((p for p in REDIS_PORTS if _free(p)), None)
    if port is None:
        pytest.skip(f"every port of {REDIS_PORTS} is taken: no room for the test's own Redis")
    server = RedisServer(port, tmp_path / "redis.log")
    server.start()
    try:
        yield server
    finally:
        server.kill()


@pytest.fixture
def on_test_redis(redis_server: RedisServer, settings: Any) -> Iterator[RedisServer]:
    """This test process on the test's Redis: tasks sent to it (not run inline), its cache and
    its channel layer there, and the reconciler taking over at once (no minute's grace)."""
    # Read (and so load) Celery's configuration before the settings change under it.
    before = (celery_app.conf.broker_url, celery_app.conf.task_always_eager)
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.DegradingRedisCache",
            "LOCATION": redis_server.url,
            "KEY_PREFIX": "crawford",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    # The same layer as the server processes (config.settings), so that they hear this one.
    settings.CHANNEL_LAYERS = {"default": redis_channel_layer(redis_server.url)}
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = redis_server.url  # what /healthz asks
    settings.EVENTS_RECONCILE_GRACE_SECONDS = 0
    settings.EVENTS_RAISE_LISTENER_ERRORS = False
    _use_broker(redis_server.url, eager=False)
    try:
        yield redis_server
    finally:
        _use_broker(*before[:1], eager=before[1])


def _use_broker(url: str | None, *, eager: bool) -> None:
    """Point this process's Celery app at another broker (its connection pools are cached)."""
    pools.reset()  # kombu's pools are global, keyed by the broker's address
    celery_app._pool = None
    celery_app.amqp._producer_pool = None
    celery_app.conf.broker_url = url
    celery_app.conf.task_always_eager = eager


def _worker_ready(log: Path) -> Callable[[], bool]:
    return lambda: log.exists() and " ready." in log.read_text(errors="replace")


@pytest.fixture
def make_worker(on_test_redis: RedisServer, tmp_path: Path) -> Iterator[Callable[..., Process]]:
    """``make_worker(**env)``: a Celery worker process (one at a time, solo pool) on the test's
    Redis and database, started; stopped at the end of the test."""
    made: list[Process] = []

    def make(**extra: str) -> Process:
        log = tmp_path / f"worker{len(made)}.log"
        argv = [sys.executable, "-m", "tests.faults.slow_worker", "worker"]
        argv += ["--pool", "solo", "-Q", "crawford", "-l", "info", "-n", f"fault{len(made)}@%h"]
        argv += ["--without-heartbeat", "--without-gossip", "--without-mingle"]
        worker = Process(argv, service_env(on_test_redis, **extra), log, _worker_ready(log))
        worker.start()
        made.append(worker)
        return worker

    yield make
    for worker in made:
        worker.stop()


def settled(redis: RedisServer | None = None, timeout: float = 60.0) -> None:
    """Wait until the workers have taken and finished every task on the test's Redis (when
    given) and every event delivery is done (a listener's own events are committed with its
    delivery, so none pending means the work is finished)."""
    if redis is not None:
        client = Redis.from_url(redis.url)

        def drained() -> bool:
            return client.llen("crawford") == 0 and client.hlen("unacked") == 0

        wait_until(drained, timeout, "the workers to finish their tasks")
    wait_until(
        lambda: not Delivery.objects.filter(done_at=None).exists(),
        timeout,
        "every event delivery to be done",
    )


@pytest.fixture
def make_server(on_test_redis: RedisServer, tmp_path: Path) -> Iterator[Callable[[], Process]]:
    """``make_server()``: a Daphne ASGI server process on the test's Redis (channel layer)
    and database, started; ``.port`` its port, the same after a restart."""
    made: list[Process] = []
    port = free_port()

    def make() -> Process:
        log = tmp_path / f"daphne{len(made)}.log"
        argv = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
        argv += ["config.asgi:application"]
        env = service_env(on_test_redis, ONLINE_MESSAGE_BURST="100000", DEBUG="true")
        server = Process(argv, env, log, lambda: _answers(port))
        server.port = port  # type: ignore[attr-defined]
        server.start()
        made.append(server)
        return server

    yield make
    for server in made:
        server.stop()
