"""Reading the environment for the settings (``config.settings`` and
``config.settings_production``): flags, lists, and the settings built from them.
"""

from __future__ import annotations

import os
from typing import Any


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def pool_connections(database: dict[str, Any], *, default: bool) -> None:
    """psycopg's connection pool for a PostgreSQL database whose connections are not kept
    (``CONN_MAX_AGE`` 0), when ``DB_POOL`` says so (``default`` when unset): up to
    ``DB_POOL_SIZE`` connections per process (8; a daphne process runs its database work on
    up to 7 threads). One that PostgreSQL or the network cut while it idled in the pool is
    dropped, not handed out, by the app's backend (``config.postgresql``)."""
    if (
        database["ENGINE"].endswith("postgresql")
        and not database.get("CONN_MAX_AGE")
        and env_bool("DB_POOL", default)
    ):
        database.setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": int(os.environ.get("DB_POOL_SIZE", "8")),
        }


def redis_channel_layer(url: str) -> dict[str, Any]:
    """The channel layer on Redis at ``url``: Redis's publish/subscribe. A board's move
    reaches the other board through one PUBLISH, pushed to the processes that hold a board of
    the match; channels_redis's queues took a script and a blocking pop per message and per
    process (benchmarks/online.py, 300 games on two processes: a move seen by the opponent in
    p95 15 ms instead of 60, 3.8 ms of server CPU per action instead of 5.9). It keeps no
    message for a process that is not there: a board that missed one asks for the state."""
    return {
        # channels_redis's pub/sub layer, whose boards are told when it loses Redis.
        "BACKEND": "config.channels.PubSubChannelLayer",
        "CONFIG": {"hosts": [url], "prefix": "crawford"},
    }
