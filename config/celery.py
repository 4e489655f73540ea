"""The Celery application. Tasks live in each app's ``tasks.py`` and are found automatically."""

from __future__ import annotations

import os
from typing import Any

from billiard.process import current_process
from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_process_init
from django.conf import settings
from django.db import close_old_connections as close_old
from django.db import connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("crawford")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def close_old_connections(sender: Any = None, **_kwargs: Any) -> None:
    """Before and after each task, Django's own rule (as after a request): close a connection
    that is broken or older than its ``CONN_MAX_AGE``. A task run inline belongs to its
    caller's transaction and is left alone."""
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return
    close_old()


def keep_database_connections(**_kwargs: Any) -> None:
    """A worker process of the prefork pool runs one task at a time, so it keeps its database
    connection from one task to the next (``WORKER_DB_CONN_MAX_AGE`` seconds; one that was
    cut meanwhile is replaced before the task, ``config.postgresql``) instead of opening one
    per task, which costs more than a small task's own work. Celery's own closing after every
    task is spaced out (``CELERY_DB_REUSE_MAX``) and Django's rule applies instead. The web
    side keeps ``DB_CONN_MAX_AGE`` (config/settings.py)."""
    if current_process().name == "MainProcess":
        return  # the solo pool: a worker that may run inside another program (a test)
    age = settings.WORKER_DB_CONN_MAX_AGE
    for alias in connections:
        for settings_dict in (connections.settings[alias], connections[alias].settings_dict):
            # One task at a time needs no pool (production pools connections for the web
            # side's threads); a pool made before the fork would be shared with the parent.
            settings_dict.get("OPTIONS", {}).pop("pool", None)
            settings_dict["CONN_MAX_AGE"] = age


# Everywhere else (solo or thread pools, tasks run inline) CONN_MAX_AGE stays as configured
# (0: closed after each task, as Celery does by default).
task_prerun.connect(close_old_connections, weak=False)
task_postrun.connect(close_old_connections, weak=False)
worker_process_init.connect(keep_database_connections, weak=False)
