"""Settings, read from the environment (django-environ), with embedded defaults.

Embedded default (``make serve``): SQLite and a Celery broker on the filesystem, both under
``var/``, so one command runs the whole site on a fresh machine. Production sets
``DATABASE_URL`` (PostgreSQL), ``REDIS_URL``, ``SECRET_KEY``, ``CALICO_SEED_SECRET``,
``ALLOWED_HOSTS`` and ``DEBUG=false``.
"""

import datetime
import ipaddress
import secrets
from pathlib import Path

import environ
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from kombu import Exchange, Queue
from kombu.transport import TRANSPORT_ALIASES

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(environ.Env().str("CALICO_VAR_DIR", default=str(BASE_DIR / "var")))

env = environ.Env()


def local_secret(name: str) -> str:
    """A secret kept in ``var/`` for the embedded default: made once, stable across restarts."""
    path = VAR_DIR / name
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    try:
        with open(path, "x") as new:  # exclusive: two processes starting at once agree
            new.write(secrets.token_hex(32))
    except FileExistsError:
        pass
    return path.read_text().strip()


def secret(name: str, file_name: str) -> str:
    """A secret from the environment; only the embedded default may keep one in ``var/``. A
    deployment (``HTTPS=true``, or ``ALLOWED_HOSTS`` set: a site served to others) refuses to
    start without it: a secret made on one host would differ on the next, and every session
    and seed with it."""
    value = env.str(name, default="")
    if value:
        return value
    if HTTPS or env.str("ALLOWED_HOSTS", default=""):
        raise ImproperlyConfigured(
            f"{name} must be set in the environment when HTTPS=true or ALLOWED_HOSTS is set "
            "(a deployment: every host must share it)"
        )
    return local_secret(file_name)


SEED_SECRET_BITS = 256  # the published seeds are HMACs of known messages: no brute force


def secret_bits(value: str) -> int:
    """A generous estimate of a random secret's entropy from its length and alphabet: 4 bits a
    hex character, 6 any other (base64's); a secret of fewer than 10 distinct characters
    ("aaaa...") counts as none."""
    if len(set(value)) < 10:
        return 0
    hex_only = all(c in "0123456789abcdefABCDEF" for c in value)
    return len(value) * (4 if hex_only else 6)


def strong_seed_secret(value: str) -> str:
    """The seed secret, refused at start in production (a deployment with DEBUG off) when it
    is shorter than 32 random bytes (64 hex or 43 base64 characters)."""
    deployed = HTTPS or env.str("ALLOWED_HOSTS", default="")
    if deployed and not DEBUG and secret_bits(value) < SEED_SECRET_BITS:
        raise ImproperlyConfigured(
            "CALICO_SEED_SECRET is too weak: production needs at least 32 random bytes "
            "(64 hex or 43 base64 characters), e.g. the output of "
            "python -c 'import secrets; print(secrets.token_hex(32))'"
        )
    return value


