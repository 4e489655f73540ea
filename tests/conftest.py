"""Shared fixtures. Tests that need a real server skip with a reason when it is not configured."""

from __future__ import annotations

import os

import pytest

from config.celery import app as celery_app

# Tasks run inline in tests unless a test starts a real worker (see tests/test_celery.py).
celery_app.conf.task_always_eager = True

REDIS_URL = os.environ.get("REDIS_URL", "")
DATABASE_URL = os.environ.get("DATABASE_URL", "")
ON_POSTGRES = DATABASE_URL.startswith(("postgres://", "postgresql://"))

needs_redis = pytest.mark.skipif(
    not REDIS_URL, reason="needs a Redis server: set REDIS_URL (e.g. redis://127.0.0.1:6379/0)"
)
needs_postgres = pytest.mark.skipif(
    not ON_POSTGRES,
    reason="needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)",
)


@pytest.fixture(autouse=True)
def fast_password_hashing(request):
    """PBKDF2's deliberate slowness is for attackers, not for the test suite."""
    if not request.config.pluginmanager.hasplugin("django"):
        return  # pure tests run with `-p no:django` too
    settings = request.getfixturevalue("settings")
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
