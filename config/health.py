"""``/healthz``: whether the parts the app needs answer, for a load balancer or a monitor.

``{"status": "ok", "database": "ok", "cache": "ok", "broker": "ok"}`` with HTTP 200 when every
required part is up, 503 when one is ``"down"``. With the embedded defaults Celery runs tasks
inline and there is no broker to ask: it is reported as ``"eager"`` and not required.
Each check is short and has a timeout, so a hanging service makes the answer "down", not slow.
"""

from __future__ import annotations

import logging
import uuid

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from kombu import Connection

logger = logging.getLogger("crawford.health")

OK, DOWN, EAGER = "ok", "down", "eager"
BROKER_TIMEOUT = 2.0  # seconds


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:
        logger.warning("health check: the database does not answer", exc_info=True)
        return DOWN
    return OK


def cache_status() -> str:
    key, token = "crawford:healthz", uuid.uuid4().hex
    try:
        cache.set(key, token, timeout=10)
        answer = cache.get(key)
    except Exception:
        logger.warning("health check: the cache does not answer", exc_info=True)
        return DOWN
    return OK if answer == token else DOWN


def broker_status() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return EAGER
    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=BROKER_TIMEOUT) as broker:
            # One attempt: kombu waits 2 s before a retry, and the monitor asks again anyway.
            broker.ensure_connection(max_retries=0, timeout=BROKER_TIMEOUT)
    except Exception:
        logger.warning("health check: the broker does not answer", exc_info=True)
        return DOWN
    return OK


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    parts = {
        "database": database_status(),
        "cache": cache_status(),
        "broker": broker_status(),
    }
    healthy = all(state != DOWN for state in parts.values())
    status = 200 if healthy else 503
    return JsonResponse({"status": OK if healthy else DOWN, **parts}, status=status)