# Production behind HTTPS sets HTTPS=true: secure cookies, redirect to https, HSTS, and
# secrets only from the environment. Off by default so that ``make serve`` works over
# plain http://127.0.0.1.
HTTPS = env.bool("HTTPS", default=False)
DEBUG = env.bool("DEBUG", default=False)
SECRET_KEY = secret("SECRET_KEY", "secret_key")
# The daily seeds are an HMAC of the date under this secret (docs/design.md, "Provably fair days").
CALICO_SEED_SECRET = strong_seed_secret(secret("CALICO_SEED_SECRET", "seed_secret"))
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
# The site's address as the share picture names it ("Play today's puzzle at calico.example.org");
# empty: the picture names the site instead. Never taken from a request's Host header.
CALICO_PUBLIC_HOST = env.str("CALICO_PUBLIC_HOST", default="")
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
# The site's address in every emailed link (verification, reset, undo, reminders): never
# taken from a request's Host header. Default: the first CSRF_TRUSTED_ORIGINS, else the
# embedded default's address.
CALICO_SITE_URL = env.str(
    "CALICO_SITE_URL", default=(CSRF_TRUSTED_ORIGINS or ["http://127.0.0.1:8000"])[0]
)
# Web Push reminders (reminders/push.py): the VAPID key pair, base64url (the public key as
# the 65-byte uncompressed point browsers take, the private as its 32 raw bytes), and the
# contact the push services see. Without the keys, push is not offered.
VAPID_PUBLIC_KEY = env.str("VAPID_PUBLIC_KEY", default="")
VAPID_PRIVATE_KEY = env.str("VAPID_PRIVATE_KEY", default="")
VAPID_SUBJECT = env.str("VAPID_SUBJECT", default="mailto:calico@localhost")
# The schemes a push subscription's endpoint may use: push services are https; a test's own
# endpoint is http (the site POSTs to whatever endpoint a player registers).
CALICO_PUSH_SCHEMES = env.list("CALICO_PUSH_SCHEMES", default=["https"])
# The ports an endpoint may name (push services listen on 443), and how long one push may
# take to connect and be answered (its task is stopped at twice that, its lookup included).
CALICO_PUSH_PORTS = env.list("CALICO_PUSH_PORTS", cast=int, default=[443])
CALICO_PUSH_SECONDS = env.float("CALICO_PUSH_SECONDS", default=5.0)
# Tests only, never in production: loopback addresses count as public, so that a test's own
# push endpoint on 127.0.0.1 can be reached (every other address is still refused).
CALICO_PUSH_LOOPBACK_FOR_TESTS_ONLY = env.bool("CALICO_PUSH_LOOPBACK_FOR_TESTS_ONLY", default=False)

SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = HTTPS
if env.bool("TRUST_X_FORWARDED_PROTO", default=False):  # only behind a proxy that sets it
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SAMESITE = CSRF_COOKIE_SAMESITE = "Lax"
# A session (a guest's games live in it) lasts a year from its latest visit: the expiry
# slides, saved again at most once a day (core.sessions.SlidingSessionMiddleware).
SESSION_COOKIE_AGE = env.int("SESSION_COOKIE_AGE", default=365 * 24 * 3600)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from our own static files
    "core",  # the site's machinery: jobs, health, metrics, the error pages
    "puzzles",
    "accounts",  # built on puzzles: signup, log-in, tokens, email, guests, deletion, export
    "groups",  # built on puzzles, which never imports it
    "versus",  # the same
    "ratings",  # the same (the rating across days)
    "crowd",  # the same (the day after: how everyone played a closed day)
    "reminders",  # the same (the opt-in daily reminder)
    "weekly",  # the same (the weekly special: a scenario on a seeded deal)
    "strengths",  # the same (a player's strengths on their profile)
    "drill",  # the same (a drill of your own mistakes)
    "duels",  # the same (two players on one deal)
    "leagues",  # the same (weekly leagues; it reads ratings)
]

# One-time confirmations ("your games are kept") ride in a signed cookie: never a session write.
MESSAGE_STORAGE = "django.contrib.messages.storage.cookie.CookieStorage"

