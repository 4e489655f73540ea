"""Structured logs: one JSON object a line in production, and the service layer's two kinds of
line, a changed result and a refused action.

``@logged_service("match_record_game", result_change=True)`` on a service writes

- ``result_changed`` once the change is committed (a rolled-back change is not logged), with
  the match's id, score, status, outcome and version, and who made it;
- ``refused`` when it raises a :class:`~config.errors.UserError`, with the service, the error's
  code and field, its message and the ids the service was called with. A refusal that passes
  through several logged services is logged once, by the innermost.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

from django.db import transaction

from config.errors import UserError

logger = logging.getLogger("crawford.services")

F = TypeVar("F", bound=Callable[..., Any])

#: ``LogRecord`` attributes that are not extra fields.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """A log record as one JSON object: time, level, logger, message and the extra fields."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                data[key] = value
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return json.dumps(data, default=str, ensure_ascii=False)


def _ids(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The arguments of a service call as ids and plain values, for a log line."""
    out: dict[str, Any] = {}
    for name, value in kwargs.items():
        if name in ("user", "by"):
            name, value = f"{name}_id", getattr(value, "pk", None)
        elif hasattr(value, "pk"):
            name, value = f"{name}_id", value.pk
        elif isinstance(value, list | tuple) and len(value) > 20:
            value = f"{len(value)} items"
        elif not isinstance(value, str | int | float | bool | type(None) | list | tuple):
            continue
        out[name] = value
    return out


def _with(fields: dict[str, Any], ids: dict[str, Any]) -> dict[str, Any]:
    """``fields`` and the ``ids``; an id named like a field or a log record attribute
    (``name``) gets an ``_arg`` suffix."""
    out = dict(fields)
    for key, value in ids.items():
        out[f"{key}_arg" if key in out or key in _STANDARD else key] = value
    return out


def log_refused(service: str, error: UserError, ids: dict[str, Any]) -> None:
    if getattr(error, "_crawford_logged", False):
        return
    error._crawford_logged = True  # type: ignore[attr-defined]
    fields = {
        "event": "refused",
        "service": service,
        "code": error.code,
        "field": error.field,
        "detail": " ".join(str(m) for m in error.messages),
    }
    logger.info("refused %s: %s", service, error.code, extra=_with(fields, ids))


def log_result_change(service: str, match: Any, *, user: Any = None) -> None:
    """Log, once the transaction commits, that ``match``'s result changed."""
    fields = {
        "event": "result_changed",
        "service": service,
        "match_id": match.pk,
        "score": [match.score_a, match.score_b],
        "status": match.status,
        "outcome": match.outcome,
        "version": match.version,
        "user_id": getattr(user, "pk", None),
    }
    transaction.on_commit(
        lambda: logger.info("result changed: match %s", fields["match_id"], extra=fields)
    )


def logged_service(service: str, *, result_change: bool = False) -> Callable[[F], F]:
    def decorate(func: F) -> F:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                result = func(*args, **kwargs)
            except UserError as error:
                log_refused(service, error, _ids(kwargs))
                raise
            if result_change:
                match = getattr(result, "match", result)  # a Game, or the Match itself
                log_result_change(service, match, user=kwargs.get("user"))
            return result

        return wrapper  # type: ignore[return-value]

    return decorate


# --- The console: one line per request ----------------------------------------------------------


class ClientErrorWithoutTraceback(logging.Filter):
    """``django.request``'s line for a 4xx (a refused permission, a page not found) without the
    traceback of the exception that made it: it is the user's mistake, not the program's."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and status < 500:
            record.exc_info = None
            record.exc_text = None
        return True


class ServerLineOnlyForSuccess(logging.Filter):
    """The development server's access line, only where ``django.request`` has not already
    written one (it writes one for every 4xx and 5xx): one line per request."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)  # django.server (runserver)
        if status is None and isinstance(record.args, dict):
            status = record.args.get("status")  # django.channels.server (daphne's runserver)
        return not (isinstance(status, int) and status >= 400)
