"""Rate limits: log-in attempts per account and address (django-axes), API requests per
address, user and club token (DRF throttles). The online board's limit is tested with the
consumer (tests/play/test_consumer_limits.py)."""

from __future__ import annotations

import os
import socket
import threading
import time
import uuid

import pytest
from django.core.cache import cache
from django.urls import reverse

from clubs.services.tokens import api_token_create
from tests.conftest import REDIS_URL, needs_redis
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def axes_on(settings):
    settings.AXES_ENABLED = True
    settings.AXES_FAILURE_LIMIT = 5


def log_in(client, username, password, address="10.0.0.1", language="en"):
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
        HTTP_ACCEPT_LANGUAGE=language,
    )


def test_wrong_passwords_lock_the_account_for_that_address(client, axes_on):
    UserFactory(username="ann")
    for _attempt in range(4):
        response = log_in(client, "ann", "wrong")
        assert response.status_code == 200  # the form again, with its error
    response = log_in(client, "ann", "wrong")
    assert response.status_code == 429
    assert "Log-in locked" in response.content.decode()
    # Now even the right password is refused, and nobody is logged in.
    response = log_in(client, "ann", PASSWORD)
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_sixty_wrong_passwords_do_not_end_in_a_log_in(client, axes_on):
    UserFactory(username="ann")
    codes = [log_in(client, "ann", f"guess-{n}").status_code for n in range(60)]
    assert codes.count(429) >= 55
    assert log_in(client, "ann", PASSWORD).status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_lock_is_per_account_and_address(client, axes_on):
    UserFactory(username="ann")
    UserFactory(username="bob")
    for _attempt in range(5):
        log_in(client, "ann", "wrong", address="10.0.0.1")
    assert log_in(client, "ann", PASSWORD, address="10.0.0.1").status_code == 429
    # Ann from home, and Bob from the same address, still get in.
    assert log_in(client, "ann", PASSWORD, address="10.0.0.2").status_code == 302
    client.logout()
    assert log_in(client, "bob", PASSWORD, address="10.0.0.1").status_code == 302


def test_a_right_password_before_the_limit_starts_the_count_again(client, axes_on):
    UserFactory(username="ann")
    for _attempt in range(4):
        log_in(client, "ann", "wrong")
    assert log_in(client, "ann", PASSWORD).status_code == 302
    client.logout()
    for _attempt in range(4):
        assert log_in(client, "ann", "wrong").status_code == 200


def test_the_lockout_page_is_translated(client, axes_on):
    UserFactory(username="ann")
    for _attempt in range(5):
        response = log_in(client, "ann", "wrong", language="de")
    assert response.status_code == 429
    page = response.content.decode()
    assert "Anmeldung gesperrt" in page
    assert "15 Minuten" in page


# --- The API ------------------------------------------------------------------------------


@pytest.fixture
def api_rates(settings, own_caches):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": "5/min", "user": "8/min", "token": "10/min"},
    }
    assert cache.get("throttle_anon_10.0.0.1") is None


def test_anonymous_api_reads_are_limited_per_address(client, api_rates):
    codes = [client.get("/api/tournaments", REMOTE_ADDR="10.0.0.1").status_code for _ in range(7)]
    assert codes == [200] * 5 + [429] * 2
    response = client.get("/api/tournaments", REMOTE_ADDR="10.0.0.1")
    assert response.json()["code"] == "throttled"
    assert int(response["Retry-After"]) > 0
    assert client.get("/api/tournaments", REMOTE_ADDR="10.0.0.2").status_code == 200


def test_logged_in_users_have_their_own_rate(client, api_rates):
    client.force_login(UserFactory(username="ann"))
    codes = [client.get("/api/tournaments").status_code for _ in range(9)]
    assert codes == [200] * 8 + [429]


def test_a_club_token_has_its_own_rate(client, api_rates, club, organizer):
    key = api_token_create(club=club, name="Results server", user=organizer)[1]
    auth = {"HTTP_AUTHORIZATION": f"Token {key}"}
    # The token's calls do not use up the address's anonymous allowance, and vice versa.
    codes = [client.get("/api/tournaments", **auth).status_code for _ in range(11)]
    assert codes == [200] * 10 + [429]
    assert client.get("/api/tournaments").status_code == 200