MIDDLEWARE = [
    "core.metrics.MetricsMiddleware",  # first: times the whole stack (/metrics)
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language from the language cookie, else Accept-Language (never the session: a page
    # view writes nothing); the API answers in English but for its hints' words (core.languages).
    "django.middleware.locale.LocaleMiddleware",
    "core.languages.ApiInEnglishMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Cache-Control: private, no-store on whatever may hold a player's own data (core/privacy.py)
    "core.privacy.PrivateAnswersMiddleware",
    "core.sessions.SlidingSessionMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "core.limits.ThrottledMiddleware",
]

ROOT_URLCONF = "calico_site.urls"
WSGI_APPLICATION = "calico_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'calico.sqlite3'}"),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # BEGIN IMMEDIATE: a write transaction takes the lock up front, so the game-row lock
    # of a move (select_for_update is a no-op on SQLite) still serialises moves.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A database that does not answer fails the request in seconds instead of hanging it.
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = 5
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "puzzles.Player"
# Password checks are limited (accounts/auth.py); the second only keeps the sessions logged in
# before the accounts app (their backend's path) and checks no password.
AUTHENTICATION_BACKENDS = [
    "accounts.auth.ThrottledModelBackend",
    "puzzles.auth.ThrottledModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# English and Spanish (docs/design.md, Phase 3); a third language is a .po file under
# puzzles/locale/ and a row here. The choice is the language cookie (set by Django's
# set_language, /i18n/setlang/), never the session.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "puzzles" / "locale"]
FORMAT_MODULE_PATH = ["puzzles.formats"]  # dates by name: 1 December 2026, 1 de diciembre de 2026
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_SECURE = HTTPS
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns about a missing one
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

LOGIN_URL = "/login/"

# Email (verification links, password resets): EMAIL_URL in django-environ's form
# (smtp://user:password@mail.internal:587, smtp+tls://..., smtp+ssl://...) and
# DEFAULT_FROM_EMAIL from the environment; without EMAIL_URL, the embedded default writes each
# email as a file under var/mail/ (make serve says where).
if env.str("EMAIL_URL", default=""):
    globals().update(env.email_url("EMAIL_URL"))
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = str(VAR_DIR / "mail")
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Calico Daily <calico@localhost>")
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)  # an SMTP server that hangs fails the send
PASSWORD_RESET_TIMEOUT = 3 * 24 * 3600  # a reset link works for three days, once

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "accounts.auth.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_SCHEMA_CLASS": "puzzles.api.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "core.api.errors.exception_handler",
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "core.api.negotiation.ContentNegotiation",
    # JSON in the caller's language for the words shown to a person (``detail`` stays English).
    "DEFAULT_RENDERER_CLASSES": [
        "core.api.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "core.api.parsers.JSONParser",
        "core.api.parsers.FormParser",
        "core.api.parsers.MultiPartParser",
    ],
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Calico Daily API",
    "DESCRIPTION": "One shared solo Calico game a day: play, hints, par and leaderboards.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # One name per set of statuses that several answers share (par's keeps the name it had).
    "ENUM_NAME_OVERRIDES": {
        "RunOutStatusEnum": ["none", "pending", "running", "ready", "failed"],
        "WorkStatusEnum": ["pending", "ready", "failed"],
        "AnalysisStatusEnum": ["pending", "running", "ready", "failed"],
        "GameStatusEnum": ["playing", "finished"],
        "VersusStatusEnum": ["choosing", "playing", "finished"],
    },
    # <id:...> (core/converters.py): a row id, at most ROW_ID_MAX; a larger one is a 404.
    "PATH_CONVERTER_OVERRIDES": {
        "id": {"type": "integer", "format": "int64", "minimum": 0, "maximum": 2**63 - 1}
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.api.schema.document_unsupported_media_type",  # 415 where a body is read
    ],
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# Celery: Redis in production; the embedded default is a folder under var/ with atomic
# writes (calico_site/broker.py: kombu's own "filesystem://" loses messages and kills workers
# under load, issue 21; it is still accepted, for the reproduction in bench/broker_race.py).
TRANSPORT_ALIASES["calico-files"] = "calico_site.broker:Transport"
REDIS_URL = env.str("REDIS_URL", default="")
BROKER_DIR = VAR_DIR / "broker"
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default=REDIS_URL or "calico-files://")
if CELERY_BROKER_URL in ("calico-files://", "filesystem://"):
    for folder in ("queue", "processed", "control"):
        (BROKER_DIR / folder).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "queue"),
        "data_folder_out": str(BROKER_DIR / "queue"),
        "processed_folder": str(BROKER_DIR / "processed"),
        "control_folder": str(BROKER_DIR / "control"),
        "store_processed": False,
        # The folder is polled: at kombu's default (1 s) every hint, and every reply to a
        # worker ping, waits up to a second per hop, longer than the ping's 0.5 s.
        "polling_interval": 0.1,
    }
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_QUEUE", default="calico")
# Hints and analyses (a player waits for them) have a queue of their own, and the versus
# opponents another (``CELERY_TASK_ROUTES``): a par or best-known
# run never delays a hint or a table, and four hard tables never delay a solo hint
# (bench/hint_beside_versus.py). A worker started without -Q consumes all four.
CALICO_HINT_QUEUE = env.str("CELERY_HINT_QUEUE", default=f"{CELERY_TASK_DEFAULT_QUEUE}-hints")
CALICO_VERSUS_QUEUE = env.str("CELERY_VERSUS_QUEUE", default=f"{CELERY_TASK_DEFAULT_QUEUE}-versus")
# The long runs nobody waits for (best-known scores, scenario pass rates) on a queue of their
# own, so that par and the day's dawn hints on the default queue never wait behind them.
CALICO_BACKGROUND_QUEUE = env.str(
    "CELERY_BACKGROUND_QUEUE", default=f"{CELERY_TASK_DEFAULT_QUEUE}-background"
)
# Each queue on an exchange and key of its own: bound to the default exchange and key, the
# hint queue would also receive every solver run (and the default queue every hint).
CELERY_TASK_QUEUES = [
    Queue(name, Exchange(name), routing_key=name)
    for name in (
        CELERY_TASK_DEFAULT_QUEUE,
        CALICO_HINT_QUEUE,
        CALICO_VERSUS_QUEUE,
        CALICO_BACKGROUND_QUEUE,
    )
]
# Which queue each task goes to: what a player waits for (hints, analyses, at a table too) on
# the hint queue, the versus opponents on theirs, the long runs nobody waits for (best-known
# scores, pass rates, the dashboards' reviews) on the background queue, so that par and the
# dawn hints never wait behind them. Everything else (par, hints ahead, the rollover and the
# beat's upkeep) on the default queue (docs/operations.md).
CELERY_TASK_ROUTES = {
    "puzzles.tasks.compute_hint": {"queue": CALICO_HINT_QUEUE},
    "puzzles.tasks.compute_analysis": {"queue": CALICO_HINT_QUEUE},
    "versus.tasks.compute_versus_hint": {"queue": CALICO_HINT_QUEUE},
    "versus.tasks.compute_versus_analysis": {"queue": CALICO_HINT_QUEUE},
    "drill.tasks.judge_answer": {"queue": CALICO_HINT_QUEUE},
    "versus.tasks.play_versus_opponents": {"queue": CALICO_VERSUS_QUEUE},
    "puzzles.tasks.compute_best_known_run": {"queue": CALICO_BACKGROUND_QUEUE},
    "puzzles.tasks.compute_scenario_pass_rate": {"queue": CALICO_BACKGROUND_QUEUE},
    "strengths.tasks.fill_dashboards": {"queue": CALICO_BACKGROUND_QUEUE},
    "weekly.tasks.compute_pass_chance": {"queue": CALICO_BACKGROUND_QUEUE},
    "leagues.tasks.turn_weeks": {"queue": CALICO_BACKGROUND_QUEUE},
    "crowd.tasks.compute_telling": {"queue": CALICO_BACKGROUND_QUEUE},  # a day's story asked for
    "reminders.tasks.send_push": {"queue": CALICO_BACKGROUND_QUEUE},
    "accounts.tasks.send_password_reset": {"queue": CALICO_BACKGROUND_QUEUE},
    "duels.tasks.tell_finished": {"queue": CALICO_BACKGROUND_QUEUE},
}
CELERY_TASK_IGNORE_RESULT = True  # results live in the database (par, hints)
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A par or best-known run stops after this long; a hint has its own, shorter limit
# (CALICO_HINT_SECONDS, sent with the task by puzzles/services/hints.py).
CELERY_TASK_SOFT_TIME_LIMIT = env.int("CELERY_TASK_SOFT_TIME_LIMIT", default=1800)
CELERY_TASK_TIME_LIMIT = CELERY_TASK_SOFT_TIME_LIMIT + 60
# The acknowledgement policy (docs/operations.md). A message is acknowledged when its task
# returns (acks_late), so that a worker stopped or cut off mid-task leaves it to be delivered
# again. When a task's pool process dies (SIGKILL, out of memory), the message of a job task
# (a row claimed once: solver runs, hints, analyses, pass rates) is put back at the head of
# its queue (``reject_on_worker_lost`` on those tasks), its claim let go first
# (``core.jobs.JobRequest``), and a row claimed more than CALICO_RUN_ATTEMPTS times is
# failed, so a job that kills its worker does not loop. Other tasks (versus opponents, hints
# ahead, the beat's upkeep) are not put back (task_reject_on_worker_lost off): they have no
# row to count their attempts on. A worker killed whole leaves its message unacknowledged:
# Redis delivers it again after the visibility timeout; the folder broker as soon as another
# consumer looks (calico_site/broker.py). The database decides what is lost besides: every
# job's worker beats on its claim, and a stale claim (CALICO_JOB_LOST_SECONDS; runs:
# CALICO_RUN_LOST_SECONDS) is sent again by the player's poll (hints, analyses) or the beat
# (runs). Every task is idempotent on its row (a ready row is skipped, a row claimed by a
# live worker dropped), so a message delivered twice does no harm.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = False
# A broker that does not answer fails a publish in seconds (a hint is then marked failed).
CELERY_BROKER_CONNECTION_TIMEOUT = 3
# Redis delivers a message again once it has gone unacknowledged this long (a worker killed
# whole, a host gone), looking every CALICO_VISIBILITY_SWEEP_SECONDS: long enough for every
# task a player waits for (a versus run, a hint; an analysis is 300 s), short enough that a
# versus table's turn comes back on its own within minutes. A longer task (a solver run) is
# delivered again while it runs: that message finds the row claimed by a live worker and is
# dropped.
CALICO_VISIBILITY_SECONDS = env.int("CALICO_VISIBILITY_SECONDS", default=360)
CALICO_VISIBILITY_SWEEP_SECONDS = env.int("CALICO_VISIBILITY_SWEEP_SECONDS", default=10)
if CELERY_BROKER_URL.startswith("redis"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "socket_connect_timeout": 3,
        "socket_timeout": 10,
        "visibility_timeout": CALICO_VISIBILITY_SECONDS,
        "unacked_restore_interval": CALICO_VISIBILITY_SWEEP_SECONDS,
        "unacked_restore_throttle": 1,
    }
