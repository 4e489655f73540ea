"""The cache on Redis that degrades to no cache when Redis is down.

Django's ``RedisCache`` raises when Redis does not answer, which turns every page that touches
the cache (the API's rate limits, for one) into a server error. Nothing Crawford keeps in the
cache is needed to serve a page, so a failing read here is a miss, a failing write is
skipped, and the failure is logged (at most every ``LOG_EVERY`` seconds, not once a request).
``/healthz`` still reports the cache as down: its written token does not come back.

Also each process's own cache in front of it, :class:`LocalCopiesCache` (``CACHES["pages"]``).
"""

from __future__ import annotations

import logging
import os
import pickle
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger("crawford.cache")

#: What a Redis that is down, restarting or hanging raises.
UNAVAILABLE = (RedisConnectionError, RedisTimeoutError, ConnectionError, TimeoutError, OSError)
#: Seconds between two warnings about a cache that does not answer.
LOG_EVERY = 60.0

T = TypeVar("T")


class ReusingRedisClient(RedisCacheClient):
    """Django's client makes a new ``redis.Redis`` for every command, and redis-py builds its
    table of response callbacks (a hundred entries) each time: most of what a cache hit or the
    API's rate limit costs. One ``redis.Redis`` per connection pool does the same work (it
    takes a connection from the pool per command, as before)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class DegradingRedisCache(RedisCache):
    """``RedisCache`` whose failures read as misses and skipped writes (see the module)."""

    _last_warning = 0.0

    def __init__(self, server: Any, params: Any) -> None:
        super().__init__(server, params)
        self._class = ReusingRedisClient
        self._scripts: dict[int, Any] = {}
        #: Each thread's connection for counting (``_counting_connection``).
        self._counting = threading.local()

    def _or(self, fallback: Any, call: Callable[[], Any]) -> Any:
        try:
            return call()
        except UNAVAILABLE as error:
            self._warn(error)
            return fallback

    @staticmethod
    def _warn(error: BaseException) -> None:
        now = time.monotonic()
        if now - DegradingRedisCache._last_warning >= LOG_EVERY:
            DegradingRedisCache._last_warning = now
            logger.warning("the cache does not answer, serving without it: %s", error)

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._or(
            False, lambda: super(DegradingRedisCache, self).add(key, value, timeout, version)
        )

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._or(
            default, lambda: super(DegradingRedisCache, self).get(key, default, version)
        )

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._or(
            None, lambda: super(DegradingRedisCache, self).set(key, value, timeout, version)
        )

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._or(
            False, lambda: super(DegradingRedisCache, self).touch(key, timeout, version)
        )

    def delete(self, key: Any, version: Any = None) -> Any:
        return self._or(False, lambda: super(DegradingRedisCache, self).delete(key, version))

    def get_many(self, keys: Any, version: Any = None) -> Any:
        return self._or({}, lambda: super(DegradingRedisCache, self).get_many(keys, version))

    def has_key(self, key: Any, version: Any = None) -> Any:
        return self._or(False, lambda: super(DegradingRedisCache, self).has_key(key, version))

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._or(
            list(data), lambda: super(DegradingRedisCache, self).set_many(data, timeout, version)
        )

    def delete_many(self, keys: Any, version: Any = None) -> Any:
        return self._or(None, lambda: super(DegradingRedisCache, self).delete_many(keys, version))

    def clear(self) -> Any:
        return self._or(False, lambda: super(DegradingRedisCache, self).clear())

    def count_hit(self, key: str, seconds: int) -> tuple[int, float]:
        """See :func:`count_hit`: one command (a counter that lives ``seconds`` from its
        first hit, raised by one, and its time left). Redis down: (0, 0), nothing counted."""
        redis_key = self.make_and_validate_key(key)

        def hit() -> tuple[int, float]:
            client = self._cache.get_client(redis_key, write=True)
            count, left = self._count_script(client)(keys=[redis_key], args=[seconds])
            return int(count), float(max(left, 0))

        return self._or((0, 0.0), hit)  # type: ignore[no-any-return]

    def _count_script(self, client: Any) -> Any:
        script = self._scripts.get(id(client))
        if script is None:
            script = self._scripts[id(client)] = client.register_script(_COUNT_HIT)
        return script

    def count_hit_during(
        self, key: str, seconds: int, work: Callable[[], T]
    ) -> tuple[T, tuple[int, float]]:
        """:meth:`count_hit` with ``work`` done while Redis answers: the command is sent,
        ``work`` runs (a query: its wait and Redis's overlap), then the answer is read. A
        failed send counts as :meth:`count_hit` does after ``work``; ``work``'s own error
        drops the connection (its answer unread) and goes up.

        On this thread's own connection (:meth:`_counting_connection`), not one from the
        pool: a count on a pooled connection made nine system calls, five of them the pool's
        check for unread data on every loan and its checks of the process id; here it makes
        four. That check has nothing to find on a connection that is dropped whenever an
        answer may be left unread."""
        # The rate limits' own keys (a scope and an address, account or token id): nothing
        # in them for the memcached-safety check to find.
        redis_key = self.make_key(key)
        try:
            connection, sha = self._counting_connection()
            connection.connect()  # if it is not (yet, or again)
        except UNAVAILABLE as error:  # Redis down: not counted
            self._drop_counting_connection()
            self._warn(error)
            return work(), (0, 0.0)
        try:
            connection.send_command("EVALSHA", sha, 1, redis_key, seconds)
        except UNAVAILABLE:  # a connection Redis dropped: the usual way, which connects again
            self._drop_counting_connection()
            return work(), self.count_hit(key, seconds)
        try:
            result = work()
        except BaseException:
            self._drop_counting_connection()
            raise
        try:
            count, left = connection.read_response()
        except NoScriptError:  # Redis restarted: the usual way loads the script again
            return result, self.count_hit(key, seconds)
        except UNAVAILABLE as error:
            self._drop_counting_connection()
            if isinstance(error, (RedisTimeoutError, TimeoutError)):  # hanging: not again
                self._warn(error)
                return result, (0, 0.0)
            # Closed by Redis while it waited (a restart, an idle timeout): counted the usual
            # way, which connects again.
            return result, self.count_hit(key, seconds)
        except BaseException:
            self._drop_counting_connection()
            raise
        return result, (int(count), float(max(left, 0)))

    def _counting_connection(self) -> tuple[Any, str]:
        """This thread's connection for :meth:`count_hit_during` (to the server that takes
        the writes), made with its pool's settings (timeouts included) and kept, and the
        counting script's digest; it connects on its first command. Not one a parent process
        made before forking this one (a gunicorn worker): the two would read each other's
        answers."""
        kept = getattr(self._counting, "kept", None)
        if kept is not None and kept[0] == _forks:
            return kept[1], kept[2]
        client = self._cache.get_client(write=True)
        pool = client.connection_pool
        connection = pool.connection_class(**pool.connection_kwargs)
        sha = self._count_script(client).sha
        self._counting.kept = (_forks, connection, sha)
        return connection, sha

    def _drop_counting_connection(self) -> None:
        """Closes this thread's counting connection (an answer may be left unread on it);
        the next count opens it again."""
        kept = getattr(self._counting, "kept", None)
        if kept is not None and kept[0] == _forks:
            kept[1].disconnect()


#: How many forks this process descends through (``os.register_at_fork``): a connection kept
#: under another number belongs to an ancestor.
_forks = 0


def _forked() -> None:
    global _forks
    _forks += 1


os.register_at_fork(after_in_child=_forked)


#: :meth:`DegradingRedisCache.count_hit` in Redis, atomic and in one round trip (a script
#: Redis keeps; redis-py sends it again after a restart of Redis): the counter raised by one,
#: its lifetime set at its first hit (or if it ever had none), and the seconds it has left.
_COUNT_HIT = """
local count = redis.call('INCR', KEYS[1])
local left = redis.call('TTL', KEYS[1])
if left < 0 then
    redis.call('EXPIRE', KEYS[1], ARGV[1])
    left = tonumber(ARGV[1])
