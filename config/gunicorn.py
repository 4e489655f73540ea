"""gunicorn's settings for Crawford's HTTP (pages and the API): ``gunicorn -c config/gunicorn.py``.

Sync workers, one per core: a page is served in one thread without the hops between an event
loop and a sync thread that every sync view costs under daphne or uvicorn (a hello-world view
with the whole middleware chain: 961 requests/s against 165–196 on the same core). Websockets
(``/ws/``) are daphne's (``config.asgi``); the proxy in front routes them there
(docs/operations.md).
Environment: ``WEB_BIND`` (``127.0.0.1:8000``), ``WEB_WORKERS`` (the cores), ``WEB_TIMEOUT``.
"""

from __future__ import annotations

import os

from django.conf import settings

from config import gctuning

wsgi_app = "config.wsgi:application"
bind = os.environ.get("WEB_BIND", "127.0.0.1:8000").split(",")
workers = int(os.environ.get("WEB_WORKERS", "0")) or (os.cpu_count() or 1)
worker_class = "sync"
# A sync worker serves one request at a time: a slow client would hold it, so the proxy in
# front buffers requests and responses (nginx does by default).
timeout = int(os.environ.get("WEB_TIMEOUT", "30"))
keepalive = 5
# One thread per worker, so one database connection each, kept between requests (under
# ASGI persistent connections must stay off, see config/settings.py).
os.environ.setdefault("DB_CONN_MAX_AGE", "600")
accesslog = None


def post_worker_init(worker: object) -> None:
    """Once the worker has loaded the app: the garbage collector tuned as in the websocket
    processes (``config.gctuning``), where the setting ``WEB_GC_TUNING`` says (production).
    Building a 2,048-player Swiss's standings makes tens of thousands of objects; with the
    collector's defaults it walked the whole app's objects again and again on the way (the
    ranking 27 ms of CPU, 14 ms tuned)."""
    if settings.WEB_GC_TUNING:  # read once the worker has set Django up
        gctuning.tune()
