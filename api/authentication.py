"""``Authorization: Token <key>``: a club's API token (``clubs.ApiToken``).

A token stands for its club, not for a person: ``request.user`` stays anonymous and
``request.auth`` is the :class:`~clubs.models.ApiToken`.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.request import Request

from clubs.services.tokens import api_token_for_key

KEYWORD = "Token"


class ClubTokenAuthentication(BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != KEYWORD.lower().encode():
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(
                _("Send the token as the header “Authorization: Token <key>”.")
            )
        try:
            key = parts[1].decode("ascii")
        except UnicodeDecodeError:
            key = ""
        token = api_token_for_key(key=key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("This API token is unknown or was revoked."))
        return AnonymousUser(), token

    def authenticate_header(self, request: Request) -> str:
        return KEYWORD


class ClubTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = ClubTokenAuthentication
    name = "clubToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "A club's API token, sent as `Token <key>`.",
        }
