"""The page django-axes shows when log-ins to an account from an address are locked."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def lockout_response(
    request: HttpRequest, original_response: Any = None, credentials: Any = None
) -> HttpResponse:
    """429 with a translated page saying how long the lock lasts."""
    cool_off = settings.AXES_COOLOFF_TIME
    context = {
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "cooloff_minutes": int(cool_off.total_seconds() // 60) if cool_off else None,
    }
    return render(request, "registration/locked_out.html", context, status=429)
