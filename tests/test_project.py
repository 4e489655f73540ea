"""The project's own promises: settings from the environment, deploy check, ASGI routing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


SHOW_SETTINGS = """
import json
from django.conf import settings
print(json.dumps({
    "engine": settings.DATABASES["default"]["ENGINE"],
    "name": str(settings.DATABASES["default"]["NAME"]),
    "eager": settings.CELERY_TASK_ALWAYS_EAGER,
    "broker": settings.CELERY_BROKER_URL,
    "cache": settings.CACHES["default"]["BACKEND"],
    "channels": settings.CHANNEL_LAYERS["default"]["BACKEND"],
    "email": settings.EMAIL_BACKEND,
    "debug": settings.DEBUG,
}))
"""


def test_embedded_defaults_need_no_services():
    shown = json.loads(run_python(SHOW_SETTINGS).stdout)
    assert shown["engine"] == "django.db.backends.sqlite3"
    assert shown["eager"] is True
    assert shown["broker"] == "memory://localhost/"
    assert shown["cache"].endswith("LocMemCache")
    assert shown["channels"] == "channels.layers.InMemoryChannelLayer"
    assert shown["email"] == "config.mail.ConsoleSummaryBackend"  # one line per e-mail
    assert shown["debug"] is True


def test_environment_switches_to_postgresql_and_redis():
    shown = json.loads(
        run_python(
            SHOW_SETTINGS,
            DATABASE_URL="postgres://postgres@db.example:5432/crawford",
            REDIS_URL="redis://cache.example:6379/1",
        ).stdout
    )
    assert shown["engine"] == "config.postgresql"  # Django's, checking its connections
    assert shown["name"] == "crawford"
    assert shown["eager"] is False
    assert shown["broker"] == "redis://cache.example:6379/1"
    assert shown["cache"].endswith("RedisCache")
    assert shown["channels"] == "config.channels.PubSubChannelLayer"


def test_production_settings_pass_the_deploy_check():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "DEBUG"],
        cwd=ROOT,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings_production",
            "SECRET_KEY": "x" * 20 + "-production-secret-" + "y" * 30,
            "ALLOWED_HOSTS": "crawford.example.org",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    result = run_python(
        "import django; django.setup()",
        DJANGO_SETTINGS_MODULE="config.settings_production",
        SECRET_KEY="",
        ALLOWED_HOSTS="crawford.example.org",
    )
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


@pytest.mark.django_db
async def test_the_asgi_app_serves_http():
    from channels.testing import HttpCommunicator

    from config.asgi import application

    communicator = HttpCommunicator(
        application, "GET", "/clubs/", headers=[(b"host", b"testserver")]
    )
    response = await communicator.get_response()
    assert response["status"] == 200
    assert b"Crawford" in response["body"]