CALICO_HINT_SECONDS = env.int("CALICO_HINT_SECONDS", default=60)
# /healthz answers from a report at most this old (core/health.py).
CALICO_HEALTH_SECONDS = env.float("CALICO_HEALTH_SECONDS", default=5.0)
# Who may read /metrics: networks, matched against the connection's address (REMOTE_ADDR).
CALICO_METRICS_ALLOW = env.list("CALICO_METRICS_ALLOW", default=["127.0.0.0/8", "::1/128"])
# A bearer token that lets a scraper read /metrics from anywhere (none: the networks only).
CALICO_METRICS_TOKEN = env.str("CALICO_METRICS_TOKEN", default="")
# Hints computed before anyone asks, on the default queue (puzzles/services/hints.py): the
# day's turn-1 hints at dawn, the next position's after a move of a player who asks for hints.
CALICO_HINTS_AHEAD = env.bool("CALICO_HINTS_AHEAD", default=True)
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = {
    "daily-challenge": {
        "task": "puzzles.tasks.create_daily_challenge",
        "schedule": crontab(minute=0, hour=0),
    },
    "prune-guests": {"task": "accounts.tasks.prune_guests", "schedule": crontab(minute=30, hour=3)},
    # after each close, the closed days' stories (crowd/services.py), once each
    "tell-closed-days": {
        "task": "crowd.tasks.tell_closed_days",
        "schedule": crontab(minute=5, hour=0),
    },
    # after each close, the closed days' ratings (ratings/services.py), once each
    "rate-closed-days": {
        "task": "ratings.tasks.rate_closed_days",
        "schedule": crontab(minute=10, hour=0),
    },
    # after each close, one unreviewed game of each player analysed for their dashboard
    # (strengths/services.py), in batches on the background queue
    "fill-dashboards": {
        "task": "strengths.tasks.fill_dashboards",
        "schedule": crontab(minute=20, hour=0),
    },
    # after each close, the closed weeks' pass chances (weekly/services.py), once each
    "weekly-pass-chances": {
        "task": "weekly.tasks.ensure_pass_runs",
        "schedule": crontab(minute=30, hour=0),
    },
    # after each close (after the ratings), the leagues: a week's end settled, Monday's placed
    # (leagues/services.py); daily, each once, so that a missed Monday is made up the day after
    "turn-league-weeks": {
        "task": "leagues.tasks.turn_weeks",
        "schedule": crontab(minute=15, hour=0),
    },
    "resend-lost-runs": {"task": "puzzles.tasks.resend_lost_runs", "schedule": 60.0},
    # the reminders due at this hour of each time zone, in batches (reminders/services.py);
    # every 10 minutes, so a late or missed run is made up within the hour
    "send-due-reminders": {"task": "reminders.tasks.send_due_reminders", "schedule": 600.0},
    # "your friend finished": at most one push a duel (duels/services.py)
    "tell-finished-duels": {"task": "duels.tasks.tell_finished", "schedule": 60.0},
}
# A par or best-known run's worker beats on its row this often; a heartbeat older than
# CALICO_RUN_LOST_SECONDS means the worker died and the run is sent again (at most
# CALICO_RUN_ATTEMPTS times before it is marked failed): puzzles/services/solver_runs.py.
CALICO_RUN_HEARTBEAT_SECONDS = env.float("CALICO_RUN_HEARTBEAT_SECONDS", default=10.0)
CALICO_RUN_LOST_SECONDS = env.float("CALICO_RUN_LOST_SECONDS", default=60.0)
CALICO_RUN_ATTEMPTS = env.int("CALICO_RUN_ATTEMPTS", default=3)
# Every other job (hints, analyses, pass rates) beats on its claim this often, and a claim
# without a beat for CALICO_JOB_LOST_SECONDS is lost: a poll of it sends it again
# (core/jobs.py).
CALICO_JOB_HEARTBEAT_SECONDS = env.float("CALICO_JOB_HEARTBEAT_SECONDS", default=2.0)
CALICO_JOB_LOST_SECONDS = env.float("CALICO_JOB_LOST_SECONDS", default=15.0)
# Guests that never played are removed after this many days (manage.py prune_guests).
CALICO_GUEST_DAYS = env.int("CALICO_GUEST_DAYS", default=30)

