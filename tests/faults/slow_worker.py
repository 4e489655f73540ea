"""A Celery worker whose first draw or first e-mail hangs, for the fault tests (run as a
subprocess: ``python -m tests.faults.slow_worker worker ...``).

With ``FAULT_SLOW_DRAW=<file>`` the first delivery of ``draw.pair_round`` draws the round,
writes that file and then waits, inside the delivery's transaction, until the test kills the
worker: the draw is made but never committed. Later draws (the file exists) run normally.

With ``FAULT_MAIL_DIR=<directory>`` e-mails are written there (Django's file backend), for the
test to count; with ``FAULT_SLOW_MAIL=<file>`` as well, the first one writes that file and
waits before it is handed to the backend, the notification locked, until the test kills the
worker. Later e-mails (the file exists) go out normally. With ``FAULT_HANG_AFTER_MAIL=<file>``
the first one is handed to the backend, then that file is written and the worker waits
before the notification is marked sent.
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


@worker_ready.connect
def _slow_first_mail(**_kwargs: object) -> None:
    directory = os.environ.get("FAULT_MAIL_DIR")
    if not directory:
        return
    from django.conf import settings

    from notifications import mail

    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = directory
    accepted = os.environ.get("FAULT_HANG_AFTER_MAIL")
    if accepted:
        _hang_after_first_mail(mail, Path(accepted))
    marker = os.environ.get("FAULT_SLOW_MAIL")
    if not marker:
        return
    plain = mail._send

    def slow(notification: object, address: str) -> None:
        path = Path(marker)
        if not path.exists():
            path.write_text("sending, not sent")
            time.sleep(120)  # the test kills the worker now
        plain(notification, address)  # type: ignore[arg-type]

    mail._send = slow  # type: ignore[assignment]


def _hang_after_first_mail(mail: object, marker: Path) -> None:
    """The first e-mail is handed to the backend (the mail server has it), then that file is
    written and the worker waits, before the notification is marked sent, until the test
    kills it. Later e-mails go out normally."""
    plain = mail._send  # type: ignore[attr-defined]

    def then_hang(notification: object, address: str) -> None:
        plain(notification, address)
        if not marker.exists():
            marker.write_text("accepted by the mail server, not marked sent")
            time.sleep(120)  # the test kills the worker now

    mail._send = then_hang  # type: ignore[attr-defined]


if __name__ == "__main__":
    app.worker_main(sys.argv[1:])
