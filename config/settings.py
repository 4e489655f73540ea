"""Crawford settings.

Everything comes from the environment, with embedded defaults so that a newcomer needs nothing:
SQLite, Celery eager, local-memory cache, in-memory channel layer, console e-mail.
``DATABASE_URL`` switches to PostgreSQL, ``REDIS_URL`` to Redis for Celery, the cache and
the channel layer. ``config.settings_production`` is the hardened production path.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_list, pool_connections, redis_channel_layer

BASE_DIR = Path(__file__).resolve().parent.parent

SECRET_KEY = os.environ.get(
    "SECRET_KEY", "django-insecure-crawford-development-only-never-use-in-production"
)
DEBUG = env_bool("DEBUG", True)
# The websocket processes' garbage collector tuned for many open boards (config/asgi.py): on
# in production; off by default, where SQLite is the database (its statements lock tables
# until they are freed, and the tuning frees cyclic garbage later) and in the tests.
ASGI_GC_TUNING = env_bool("ASGI_GC_TUNING", False)
# The same for gunicorn's workers (config/gunicorn.py), where pages are built.
WEB_GC_TUNING = env_bool("WEB_GC_TUNING", False)
#: With DEBUG: Django's technical 404 and 500 pages instead of the app's own (config/pages.py).
DEBUG_TECHNICAL_PAGES = env_bool("DEBUG_TECHNICAL_PAGES", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_tables2",
    "django_filters",
    "rest_framework",
    "drf_spectacular",  # the API's OpenAPI schema at /api/schema/
    "drf_spectacular_sidecar",  # Swagger UI's assets served by us (no CDN)
    "simple_history",
    "events",
    "axes",  # log-in attempts limited per account and address
    "clubs",
    "tournaments",
    "chouettes",
    "matches",
    "ladders",
    "play",
    "ratings",
    "draw",
    "entries",  # sign-ups, the waiting list, join requests, invitations
    "standings",
    "money",
    "notifications",
    "analysis",  # match analysis with GNU Backgammon
    "recording",  # matches recorded on a clock beside a physical board
    "venue",  # the venue's tables and the calls of matches to them
    "control",  # the control room: the night's matches in their states, for the directors
    "api",
    "players",
    "pages",  # pages that compose several apps
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy and friends, as set below (production sets them).
    "config.security.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Links in mails use the request's address when SITE_URL is unset (config/site.py).
    "config.site.SiteOriginMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # A club's page read in English writes dates as the club's country does (config/dates.py).
    "config.dates.ClubDatesMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A NUL character anywhere in the address, the query or a form: a clear 400 before a
    # view hands it to the database (PostgreSQL refuses NUL in text).
    "config.null_characters.RejectNullCharactersMiddleware",
    # With DEBUG, the app's own 404 and 500 pages (config/pages.py) unless
    # DEBUG_TECHNICAL_PAGES asks for Django's technical ones.
    "config.pages.AppErrorPagesMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Turns a locked-out log-in into the lockout page; django-axes wants it last.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                # Pages cached whole for anonymous visitors: each gets his own CSRF token.
                "tournaments.pagecache.context",
            ],
        },
    }
]

# --- Database -------------------------------------------------------------------------------
# Crawford runs under ASGI (daphne or uvicorn), where Django's persistent connections must stay
# off: each request and each sync-to-async thread would keep a connection of its own open
# (one daphne process held 95 idle PostgreSQL connections). So CONN_MAX_AGE is 0; reuse
# connections with a pooler (PgBouncer) or psycopg's pool (``DB_POOL=true``, Django 5.1+).
DB_CONN_MAX_AGE = int(os.environ.get("DB_CONN_MAX_AGE", "0"))
# A Celery worker process runs one task at a time: it keeps its connection between tasks.
WORKER_DB_CONN_MAX_AGE = int(os.environ.get("WORKER_DB_CONN_MAX_AGE", "600"))
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=DB_CONN_MAX_AGE,
    )
}
pool_connections(DATABASES["default"], default=False)
# The few queries every cached page runs (its tournament's version) and an online action's save
# are prepared once per connection on PostgreSQL (config/db.py), and so is any query psycopg
# sees five times on a connection. Behind PgBouncer in transaction mode that needs PgBouncer
# 1.21 or later with max_prepared_statements set (docs/operations.md).
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 5
    # Django's backend, whose kept and pooled connections are checked before use without a
    # round trip: one cut while it idled (a restart, a failover) is replaced, not used.
    DATABASES["default"]["ENGINE"] = "config.postgresql"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: Celery broker, cache, channel layer ----------------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")

if REDIS_URL:
    CACHES = {
        "default": {
            # Redis down degrades to no cache (a miss, a skipped write), not to a 500.
            "BACKEND": "config.cache.DegradingRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "crawford",
            # A Redis that hangs must not hold a request for long.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
    }
    CHANNEL_LAYERS = {"default": redis_channel_layer(REDIS_URL)}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# Each process's own copy of the pages cached whole for anonymous visitors, in front of the
# default cache (tournaments.pagecache): their keys hold the tournament's version, so a copy
# is never stale, and a reload costs no round trip to Redis.
CACHES["pages"] = {
    "BACKEND": "config.cache.LocalCopiesCache",
    "LOCATION": "crawford-pages",
    "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("PAGE_CACHE_ENTRIES", "2000"))},
}

# Without Redis: kombu's in-memory transport, named with a host so that kombu does not warn
# "No hostname was supplied" (an eager task still takes a producer from its pool).
CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
CELERY_RESULT_BACKEND = None
# Without a broker, tasks run inline in the process that enqueues them.
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
# Celery closes a worker's database connections after every task unless this is set: they are
# kept instead and closed by Django's rule (WORKER_DB_CONN_MAX_AGE, see config/celery.py);
# Celery still closes them after this many tasks.
CELERY_DB_REUSE_MAX = 1000
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = "crawford"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A task taken by a worker that dies is delivered again after the visibility timeout; it must
# outlast the longest task (a 2-ply analysis of a long match), and the reconciler finishes
# what a lost message left undone long before it runs out.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 2 * 3600}
CELERY_TIMEZONE = "UTC"
#: How long (seconds) a delivery or a draw may still be on its way before the reconciler takes
#: it over (events/reconcile.py); unset means a minute.
EVENTS_RECONCILE_GRACE_SECONDS = os.environ.get("EVENTS_RECONCILE_GRACE_SECONDS") or None
#: Listeners that fail while tasks run inline raise into the caller (the test suite sets it);
#: otherwise they are logged and left pending for the reconciler.
EVENTS_RAISE_LISTENER_ERRORS = env_bool("EVENTS_RAISE_LISTENER_ERRORS", False)
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    # The reconciler: pending event deliveries and what a lost task left undone.
    "events-reconcile": {"task": "events.tasks.reconcile_all", "schedule": 60.0},
    # Notifications (notifications.tasks): each is idempotent, a missed or doubled beat harmless.
    "notify-deadlines": {"task": "notifications.tasks.notify_deadlines", "schedule": 600.0},
    "notify-overdue": {"task": "notifications.tasks.notify_overdue", "schedule": 900.0},
    "notify-registrations": {"task": "notifications.tasks.notify_registrations", "schedule": 300.0},
    "notify-check-in": {"task": "notifications.tasks.notify_check_in", "schedule": 900.0},
    "notify-ready-matches": {"task": "notifications.tasks.notify_ready_matches", "schedule": 600.0},
    # Ladders: forfeits, lapsed challenges, drops for not playing (idempotent within a day).
    "ladders-tick": {"task": "ladders.tasks.tick_all", "schedule": 3600.0},
}

# --- Match analysis with GNU Backgammon (a separate program, GPL: never imported) -------------
#: The gnubg program: a path or a name on the PATH (Debian installs /usr/games/gnubg).
GNUBG_PATH = os.environ.get(
    "GNUBG_PATH", "/usr/games/gnubg" if Path("/usr/games/gnubg").exists() else "gnubg"
)
#: The longest one gnubg run may take (a 25-point match at 2-ply takes minutes).
GNUBG_TIMEOUT = float(os.environ.get("GNUBG_TIMEOUT", "1800"))
#: How often a failing gnubg run is tried before the analysis is failed with its reason.
ANALYSIS_ATTEMPTS = int(os.environ.get("ANALYSIS_ATTEMPTS", "3"))
#: Matches with fewer decisions (both kinds) are left out of a tournament's error rates.
ANALYSIS_MIN_DECISIONS = int(os.environ.get("ANALYSIS_MIN_DECISIONS", "20"))
#: A worker process on PostgreSQL hands its gnubg the next queued analysis before the one it
#: runs is stored (analysis.claims), and goes on down the queue for so many seconds per task
#: (0: each task runs its own analysis only).
ANALYSIS_CLAIM_AHEAD_SECONDS = float(os.environ.get("ANALYSIS_CLAIM_AHEAD_SECONDS", "600"))
#: The analysis worker's processes (its ``--concurrency``: 2 in ``make worker-analysis``). A
#: round's first so many analyses get a task each, so that every process starts at once; the
#: rest one task in all (each process goes on down the queue anyway).
ANALYSIS_WORKER_PROCESSES = int(os.environ.get("ANALYSIS_WORKER_PROCESSES", "2"))
# Analyses run on a queue of their own: `make worker-analysis` (one gnubg per worker process).
CELERY_TASK_ROUTES = {"analysis.tasks.*": {"queue": "analysis"}}

# Messages one online board may send: a burst, then so many a second on average.
ONLINE_MESSAGE_BURST = int(os.environ.get("ONLINE_MESSAGE_BURST", "30"))
ONLINE_MESSAGE_RATE = float(os.environ.get("ONLINE_MESSAGE_RATE", "10"))

# --- Auth -------------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes counts failed log-ins per account and address (both together, so a
# stranger cannot lock a member out from elsewhere) and refuses more for a while.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False  # no banner on every start-up
AXES_LOCKOUT_CALLABLE = "clubs.lockout.lockout_response"
# Behind a reverse proxy the client's address is in X-Forwarded-For: trust that many proxies
# (0 = none, use REMOTE_ADDR). The log-in lock and the API throttles count by it.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
AXES_CLIENT_IP_CALLABLE = "clubs.lockout.client_address"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "home"

# --- E-mail -----------------------------------------------------------------------------------
# One console line per e-mail (subject, recipients, a link to its copy in the app).
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "config.mail.ConsoleSummaryBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Crawford <crawford@localhost>")
# A mail server that hangs must not hold a worker for long.
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))
#: The address of the site, for links in e-mails and calendar feeds. Unset, links use the
#: scheme and host of the request that caused the mail (config/site.py).
SITE_URL = os.environ.get("SITE_URL", "")

# --- Security headers Django does not set (config/security.py) ---------------------------------
# Off by default here (Django's debug pages use inline styles); config.settings_production
# sends config.security.CONTENT_SECURITY_POLICY.
CONTENT_SECURITY_POLICY = os.environ.get("CONTENT_SECURITY_POLICY", "")
PERMISSIONS_POLICY = ""
CROSS_ORIGIN_RESOURCE_POLICY = ""

# --- Internationalisation ---------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Date formats of our own in front of Django's: English as written where the day comes first,
# for the pages of clubs in such countries (config/dates.py).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

# --- Static files -----------------------------------------------------------------------------
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# --- Third-party ------------------------------------------------------------------------------
DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "api.renderers.BrowsableAPIRenderer",
    ],
    # Per address (anonymous), per user (session) and per club token (api).
    "DEFAULT_THROTTLE_CLASSES": [
        "api.throttling.AnonThrottle",
        "api.throttling.UserThrottle",
        "api.throttling.TokenThrottle",
    ],
    "NUM_PROXIES": TRUSTED_PROXY_COUNT or None,
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("API_RATE_ANON", "60/min"),
        "user": os.environ.get("API_RATE_USER", "120/min"),
        "token": os.environ.get("API_RATE_TOKEN", "300/min"),
    },
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
# --- The OpenAPI schema and its docs page, assets from the sidecar (no CDN).
SPECTACULAR_SETTINGS = {
    "TITLE": "Crawford API",
    "DESCRIPTION": (
        "Tournaments, rounds, matches and standings of published tournaments, and posting "
        "match results with a club's API token (`Authorization: Token <key>`)."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api/",
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "TournamentStatusEnum": "tournaments.models.TournamentStatus",
        "RoundStatusEnum": "tournaments.models.RoundStatus",
        "MatchStatusEnum": "matches.models.MatchStatus",
    },
}

# Structured logs. ``LOG_FORMAT=json`` (the production default) writes one JSON object
# a line; the service layer logs every result change and every refused action
# (``crawford.services``, see config/logs.py).
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text")
# One line per request on the console: Django's own console handler on "django" is replaced
# (its records reach the root's handler), the server's access line is left out where
# django.request already wrote one (4xx, 5xx), and a 4xx has no traceback (config/logs.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": "config.logs.JsonFormatter"},
        "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "filters": {
        "no_client_tracebacks": {"()": "config.logs.ClientErrorWithoutTraceback"},
        "server_line_for_success": {"()": "config.logs.ServerLineOnlyForSuccess"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        "django.request": {"filters": ["no_client_tracebacks"]},
        "django.server": {
            "handlers": ["console"],
            "filters": ["server_line_for_success"],
            "propagate": False,
        },
        "django.channels.server": {"filters": ["server_line_for_success"]},
        "django.db.backends": {"level": "INFO"},
        "crawford": {"level": "INFO"},
    },
}
