"""Every API error has one shape, with a translated message (``Accept-Language``):

``{"code": "...", "detail": "first message", "errors": {"field": ["message", ...]}}``

``errors`` names the request's fields (``games.2.cube``; ``non_field_errors`` for the request
as a whole) and is there for invalid input; a match-file error adds ``line`` or ``game`` and
``move``. Conflicts with the match's state (already over, already has games, changed since
``version``) answer 409, other refusals 400.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from config.errors import UserError

NON_FIELD = "non_field_errors"
CONFLICTS = {"stale", "match_over", "has_games", "games_entered"}


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = _("The request is too large.")
    default_code = "too_large"


def _flatten(errors: Any, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested errors as ``{"games.0.kind": [...]}``."""
    flat: dict[str, list[str]] = {}
    if isinstance(errors, dict):
        for key, value in errors.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            for field, messages in _flatten(value, name).items():
                flat.setdefault(field, []).extend(messages)
    elif isinstance(errors, list) and errors and all(isinstance(e, str) for e in errors):
        flat[prefix or NON_FIELD] = [str(e) for e in errors]
    elif isinstance(errors, list):
        for index, value in enumerate(errors):
            if value:
                name = f"{prefix}.{index}" if prefix else str(index)
                for field, messages in _flatten(value, name).items():
                    flat.setdefault(field, []).extend(messages)
    else:
        flat[prefix or NON_FIELD] = [str(errors)]
    return flat


def _first_code(codes: Any) -> str:
    while isinstance(codes, dict | list):
        if not codes:
            return "invalid"
        codes = next(iter(codes.values())) if isinstance(codes, dict) else codes[0]
    return str(codes or "invalid")


def user_error_response(error: DjangoValidationError) -> Response:
    messages = [str(m) for m in error.messages]
    code = getattr(error, "code", None) or "invalid"
    field = getattr(error, "field", None) or NON_FIELD
    body: dict[str, Any] = {"code": code, "detail": messages[0], "errors": {field: messages}}
    for where in ("line", "game", "move"):
        value = getattr(error, where, None)
        if value is not None:
            body[where] = value
    conflict = isinstance(error, UserError) and code in CONFLICTS
    return Response(body, status=status.HTTP_409_CONFLICT if conflict else 400)


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DjangoValidationError):
        return user_error_response(exc)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    if isinstance(exc, exceptions.ValidationError):
        errors = _flatten(exc.detail)
        first = next(iter(errors.values()), [""])[0]
        response.data = {"code": _first_code(exc.get_codes()), "detail": first, "errors": errors}
    else:
        response.data = {"code": _first_code(exc.get_codes()), "detail": str(exc.detail)}
    return response
