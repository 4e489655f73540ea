"""Production settings: everything in ``config.settings``, hardened.

``SECRET_KEY`` and ``ALLOWED_HOSTS`` must come from the environment; there are no defaults.
``python manage.py check --deploy --settings=config.settings_production`` reports nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from config import security
from config.env import env_bool, env_list, pool_connections
from config.settings import *  # noqa: F403
from config.settings import BASE_DIR, DATABASES, LOGGING

DEBUG = False

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if len(SECRET_KEY) < 50 or SECRET_KEY.startswith("django-insecure"):
    raise ImproperlyConfigured(
        "Set SECRET_KEY to a random value of at least 50 characters for production."
    )
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("Set ALLOWED_HOSTS (comma-separated) for production.")

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
X_FRAME_OPTIONS = "DENY"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
# A load balancer asks /healthz over plain HTTP; everything else is redirected to HTTPS.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# Content-Security-Policy and the other headers Django does not set (config/security.py).
CONTENT_SECURITY_POLICY = os.environ.get(
    "CONTENT_SECURITY_POLICY", security.CONTENT_SECURITY_POLICY
)
PERMISSIONS_POLICY = security.PERMISSIONS_POLICY
CROSS_ORIGIN_RESOURCE_POLICY = "same-origin"

# Database connections under ASGI (daphne): CONN_MAX_AGE stays 0 there, and without a pool every
# request and every move on an online board would open a PostgreSQL connection of its own
# (benchmarks/online.py, 300 games: a move reached the opponent in p50 25 ms, p95 152 ms; with
# the pool 6 and 30). So production pools them with psycopg's pool unless DB_POOL=false, or
# keeps them (gunicorn's workers, one thread each: DB_CONN_MAX_AGE 600, config/gunicorn.py).
# A daphne process runs its database work on up to 7 threads (Django's and asgiref's).
pool_connections(DATABASES["default"], default=True)

# The websocket processes' garbage collector tuned for hundreds of open boards (config/asgi.py).
ASGI_GC_TUNING = env_bool("ASGI_GC_TUNING", True)
# And for the web workers (config/gunicorn.py): big pages are built with fewer pauses.
WEB_GC_TUNING = env_bool("WEB_GC_TUNING", True)

# Structured logs: one JSON object a line (LOG_FORMAT=text for plain lines).
LOGGING["handlers"]["console"]["formatter"] = os.environ.get("LOG_FORMAT", "json")

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# Where collectstatic puts the static files, which the proxy serves itself (deploy/nginx/).
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