end
return {count, left}
"""


def count_hit(cache: Any, key: str, seconds: int) -> tuple[int, float]:
    """Count one hit on ``key`` in ``cache``: (hits in the window, seconds until it ends). The
    window starts at the first hit and lasts ``seconds``. One counter, whatever the rate (a
    list of every hit's time, as DRF keeps, grows with the rate and travels both ways)."""
    own = getattr(cache, "count_hit", None)
    if own is not None:
        return own(key, seconds)  # type: ignore[no-any-return]
    for _ in range(3):
        cache.add(key, 0, seconds)
        try:
            return int(cache.incr(key)), float(seconds)
        except ValueError:  # expired between the two: start again
            continue
    return 1, float(seconds)


def count_hit_during(
    cache: Any, key: str, seconds: int, work: Callable[[], T]
) -> tuple[T, tuple[int, float]]:
    """``work()`` and :func:`count_hit`, their waits overlapping where the cache can (Redis:
    the count's round trip runs while ``work`` waits for the database)."""
    own = getattr(cache, "count_hit_during", None)
    if own is not None:
        return own(key, seconds, work)  # type: ignore[no-any-return]
    result = work()
    return result, count_hit(cache, key, seconds)


class LocalCopiesCache(LocMemCache):
    """This process's own cache (``CACHES["pages"]``: the pages and API reads cached whole,
    in front of Redis), which keeps a value that cannot change as it is: bytes, text,
    numbers, and tuples of them. ``LocMemCache`` pickles every value in and out, so that a
    caller cannot change the cached copy; for an API read cached whole that meant copying
    its body (176 KB for 500 matches) on every hit. Any other value is pickled as there."""

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        key = self.make_key(key, version=version)
        stored = _stored(value, self.pickle_protocol)
        with self._lock:
            if self._has_expired(key):
                self._set(key, stored, timeout)
                return True
            return False

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        # Not validated for memcached: kept in memory, any key will do.
        key = self.make_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._delete(key)
                return default
            stored = self._cache[key]
            self._cache.move_to_end(key, last=False)
        return stored.load() if type(stored) is _Pickled else stored

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        key = self.make_key(key, version=version)
        stored = _stored(value, self.pickle_protocol)
        with self._lock:
            self._set(key, stored, timeout)

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> Any:
        key = self.make_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._delete(key)
                raise ValueError(f"Key '{key}' not found")
            stored = self._cache[key]
            value = (stored.load() if type(stored) is _Pickled else stored) + delta
            self._cache[key] = _stored(value, self.pickle_protocol)
            self._cache.move_to_end(key, last=False)
        return value


class _Pickled:
    """A value :class:`LocalCopiesCache` keeps pickled (one that could change)."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data

    def load(self) -> Any:
        return pickle.loads(self.data)


#: What cannot change once made, all the way down (a tuple of these too).
_UNCHANGING = (bytes, str, int, float, bool, type(None))


def _unchanging(value: Any) -> bool:
    if type(value) in _UNCHANGING:
        return True
    return type(value) is tuple and all(_unchanging(item) for item in value)


def _stored(value: Any, protocol: int) -> Any:
    return value if _unchanging(value) else _Pickled(pickle.dumps(value, protocol))
