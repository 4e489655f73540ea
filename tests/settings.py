"""The test suite's settings: the app's own (``config.settings``), with one Redis database per
test process when pytest-xdist runs the suite in parallel.

pytest-django gives each process (``gw0``, ``gw1``, ...) a test database of its own; the
cache, the channel layer and the Celery queues in Redis must be apart as well, or one process
would read another's cached page of a tournament with the same id, hear its boards or run its
tasks. Process ``gwN`` takes the database N + 1 above the one ``REDIS_URL`` names (on from 0
past 15); it is written back to the environment, so the workers and servers a test starts use
it too.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit


def redis_url_of_process(url: str, worker: str) -> str:
    """``url`` with the Redis database of test process ``worker`` (``""``: not parallel).

    >>> redis_url_of_process("redis://127.0.0.1:6379/0", "gw1")
    'redis://127.0.0.1:6379/2'
    >>> redis_url_of_process("redis://127.0.0.1:6379/15", "gw0")
    'redis://127.0.0.1:6379/0'
    >>> redis_url_of_process("redis://127.0.0.1:6379", "")
    'redis://127.0.0.1:6379'
    """
    if not url or not worker.startswith("gw"):
        return url
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    # Redis has 16 databases (0-15) unless configured otherwise: count on from 0 past 15.
    return urlunsplit(parts._replace(path=f"/{(base + 1 + int(worker[2:])) % 16}"))


_redis_url = redis_url_of_process(
    os.environ.get("REDIS_URL", ""), os.environ.get("PYTEST_XDIST_WORKER", "")
)
if _redis_url:
    os.environ["REDIS_URL"] = _redis_url

from config.settings import *  # noqa: E402, F403

# PBKDF2's deliberate slowness is for attackers, not for the test suite. Set here, not per
# test, so that data a module builds once for its tests (``module_db``) logs in as well.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# A listener failing while tasks run inline fails the test instead of being logged.
EVENTS_RAISE_LISTENER_ERRORS = True
# A test that commits is cleaned up after with DELETE, not TRUNCATE (tests/postgresql/).
if DATABASES["default"]["ENGINE"] == "config.postgresql":  # noqa: F405
    DATABASES["default"]["ENGINE"] = "tests.postgresql"  # noqa: F405
