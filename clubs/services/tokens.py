"""A club's API tokens: create, revoke, and find the token behind a key.

Only a SHA-256 digest of the key is stored (``ApiToken.key``); the key itself is shown once,
when the token is created, like a password nobody can read back.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import ApiToken, Club
from config.errors import UserError
from config.logs import logged_service

KEY_PREFIX = "crw_"
#: ``last_used_at`` is written at most this often per token, not on every request.
USE_RESOLUTION = timedelta(minutes=5)


def key_digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


@logged_service("api_token_create")
@transaction.atomic
def api_token_create(*, club: Club, name: str, user: Any = None) -> tuple[ApiToken, str]:
    """A new token for the club; returns it with its key (the only time the key is known)."""
    name = " ".join(name.split())
    if not name:
        raise UserError(_("Give the token a name, e.g. the server that uses it."), field="name")
    if ApiToken.objects.filter(club=club, name__iexact=name).exists():
        raise UserError(_("This club already has a token with this name."), field="name")
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken(
        club=club,
        name=name,
        key=key_digest(key),
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    token.full_clean()
    token.save()
    return token, key


@logged_service("api_token_revoke")
@transaction.atomic
def api_token_revoke(*, token: ApiToken) -> None:
    """The token stops working at once."""
    token.delete()


def api_token_for_key(*, key: str) -> ApiToken | None:
    """The token with this key (and its club), noting when it was last used; None if unknown."""
    if not key or len(key) > 200:
        return None
    token = ApiToken.objects.select_related("club").filter(key=key_digest(key)).first()
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > USE_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token


def club_api_tokens(club: Club) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(club=club).select_related("created_by").order_by("name")
