"""Redis down: pages still serve without the cache, and ``/healthz`` says which part is down.

The cache here is the production one (``config.cache.DegradingRedisCache``) pointed at a port
where nothing answers, so these tests need no Redis server at all.
"""

from __future__ import annotations

import socket
import uuid

import pytest
from django.core.cache import cache
from django.urls import reverse

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: nothing answers there


@pytest.fixture
def redis_down(settings):
    settings.CACHES = {
        # Each process's own copy of cached pages (in front of the default cache), fresh.
        "pages": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"pages-{uuid.uuid4().hex}",
        },
        "default": {
            "BACKEND": "config.cache.DegradingRedisCache",
            "LOCATION": f"redis://127.0.0.1:{_closed_port()}/0",
            "KEY_PREFIX": "crawford",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        },
    }
    # The API's rate limits count in the cache: on, as in production.
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": "60/min", "user": "120/min", "token": "300/min"},
    }


def test_the_cache_down_reads_as_a_miss_and_skips_writes(redis_down):
    cache.set("k", "v")
    assert cache.get("k", "default") == "default"
    assert cache.add("k", "v") is False
    assert cache.get_many(["k"]) == {}
    assert cache.get_or_set("k", "computed") == "computed"


def test_pages_and_the_api_serve_with_the_cache_down(client, redis_down, make_tournament):
    tournament = make_tournament(4, is_published=True)
    assert client.get(reverse("home")).status_code == 200
    response = client.get(reverse("api:tournaments"))  # rate-limited in the cache
    assert response.status_code == 200
    assert tournament.name in response.content.decode()
    assert Tournament.objects.count() == 1


def test_health_says_the_cache_is_down(client, redis_down):
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["cache"] == "down"
    assert response.json()["database"] == "ok"