@needs_redis
def test_on_redis_a_caller_is_counted_in_one_small_counter(client, settings):
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "config.cache.DegradingRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": f"rates-{uuid.uuid4().hex}",
        },
    }
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": "5/min", "user": "8/min", "token": "10/min"},
    }
    codes = [client.get("/api/tournaments", REMOTE_ADDR="10.0.0.7").status_code for _ in range(7)]
    assert codes == [200] * 5 + [429] * 2
    response = client.get("/api/tournaments", REMOTE_ADDR="10.0.0.7")
    assert 0 < int(response["Retry-After"]) <= 60
    assert cache.get("throttle_anon_10.0.0.7") == 8  # a number, not a list of every request
    redis_key = cache.make_and_validate_key("throttle_anon_10.0.0.7")
    assert 0 < cache._cache.get_client(redis_key).ttl(redis_key) <= 60  # the window ends
    assert client.get("/api/tournaments", REMOTE_ADDR="10.0.0.8").status_code == 200


@needs_redis
def test_on_redis_the_count_starts_again_when_its_window_ends(settings):
    from config.cache import DegradingRedisCache, count_hit

    redis_cache = DegradingRedisCache(REDIS_URL, {"KEY_PREFIX": f"rates-{uuid.uuid4().hex}"})
    assert [count_hit(redis_cache, "k", 1)[0] for _ in range(3)] == [1, 2, 3]
    count, left = count_hit(redis_cache, "k", 1)
    assert count == 4 and 0 <= left <= 1
    time.sleep(2.1)  # Redis expires keys to the millisecond
    assert count_hit(redis_cache, "k", 1)[0] == 1


@needs_redis
def test_on_redis_a_counter_without_a_lifetime_gets_one():
    from config.cache import DegradingRedisCache, count_hit

    redis_cache = DegradingRedisCache(REDIS_URL, {"KEY_PREFIX": f"rates-{uuid.uuid4().hex}"})
    redis_key = redis_cache.make_and_validate_key("k")
    client = redis_cache._cache.get_client(redis_key, write=True)
    client.set(redis_key, 5)  # as an older counter, or a write by hand, could leave it
    count, left = count_hit(redis_cache, "k", 30)
    assert count == 6 and left == 30
    assert 0 < client.ttl(redis_key) <= 30


def _in_use(redis_cache, key="k"):
    redis_key = redis_cache.make_and_validate_key(key)
    return len(
        redis_cache._cache.get_client(redis_key, write=True).connection_pool._in_use_connections
    )


@needs_redis
def test_on_redis_a_count_during_a_query_counts_as_the_usual_way():
    from config.cache import DegradingRedisCache, count_hit, count_hit_during

    redis_cache = DegradingRedisCache(REDIS_URL, {"KEY_PREFIX": f"rates-{uuid.uuid4().hex}"})
    assert count_hit_during(redis_cache, "k", 30, lambda: "page") == ("page", (1, 30.0))
    assert count_hit(redis_cache, "k", 30)[0] == 2
    result, (count, left) = count_hit_during(redis_cache, "k", 30, lambda: "page")
    assert (result, count) == ("page", 3) and 0 < left <= 30
    assert _in_use(redis_cache) == 0  # its connection back in the pool


@needs_redis
def test_on_redis_a_failing_query_leaves_no_answer_behind_for_the_next_count():
    from config.cache import DegradingRedisCache, count_hit, count_hit_during

    redis_cache = DegradingRedisCache(REDIS_URL, {"KEY_PREFIX": f"rates-{uuid.uuid4().hex}"})
    assert count_hit(redis_cache, "other", 30)[0] == 1

    def failing():
        raise RuntimeError("the database went away")

    with pytest.raises(RuntimeError):
        count_hit_during(redis_cache, "k", 30, failing)
    assert _in_use(redis_cache) == 0
    # The unread answer (the count of "k") must not be taken for the next command's.
    assert count_hit(redis_cache, "other", 30)[0] == 2
    assert count_hit(redis_cache, "k", 30)[0] == 2