# Abuse limits (core/limits.py): "N/s|m|h|d" per client address, account or username;
# CALICO_LIMITS (JSON) overrides any of them. The defaults never bother a person playing
# normally: a whole daily with a hint every turn and a practice game after it is 2 games and
# 44 hints (tests/core/test_limits.py).
CALICO_LIMITS = {
    # Wrong passwords (log in, token, admin log in) and registrations (register, sign up)
    # from an address; a correct password is not counted.
    "password-address": "30/h",
    # The same from one IPv6 /48 (a site's allocation: 65,536 /64s, each a fresh address).
    "password-network": "300/h",
    # Wrong passwords for one username from one address: past it that pair waits, while the
    # right password from any other address still logs in (no one can lock a player out).
    "password-username-address": "10/h",
    # Wrong passwords for one username from every address: past it, only the addresses that
    # have failed for it wait too (a guessing spread over many addresses).
    "password-username": "20/h",
    "guests-address": "30/h",  # guests made by pages' first writes (never by a page view)
    "guests-network": "300/h",  # the same from one IPv6 /48 (as password-network)
    "games-account": "30/h",
    "hints-account": "60/h",
    "hints-address": "150/h",
    "analyses-account": "20/h",
    "analyses-address": "60/h",
    "versus-account": "20/h",  # versus tables started
    "versus-address": "60/h",
    "versus-moves-account": "1000/h",  # a table is 22 moves
    "versus-moves-address": "3000/h",
    "groups-account": "10/h",  # groups created
    "groups-address": "30/h",
    # Asks for a closed day's story not yet told (the API's and the page's), which would
    # send its telling: one telling a day at a time (crowd.services.do_ask_story) in any case.
    "stories-address": "60/h",
    # Emails sent (verification links, password resets): from one address, to one recipient
    # from one address, and to one recipient from everywhere (for a reset, this last refuses
    # only an address that has already asked for it: nobody elsewhere locks the owner out).
    "emails-address": "20/h",
    "emails-recipient-address": "5/h",
    "emails-recipient": "5/h",
    **env.json("CALICO_LIMITS", default={}),
}
# The header that holds the caller's address behind a proxy that sets it (e.g. HTTP_X_REAL_IP).
# HTTP_X_FORWARDED_FOR is read from its right-most entry (the one the proxy appended), so it
# suits one proxy in front; behind several, have the outer one set X-Real-IP.
CALICO_CLIENT_ADDRESS = env.str("CALICO_CLIENT_ADDRESS", default="REMOTE_ADDR")
# The proxies whose CALICO_CLIENT_ADDRESS header is believed (networks, matched against
# REMOTE_ADDR): any other connection is counted by its own address, so a client that reaches
# gunicorn directly cannot forge one. Loopback: nginx on the same host (deploy/nginx.conf).
CALICO_TRUSTED_PROXIES = env.list("CALICO_TRUSTED_PROXIES", default=["127.0.0.0/8", "::1/128"])
try:
    [ipaddress.ip_network(net) for net in CALICO_TRUSTED_PROXIES]
