"""Security headers Django does not set itself: Content-Security-Policy (Django 5.2 has no
built-in CSP), Permissions-Policy and Cross-Origin-Resource-Policy.

Every asset is served by the app itself (no CDN), scripts and styles only from files (no
inline ``<script>``, ``onclick=`` or ``style=``), so the policy is ``'self'`` throughout. The
headers come from the settings ``CONTENT_SECURITY_POLICY``, ``PERMISSIONS_POLICY`` and
``CROSS_ORIGIN_RESOURCE_POLICY``; an empty value leaves a header out, and a header a view set
itself is kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from django.http import HttpRequest, HttpResponse

#: The policy of config.settings_production.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        # 'self' covers the board's websocket (ws:/wss: to the same host) in CSP Level 3.
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"


class SecurityHeadersMiddleware:
    """Adds the headers; sync and async, so it costs no thread hop under ASGI."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        if iscoroutinefunction(self.get_response):
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if iscoroutinefunction(self):
            return self.__acall__(request)
        return add_headers(self.get_response(request))

    async def __acall__(self, request: HttpRequest) -> HttpResponse:
        return add_headers(await self.get_response(request))


def add_headers(response: HttpResponse) -> HttpResponse:
    headers = {
        "Content-Security-Policy": getattr(settings, "CONTENT_SECURITY_POLICY", ""),
        "Permissions-Policy": getattr(settings, "PERMISSIONS_POLICY", ""),
        "Cross-Origin-Resource-Policy": getattr(settings, "CROSS_ORIGIN_RESOURCE_POLICY", ""),
    }
    for name, value in headers.items():
        if value and name not in response:
            response[name] = value
    return response