@needs_redis
def test_on_redis_a_count_during_a_query_survives_redis_forgetting_its_script():
    from config.cache import DegradingRedisCache, count_hit, count_hit_during

    redis_cache = DegradingRedisCache(REDIS_URL, {"KEY_PREFIX": f"rates-{uuid.uuid4().hex}"})
    assert count_hit(redis_cache, "k", 30)[0] == 1
    redis_key = redis_cache.make_and_validate_key("k")
    redis_cache._cache.get_client(redis_key, write=True).script_flush()  # as a restart does
    assert count_hit_during(redis_cache, "k", 30, lambda: "page") == ("page", (2, 30.0))
    assert _in_use(redis_cache) == 0


@needs_redis
def test_on_redis_each_thread_counts_on_its_own_connection():
    from config.cache import DegradingRedisCache, count_hit_during

    redis_cache = DegradingRedisCache(REDIS_URL, {"KEY_PREFIX": f"rates-{uuid.uuid4().hex}"})
    counts: dict[int, list[int]] = {}

    def count(thread: int) -> None:
        found = counts[thread] = []
        for _ in range(40):
            result, (hits, _left) = count_hit_during(redis_cache, f"k{thread}", 30, lambda: thread)
            assert result == thread
            found.append(hits)

    threads = [threading.Thread(target=count, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # No thread read another's answer.
    assert counts == {n: list(range(1, 41)) for n in range(4)}


@needs_redis
def test_on_redis_a_count_after_redis_closed_its_connection_is_counted():
    from config.cache import DegradingRedisCache, count_hit_during

    redis_cache = DegradingRedisCache(REDIS_URL, {"KEY_PREFIX": f"rates-{uuid.uuid4().hex}"})
    assert count_hit_during(redis_cache, "k", 30, lambda: "page")[1][0] == 1
    host, port = redis_cache._counting.kept[1]._sock.getsockname()[:2]
    redis_key = redis_cache.make_and_validate_key("k")
    # As Redis's idle timeout, or a restart, closes a kept connection.
    redis_cache._cache.get_client(redis_key, write=True).client_kill(f"{host}:{port}")
    assert count_hit_during(redis_cache, "k", 30, lambda: "page")[1][0] == 2
    assert count_hit_during(redis_cache, "k", 30, lambda: "page")[1][0] == 3


@needs_redis
def test_on_redis_a_forked_process_counts_on_a_connection_of_its_own():
    from config.cache import DegradingRedisCache, count_hit_during

    redis_cache = DegradingRedisCache(REDIS_URL, {"KEY_PREFIX": f"rates-{uuid.uuid4().hex}"})
    assert count_hit_during(redis_cache, "parent", 30, lambda: None)[1][0] == 1
    child = os.fork()
    if child == 0:  # a gunicorn worker forked from its master
        try:
            ok = [count_hit_during(redis_cache, "child", 30, lambda: None)[1][0] for _ in range(20)]
            os._exit(0 if ok == list(range(1, 21)) else 1)
        finally:
            os._exit(2)
    # Meanwhile the parent counts on the connection it kept: the two never share a socket.
    mine = [count_hit_during(redis_cache, "parent", 30, lambda: None)[1][0] for _ in range(20)]
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert mine == list(range(2, 22))


def test_without_redis_a_count_during_a_query_still_serves_the_query():
    from config.cache import DegradingRedisCache, count_hit_during

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    down = DegradingRedisCache(f"redis://127.0.0.1:{port}/0", {"OPTIONS": {}})
    assert count_hit_during(down, "k", 30, lambda: "page") == ("page", (0, 0.0))


def test_the_rates_are_in_the_settings():
    from django.conf import settings

    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert set(rates) == {"anon", "user", "token"}


def test_behind_a_proxy_the_lock_counts_the_clients_address(client, axes_on, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    UserFactory(username="ann")
    for _attempt in range(5):
        client.post(
            reverse("login"),
            {"username": "ann", "password": "wrong"},
            REMOTE_ADDR="10.0.0.254",  # the proxy
            HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7",  # a forged hop, then the client
        )
    locked = client.post(
        reverse("login"),
        {"username": "ann", "password": PASSWORD},
        REMOTE_ADDR="10.0.0.254",
        HTTP_X_FORWARDED_FOR="203.0.113.7",
    )
    assert locked.status_code == 429
    # Another client behind the same proxy is not locked out.
    other = client.post(
        reverse("login"),
        {"username": "ann", "password": PASSWORD},
        REMOTE_ADDR="10.0.0.254",
        HTTP_X_FORWARDED_FOR="198.51.100.9",
    )
    assert other.status_code == 302
