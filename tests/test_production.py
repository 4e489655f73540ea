"""Running it for real: the health endpoint, database connections under ASGI, one beat beside
the workers, security headers (Content-Security-Policy) in the production settings."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from django.urls import reverse

from tests.conftest import REDIS_URL, needs_postgres, needs_redis
from tests.test_project import ROOT, run_python

PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings_production",
    "SECRET_KEY": "x" * 20 + "-production-secret-" + "y" * 30,
    "ALLOWED_HOSTS": "crawford.example.org",
}


# --- /healthz -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_healthz_with_the_embedded_defaults(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True  # no REDIS_URL: tasks run inline
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok", "broker": "eager"}
    assert "no-cache" in response["Cache-Control"]
    assert reverse("healthz") == "/healthz"


@pytest.mark.django_db
def test_healthz_reports_a_broken_database_with_503(client, monkeypatch):
    class Broken:
        def cursor(self):
            raise OSError("connection refused")

    monkeypatch.setattr("config.health.connection", Broken())
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "down" and response.json()["status"] == "down"


@pytest.mark.django_db
def test_healthz_reports_a_broken_cache_with_503(client, monkeypatch):
    def fail(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr("config.health.cache.set", fail)
    response = client.get("/healthz")
    assert (response.status_code, response.json()["cache"]) == (503, "down")


@pytest.mark.django_db
def test_healthz_reports_a_broker_that_does_not_answer(client, settings, monkeypatch):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    slept = []
    monkeypatch.setattr("kombu.utils.functional.sleep", slept.append)
    response = client.get("/healthz")
    assert (response.status_code, response.json()["broker"]) == (503, "down")
    assert slept == [], "a refused connection is down at once, not after a retry's wait"


@needs_redis
@pytest.mark.django_db
def test_healthz_asks_a_real_broker(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = REDIS_URL
    response = client.get("/healthz")
    assert (response.status_code, response.json()["broker"]) == (200, "ok")


# --- Database connections under ASGI, Celery processes -----------------------------------


def test_database_connections_are_not_kept_open_by_default():
    code = "from django.conf import settings; print(settings.DATABASES['default']['CONN_MAX_AGE'])"
    assert run_python(code).stdout.strip() == "0"
    production = run_python(
        code, DATABASE_URL="postgres://postgres@db.example:5432/crawford", **PRODUCTION_ENV
    )
    assert production.stdout.strip().splitlines()[-1] == "0", production.stderr


def _options(**env: str) -> dict:
    """The default database's OPTIONS as the settings make them in this environment."""
    code = (
        "import json; from django.conf import settings; "
        "print(json.dumps(settings.DATABASES['default'].get('OPTIONS', {})))"
    )
    shown = run_python(code, **env)
    return json.loads(shown.stdout.strip().splitlines()[-1])


def test_psycopg_pool_can_be_turned_on():
    options = _options(DATABASE_URL="postgres://postgres@db.example:5432/c", DB_POOL="1")
    assert options["pool"] == {"min_size": 1, "max_size": 8}


def test_postgresql_prepares_the_queries_a_connection_repeats():
    url = "postgres://postgres@db.example:5432/c"
    # psycopg's own threshold for the queries that bind on the server.
    assert _options(DATABASE_URL=url)["prepare_threshold"] == 5
    assert "prepare_threshold" not in _options()  # SQLite has no such option


def test_production_pools_postgresql_connections_under_asgi():
    """Without a pool, every move on an online board opened a connection of its own."""
    url = "postgres://postgres@db.example:5432/crawford"
    env = PRODUCTION_ENV
    assert _options(**env, DATABASE_URL=url)["pool"]["max_size"] == 8
    assert _options(**env, DATABASE_URL=url, DB_POOL_SIZE="12")["pool"]["max_size"] == 12
    assert "pool" not in _options(**env, DATABASE_URL=url, DB_POOL="false")
    # gunicorn's workers (one thread each) keep their connection instead (config/gunicorn.py).
    assert "pool" not in _options(**env, DATABASE_URL=url, DB_CONN_MAX_AGE="600")
    assert "pool" not in _options(**env)  # SQLite


@needs_postgres
def test_the_production_pool_serves_threads_on_a_real_postgresql():
    code = (
        "import django; from concurrent.futures import ThreadPoolExecutor\n"
        "django.setup()\n"
        "from django.db import connection, close_old_connections\n"
        "def ask(n):\n"
        "    with connection.cursor() as c:\n"
        "        c.execute('SELECT %s', [n]); row = c.fetchone()[0]\n"
        "    close_old_connections(); connection.close(); return row\n"
        "with ThreadPoolExecutor(6) as pool: print(sum(pool.map(ask, range(60))))\n"
        "print(connection.pool is not None)\n"
    )
    url = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
    result = run_python(code, DATABASE_URL=url, **PRODUCTION_ENV)
    assert result.stdout.split() == [str(sum(range(60))), "True"], result.stderr