except ValueError as error:
    raise ImproperlyConfigured(f"CALICO_TRUSTED_PROXIES: {error}") from None
# The limits' counters: Redis in production; in the embedded default a folder under var/ that
# every gunicorn worker shares (its increments are a read and a write, so under a race a
# count can be lost: the limits are approximate there).
if REDIS_URL:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
            "OPTIONS": {"MAX_ENTRIES": 10_000},
        }
    }
CACHES["default"]["KEY_PREFIX"] = env.str("CACHE_KEY_PREFIX", default="calico")

# Solver strength: what the site plays ships with the solver (solver/search/roles.py: par,
# best, hint, analysis), so that ``python -m solver`` plays it too; these settings only
# override it, key by key (JSON in the environment; tests and small machines turn them down),
# and the par answer says so (``overridden``).
CALICO_PAR_OPTIONS = env.json("CALICO_PAR_OPTIONS", default={})
# Par is the mean of this many games of the fair player (docs/solver.md, "Par's games": SE
# <= 1.5 points on standard deals), each a task of the default queue.
CALICO_PAR_GAMES = env.int("CALICO_PAR_GAMES", default=40)
CALICO_BEST_OPTIONS = env.json("CALICO_BEST_OPTIONS", default={})
CALICO_HINT_OPTIONS = env.json("CALICO_HINT_OPTIONS", default={})
# The versus levels the table player plays (solver.search.versus.TABLE_LEVELS) instead of the
# solo players (LEVELS): a comma list of easy, medium, hard (docs/versus.md). Hard by default:
# it knows the table, is no weaker than the solo hard and keeps the wait p95 under 3 s.
CALICO_VERSUS_TABLE_LEVELS = env.list("CALICO_VERSUS_TABLE_LEVELS", default=["hard"])
# Versus levels whose opponents move in the request that made their turn come (a few ms a
# move), never queued behind another table's hard opponents (versus/services.py, _inline).
CALICO_VERSUS_INLINE_LEVELS = env.list("CALICO_VERSUS_INLINE_LEVELS", default=["easy", "medium"])
# The fair solver's pass rate per scenario: this many fixed deals, played at par strength.
CALICO_SCENARIO_RATE_DEALS = env.int("CALICO_SCENARIO_RATE_DEALS", default=4)
CALICO_SCENARIO_RATE_OPTIONS = env.json("CALICO_SCENARIO_RATE_OPTIONS", default=CALICO_PAR_OPTIONS)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
}

# Game analysis (review): the fair solver's strength and how long a worker may take for a
# whole game (how many a player may ask for: CALICO_LIMITS).
# its evaluation is par's (the scale of expected points is fitted to it), its strength its own
CALICO_ANALYSIS_OPTIONS = env.json("CALICO_ANALYSIS_OPTIONS", default={})
CALICO_ANALYSIS_SECONDS = env.int("CALICO_ANALYSIS_SECONDS", default=300)

# The puzzle number a daily shows ("Calico Daily #N", docs/design.md, Phase 3): the days since the
# first daily, this date (ISO). Unset: the site's own first daily (its oldest challenge).
CALICO_FIRST_DAILY = (
    datetime.date.fromisoformat(env.str("CALICO_FIRST_DAILY"))
    if env.str("CALICO_FIRST_DAILY", default="")
    else None
)
