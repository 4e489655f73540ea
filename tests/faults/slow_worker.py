"""A Celery worker whose first draw hangs, for the fault tests (run as a subprocess:
``python -m tests.faults.slow_worker worker ...``).

With ``FAULT_SLOW_DRAW=<file>`` the first delivery of ``draw.pair_round`` draws the round,
writes that file and then waits, inside the delivery's transaction, until the test kills the
worker: the draw is made but never committed. Later draws (the file exists) run normally.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
from pathlib import Path

from celery.signals import worker_ready

from config.celery import app


@worker_ready.connect
def _slow_first_draw(**_kwargs: object) -> None:
    marker = os.environ.get("FAULT_SLOW_DRAW")
    if not marker:
        return
    from events.registry import listeners

    listener = listeners["draw.pair_round"]
    plain = listener.handle

    def slow(event: object) -> object:
        result = plain(event)
        path = Path(marker)
        if not path.exists():
            path.write_text("drawn, not committed")
            time.sleep(120)  # the test kills the worker now
        return result

    listeners["draw.pair_round"] = dataclasses.replace(listener, handle=slow)


if __name__ == "__main__":
    app.worker_main(sys.argv[1:])