def make_dry_run(target: str) -> str:
    return subprocess.run(
        ["make", "-n", "-W", "pyproject.toml", target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout


def test_the_worker_does_not_run_beat_and_beat_is_its_own_target():
    worker = [line for line in make_dry_run("worker").splitlines() if "celery" in line]
    beat = [line for line in make_dry_run("beat").splitlines() if "celery" in line]
    assert len(worker) == 1 and "worker" in worker[0] and "--beat" not in worker[0]
    assert len(beat) == 1 and re.search(r"celery -A config beat\b", beat[0])


def test_the_operations_docs_say_how_to_run_it_for_real():
    readme = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    assert "DB_CONN_MAX_AGE=60" not in readme and "(60 in production)" not in readme
    assert "CONN_MAX_AGE" in readme and "make beat" in readme and "/healthz" in readme
    assert "worker --beat" not in readme
    assert "uvicorn" in readme and "daphne" in readme


# --- Security headers --------------------------------------------------------------------

SHOW_PRODUCTION = """
import json
from django.conf import settings
print(json.dumps({
    "csp": settings.CONTENT_SECURITY_POLICY,
    "middleware": settings.MIDDLEWARE,
    "log_formatter": settings.LOGGING["handlers"]["console"]["formatter"],
}))
"""


def production_settings() -> dict[str, object]:
    result = subprocess.run(
        [sys.executable, "-c", SHOW_PRODUCTION],
        cwd=ROOT,
        env={**dict(__import__("os").environ), **PRODUCTION_ENV},
        capture_output=True,
        text=True,
        timeout=120,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_production_sends_a_content_security_policy_and_logs_json():
    shown = production_settings()
    policy = dict(part.strip().split(" ", 1) for part in str(shown["csp"]).split(";"))
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"
    assert "unsafe-inline" not in str(shown["csp"]) and "unsafe-eval" not in str(shown["csp"])
    middleware = list(shown["middleware"])  # type: ignore[call-overload]
    assert middleware.index("config.security.SecurityHeadersMiddleware") == 1
    assert shown["log_formatter"] == "json"


@pytest.fixture
def production_headers(settings):
    from config import security

    settings.CONTENT_SECURITY_POLICY = security.CONTENT_SECURITY_POLICY
    settings.PERMISSIONS_POLICY = security.PERMISSIONS_POLICY
    settings.CROSS_ORIGIN_RESOURCE_POLICY = "same-origin"


@pytest.mark.django_db
def test_pages_carry_the_headers(client, production_headers):
    response = client.get("/")
    assert response["Content-Security-Policy"].startswith("default-src 'self'")
    assert "camera=()" in response["Permissions-Policy"]
    assert response["Cross-Origin-Resource-Policy"] == "same-origin"


@pytest.mark.django_db
def test_pages_have_no_inline_scripts_styles_or_handlers(client, make_tournament, organizer):
    """What the policy forbids must not be in the pages (the browser test runs them)."""
    tournament = make_tournament(4, format="single_elimination")
    client.force_login(organizer)
    urls = [
        "/",
        "/clubs/",
        tournament.get_absolute_url(),
        reverse("tournaments:standings", args=[tournament.club.slug, tournament.slug]),
        reverse("tournaments:bracket", args=[tournament.club.slug, tournament.slug, "main"]),
        reverse("tournaments:manage", args=[tournament.club.slug, tournament.slug]),
        reverse("notifications:list"),
        reverse("api:docs"),
    ]
    for url in urls:
        html = client.get(url).content.decode()
        assert not re.search(r"\son[a-z]+=", html), url
        assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)", html), url
        assert " style=" not in html and "<style" not in html, url


async def test_the_headers_middleware_works_without_a_thread_hop(settings):
    from django.http import HttpResponse

    from config.security import SecurityHeadersMiddleware

    settings.CONTENT_SECURITY_POLICY = "default-src 'self'"

    async def view(request):
        return HttpResponse("ok")

    middleware = SecurityHeadersMiddleware(view)
    response = await middleware(object())
    assert response["Content-Security-Policy"] == "default-src 'self'"


SHOW_GC = """
import gc, json
import config.asgi
print(json.dumps({"threshold": gc.get_threshold(), "frozen": gc.get_freeze_count()}))
"""


def _gc_after(script: str, **env: str) -> dict[str, object]:
    """The collector's state that ``script`` prints last, run with ``env``."""
    return json.loads(run_python(script, **env).stdout.strip().splitlines()[-1])


def test_production_websocket_processes_tune_the_garbage_collector():
    """Its pauses hold up every board of the process (README): in production what start-up
    loaded is frozen and the young objects are collected less often; not on the embedded
    defaults (SQLite)."""
    tuned = _gc_after(SHOW_GC, **PRODUCTION_ENV)
    assert tuned["threshold"] == [50_000, 20, 10] and int(tuned["frozen"]) > 10_000
    default = _gc_after(SHOW_GC)
    assert default == {"threshold": [700, 10, 10], "frozen": 0}


SHOW_WEB_GC = """
import gc, json, runpy
import config.wsgi
runpy.run_path("config/gunicorn.py")["post_worker_init"](None)
print(json.dumps({"threshold": gc.get_threshold(), "frozen": gc.get_freeze_count()}))
"""


def test_production_web_workers_tune_the_garbage_collector_once_the_app_is_loaded():
    """gunicorn's hook after a worker loaded the app: tuned as the websocket processes in
    production, untouched on the embedded defaults."""
    tuned = _gc_after(SHOW_WEB_GC, **PRODUCTION_ENV)
    assert tuned["threshold"] == [50_000, 20, 10] and int(tuned["frozen"]) > 10_000
    default = _gc_after(SHOW_WEB_GC)
    assert default == {"threshold": [700, 10, 10], "frozen": 0}
