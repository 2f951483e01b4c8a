"""vtesdeck settings: one file, driven by the environment.

Defaults give a working site with nothing installed beside Python: SQLite in the project folder and
Celery over kombu's filesystem transport. Production sets DATABASE_URL (PostgreSQL) and
CELERY_BROKER_URL (Redis or RabbitMQ). An optional ``vtesdeck/local_settings.py`` is read last.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: str) -> bool:
    value = os.environ.get(name, default)
    if value.lower() in ("1", "true", "yes", "on"):
        return True
    if value.lower() in ("0", "false", "no", "off", ""):
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}")


def envint(name: str, default: str) -> int:
    value = os.environ.get(name, default)
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}") from None


def envsecret(name: str, default: str) -> str:
    # NAME_FILE lets container platforms hand secrets over as files.
    path = os.environ.get(f"{name}_FILE")
    if path:
        return Path(path).read_text().strip()
    return os.environ.get(name, default)


DEBUG = envbool("DJANGO_DEBUG", "False")
SECRET_KEY = envsecret("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG and os.environ.get("VTESDECK_REQUIRE_SECRET"):
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set in production")
    # A local install needs no configuration; a deployment sets DJANGO_SECRET_KEY (see docs/deploy.md).
    # The "django-insecure-" prefix makes `manage.py check --deploy` flag a deployment that forgot it.
    SECRET_KEY = "django-insecure-vtesdeck-local-key-set-DJANGO_SECRET_KEY-in-production"
ALLOWED_HOSTS = [
    h.strip() for h in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",") if h.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "corsheaders",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "cards",
    "decklists",
    "decks",
    "accounts",
    "simulations",
    "twda",
    "formats",
    "collection",
    "proxies",
    "suggestions",
    "events",
    "veto",
    "vtesdeck",  # the default cache's table and the deployment checks (vtesdeck.apps)
]

MIDDLEWARE = [
    # Outermost: times and logs every request, static files and redirects included (vtesdeck.requestlog).
    "vtesdeck.requestlog.RequestLogMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Before whitenoise, so that static files get the CSP and Permissions-Policy headers too.
    "vtesdeck.security.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before CommonMiddleware, so that preflight OPTIONS requests are answered with the CORS headers.
    "corsheaders.middleware.CorsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions, before common: the language follows the browser (Accept-Language) or the switcher.
    "django.middleware.locale.LocaleMiddleware",
    # ?lang= on the API outranks Accept-Language (vtesdeck.messages renders the reports in it).
    "vtesdeck.middleware.ApiLanguageMiddleware",
    # A chunked body (no Content-Length) is a 411 here, in that language, before anything reads it as empty.
    "vtesdeck.middleware.LengthRequiredMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "vtesdeck.middleware.PageMessageMiddleware",  # Django's MessageMiddleware, skipped on /api/
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "vtesdeck.middleware.DatabaseUnavailableMiddleware",
    # The work a request may spend reading decklists (vtesdeck.core.budget), for every view that reads one.
    "vtesdeck.middleware.WorkBudgetMiddleware",
]

ROOT_URLCONF = "sitewide.urls"
WSGI_APPLICATION = "vtesdeck.wsgi.application"

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
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'vtesdeck.sqlite3'}"),
        conn_max_age=envint("DATABASE_CONN_MAX_AGE", "60"),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the web server read while the worker or an import writes; a short wait beats "locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"}
    )
    # Kept open across requests (DATABASE_CONN_MAX_AGE), as on PostgreSQL: opening one per request (its PRAGMAs,
    # Django's SQL functions) and closing it (a WAL checkpoint when it is the last) cost about 1 ms of CPU, more
    # than an API request's own work (bench/api_profile.py).
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Fail fast when PostgreSQL is away, rather than hang a web worker.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("connect_timeout", 5)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en"
# Every page in English, Polish and German; card names and texts stay in the official English.
LANGUAGES = [("en", "English"), ("pl", "Polski"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns on every start when it is missing
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Serve from the app folders in development and tests, with no collectstatic step. A deployment runs
# collectstatic and sets WHITENOISE_USE_FINDERS=false: the collected files, with their gzip
# copies, are then what is served (the app folders' files would win over them otherwise).
WHITENOISE_USE_FINDERS = envbool("WHITENOISE_USE_FINDERS", "True")
WHITENOISE_AUTOREFRESH = DEBUG

DATA_UPLOAD_MAX_MEMORY_SIZE = envint("DATA_UPLOAD_MAX_MEMORY_SIZE", str(10 * 1024 * 1024))
# Uploaded files up to this size stay in memory: a decklist is at most 2,000,000 bytes
# (vtesdeck.core.decklist.MAX_BYTES), so one never touches the disk. Django's default, spelled out.
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
# The largest request body /check/ and /api/v1/decklists/ read at all (refused unread above it):
# several decklists, or one zip of an event's decklists (the zip reader bounds what it unpacks).
DECKLIST_UPLOAD_MAX_BYTES = envint("DECKLIST_UPLOAD_MAX_BYTES", str(16 * 1024 * 1024))
# The largest Veto card list /veto/cards/ reads (file or pasted), refused unread above it; the core refuses a
# list over 5,000,000 characters or 20,000 cards whatever this says (vtesdeck.core.veto.cards).
VETO_CARD_LIST_MAX_BYTES = envint("VETO_CARD_LIST_MAX_BYTES", "5000000")
# The work one request may spend reading decklists, whatever their bytes (vtesdeck.core.budget; docs/user-guide.md,
# "Work budget per request"): lines read, lines naming no card, fuzzy suggestions, and CPU seconds as a safety net.
# Past a limit, the decklists left are refused as not checked, saying which limit ran out.
DECKLIST_BUDGET_LINES = envint("DECKLIST_BUDGET_LINES", "40000")
DECKLIST_BUDGET_UNRESOLVED = envint("DECKLIST_BUDGET_UNRESOLVED", "500")
DECKLIST_BUDGET_SUGGESTIONS = envint("DECKLIST_BUDGET_SUGGESTIONS", "500")
DECKLIST_BUDGET_CPU_SECONDS = float(os.environ.get("DECKLIST_BUDGET_CPU_SECONDS", "1.0"))

# --- Cache ----------------------------------------------------------------------------------------
# Holds counts only: every throttle's (vtesdeck.throttling: the API's rates, the pages sharing them, the login
# and reset counts). They must be shared by every web process, or each gunicorn worker allows the whole limit
# (and forgets it when it restarts). Each check is one atomic step in the cache, so the limits are exact under
# parallel requests on every backend below.
# Default: the site's database (vtesdeck.cache: a table of counts updated by one statement per check, made by
# `migrate`), shared by every machine on one PostgreSQL; with SQLite (one machine) the throttles count in memory
# shared by the machine's processes instead (THROTTLE_STORE below), with no database write per request.
# CACHE_URL=redis://… when several web machines do not share one database (or to spare it these writes): a Lua
# script per check. locmem:// is per process, for a single process only (`manage.py check --deploy` refuses it:
# vtesdeck.checks). bench/throttle_cache.py measures what a check costs in each.
# CACHE_KEY_PREFIX: prepended to every key, so that several sites (or test runs) can share one Redis database.
DATABASE_CACHE = {
    "BACKEND": "vtesdeck.cache.DatabaseCache",
    "LOCATION": "vtesdeck_cache",  # vtesdeck.models.CACHE_TABLE
    "OPTIONS": {"MAX_ENTRIES": 50_000},
}
CACHE_URL = os.environ.get("CACHE_URL", "")
if CACHE_URL.startswith(("redis://", "rediss://")):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            # A Redis that stops answering is a 503 within seconds (vtesdeck.throttling.Unavailable), never a
            # web worker waiting for ever.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
    }
elif CACHE_URL == "locmem://":
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
elif CACHE_URL:
    raise ImproperlyConfigured(f"CACHE_URL must be a redis:// or rediss:// address (or locmem://), not {CACHE_URL!r}")
else:
    CACHES = {"default": DATABASE_CACHE}
CACHES["default"]["KEY_PREFIX"] = os.environ.get("CACHE_KEY_PREFIX", "")
# Where the throttles count (vtesdeck.throttling): "auto" counts in memory shared by the machine's processes when
# the cache is the database cache on SQLite (one machine, no database write per request), else in the cache;
# "cache" always in the cache; "machine" always in shared memory (PostgreSQL with every web process on one machine).
THROTTLE_STORE = os.environ.get("THROTTLE_STORE", "auto")
if THROTTLE_STORE not in ("auto", "cache", "machine"):
    raise ImproperlyConfigured(f"THROTTLE_STORE must be auto, cache or machine, not {THROTTLE_STORE!r}")
# How many reverse proxies (load balancer, nginx) stand in front of the web server. With 0, the client's
# address is REMOTE_ADDR; with N, it is read N entries from the right of X-Forwarded-For. Left at 0 behind
# a proxy, every visitor shares the proxy's address and its login throttle.
NUM_PROXIES = envint("NUM_PROXIES", "0")

# --- Security -------------------------------------------------------------------------------------
# DJANGO_HTTPS=true when the site is served over HTTPS (by gunicorn behind a TLS-terminating proxy, say):
# plain HTTP is redirected, cookies are sent over HTTPS only, and browsers are told (HSTS) never to use
# plain HTTP again. Off by default, so that `make run` and the tests work on http://127.0.0.1:8000.
HTTPS = envbool("DJANGO_HTTPS", "False")
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
# A year, once HTTPS works everywhere; a first deployment may start lower (DJANGO_HSTS_SECONDS=3600), as
# browsers remember the header for that long and a mistake cannot be taken back sooner.
SECURE_HSTS_SECONDS = envint("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)) if HTTPS else 0
# Opt-ins, as both reach beyond this site: every subdomain must serve HTTPS, and a preloaded domain is built
# into browsers (once submitted at hstspreload.org) and takes months to come out again.
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", "False")
SECURE_HSTS_PRELOAD = envbool("DJANGO_HSTS_PRELOAD", "False")
# A load balancer probes /healthz over plain HTTP, and a redirect is not a healthy answer to it.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
# Behind a proxy that terminates TLS, the request reaching Django is plain HTTP: trust the proxy's
# X-Forwarded-Proto, and only when the proxy sets it itself (overwriting what a client sent).
# (gunicorn does the same for the proxies in FORWARDED_ALLOW_IPS, see gunicorn.conf.py.)
if envbool("DJANGO_PROXY_SSL_HEADER", "False"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Origins (scheme included: https://vtesdeck.example.org) whose forms and scripts may POST here, besides
# the site's own host: needed when the proxy changes the Host or the scheme Django sees.
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]
# Always on (Django's defaults, spelled out so that nobody loosens them unknowingly). The
# Content-Security-Policy and Permissions-Policy headers come from vtesdeck.security.
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True

# --- Email ----------------------------------------------------------------------------------------
# Password reset messages. Without EMAIL_HOST they are printed on the console (fine for development).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = envint("EMAIL_PORT", "587")
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = envsecret("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", "True")
    # A mail server that stops answering must not hold a web worker forever (Django's default waits).
    EMAIL_TIMEOUT = envint("EMAIL_TIMEOUT", "10")
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "vtesdeck <noreply@localhost>")

# --- Django REST framework: every default spelled out --------------------------------------------


def _rate(name: str, default: str) -> str | None:
    value = os.environ.get(name, default).strip()
    if value.lower() in ("off", "none", ""):
        return None
    number, _slash, period = value.partition("/")
    if not number.isdigit() or period[:1] not in ("s", "m", "h", "d"):
        raise ImproperlyConfigured(f"{name} must be a rate such as 1200/minute (or off), not {value!r}")
    return value


REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # `Authorization: Token <key>` for scripts and bots: keys made on the account page or by POST /api/v1/token/.
        # First, because DRF answers a request with no credentials by the first scheme's challenge: 401 with
        # `WWW-Authenticate: Token realm="api"` (the session sends none, which DRF turns into a 403).
        "accounts.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        # User name and password on each request, counted against the login throttle.
        "decks.api.authentication.ThrottledBasicAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_PAGINATION_CLASS": "vtesdeck.api.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": ["vtesdeck.api.JSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "vtesdeck.api.exception_handler",
    "COERCE_DECIMAL_TO_STRING": False,
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # Every API request counts against its client's rate (per address without an account, per user with
    # one): far above what a person or a well-behaved bot sends, low enough to stop a runaway loop. `off`
    # disables one (load benchmarks). Views with a scope of their own (decklists, deck writes, simulation
    # starts) are capped by that scope too.
    "DEFAULT_THROTTLE_CLASSES": ["vtesdeck.api.AnonThrottle", "vtesdeck.api.UserThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "anon": _rate("API_ANON_RATE", "1200/minute"),
        "user": _rate("API_USER_RATE", "3000/minute"),
        "decklists": os.environ.get("DECKLISTS_ANON_RATE", "120/minute"),
        # A shared collection's page and its API twin, per address without an account (collection.throttle).
        "shared_collection": os.environ.get("SHARED_COLLECTION_ANON_RATE", "120/minute"),
        "decks": os.environ.get("DECKS_WRITE_RATE", "600/hour"),
        # Starting simulation jobs (reading them is free): each one is seconds of a worker's CPU.
        "simulations": os.environ.get("SIMULATIONS_RATE", "120/hour"),
        "simulations_anon": os.environ.get("SIMULATIONS_ANON_RATE", "30/hour"),
        # Importing a Veto card list (veto.throttle), per user: each is a whole list read and stored.
        "veto_card_lists": os.environ.get("VETO_CARD_LISTS_RATE", "60/hour"),
    },
}
# --- CORS (django-cors-headers) -------------------------------------------------------------------
# Other sites' pages may read the card list, the sets and the archive, and validate or convert decklists,
# from any origin. Never with the visitor's cookies (no credentials), and never the deck or simulation
# endpoints: a cross-site page can only do what an anonymous client could do anyway.
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_CREDENTIALS = False
CORS_URLS_REGEX = r"^/api/(schema/|v1/(cards|sets|twda|decklists)/)"
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS", "POST"]
CORS_EXPOSE_HEADERS = ["ETag", "Retry-After", "Link"]
CORS_PREFLIGHT_MAX_AGE = 86400

SPECTACULAR_SETTINGS = {
    "TITLE": "vtesdeck API",
    "DESCRIPTION": "The official VTES card list, decklists, validation and simulations.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # drf-spectacular's own hook, then the errors every operation can answer (throttling, credentials, the
    # database, a body's size and type), in the one error shape.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "vtesdeck.api.document_errors",
        # Request bodies and parameters Swagger UI's "Try it out" fills in, that work as they stand.
        "vtesdeck.openapi_examples.add_examples",
    ],
}
# A form or API post refused for its CSRF token: the API's error shape on /api/ paths, Django's page elsewhere.
CSRF_FAILURE_VIEW = "vtesdeck.api.csrf_failure"

# --- Celery ---------------------------------------------------------------------------------------
CELERY_DATA_DIR = Path(os.environ.get("CELERY_DATA_DIR", BASE_DIR / ".celery"))
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
if CELERY_BROKER_URL.startswith("filesystem://"):
    # kombu's filesystem transport: producer and worker share one folder, no server needed. Its messages and
    # the file backend's results are written whole (vtesdeck.broker: the stock classes let a reader see half).
    CELERY_BROKER_TRANSPORT = "vtesdeck.broker:FilesystemTransport"
    for _folder in ("queue", "processed", "control"):
        (CELERY_DATA_DIR / _folder).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        # The folder is polled; kombu's default of once a second would idle a worker between short chunks.
        "polling_interval": 0.1,
        "data_folder_in": str(CELERY_DATA_DIR / "queue"),
        "data_folder_out": str(CELERY_DATA_DIR / "queue"),
        "processed_folder": str(CELERY_DATA_DIR / "processed"),
        "control_folder": str(CELERY_DATA_DIR / "control"),
        "store_processed": False,
    }
    _default_backend = f"vtesdeck.broker:FileResultBackend+file://{CELERY_DATA_DIR / 'results'}"
    (CELERY_DATA_DIR / "results").mkdir(parents=True, exist_ok=True)
else:
    CELERY_BROKER_TRANSPORT_OPTIONS = {}
    # Redis stores results in the same server; RabbitMQ answers over RPC.
    _default_backend = CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else "rpc://"
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", _default_backend)
CELERY_BROKER_CONNECTION_TIMEOUT = 3
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_TASK_ALWAYS_EAGER = envbool("CELERY_TASK_ALWAYS_EAGER", "False")

# --- Simulations (simulations.services, simulations.tasks) ----------------------------------------
# Hands a job draws unless asked otherwise, and the most one may ask for (the core's own cap is 50,000,000).
SIMULATION_DEFAULT_HANDS = envint("SIMULATION_DEFAULT_HANDS", "200000")
SIMULATION_MAX_HANDS = envint("SIMULATION_MAX_HANDS", "50000000")
# Hands per chunk: the unit of work one worker takes (about a quarter of a second of one core).
SIMULATION_CHUNK_SIZE = envint("SIMULATION_CHUNK_SIZE", "250000")
# A running job whose workers have not reported for this long lost them: its missing chunks are sent
# again, at most SIMULATION_MAX_ATTEMPTS dispatches in all, then it fails with the reason. Workers report
# about once a second, so a minute leaves ample room for a loaded machine.
SIMULATION_STALE_SECONDS = envint("SIMULATION_STALE_SECONDS", "60")
SIMULATION_MAX_ATTEMPTS = envint("SIMULATION_MAX_ATTEMPTS", "2")
# A chunk that cannot reach the database (an outage: not a lost worker) waits and tries again, without spending
# an attempt: after 1, 2, 4… seconds, at most this long between tries (so it is back about this soon after the
# database is), for at most SIMULATION_DATABASE_WAIT_SECONDS in all, after which it is left to the stale check.
SIMULATION_DATABASE_RETRY_SECONDS = envint("SIMULATION_DATABASE_RETRY_SECONDS", "10")
SIMULATION_DATABASE_WAIT_SECONDS = envint("SIMULATION_DATABASE_WAIT_SECONDS", "3600")
# A queued job waits for a worker (its chunks wait in the broker, through an outage too) this long before
# it is given up as failed.
SIMULATION_QUEUED_TIMEOUT_SECONDS = envint("SIMULATION_QUEUED_TIMEOUT_SECONDS", str(24 * 3600))
# The broker queue chunks go to ("celery", Celery's default, is what `make run`'s worker consumes).
SIMULATION_QUEUE = os.environ.get("SIMULATION_QUEUE", "celery")
# Small jobs never wait behind huge ones: a job of at most SIMULATION_QUICK_MAX_HANDS hands (four chunks, about
# a second of one core) sends its chunks to the quick queue, a larger one to SIMULATION_QUEUE. Every worker
# consumes both and takes from each in turn (kombu's filesystem and Redis transports both cycle through a
# worker's queues), so a small job waits for at most one chunk per worker process, not for a huge job's
# hundreds. SIMULATION_QUICK_QUEUE empty: SIMULATION_QUEUE's name and "-quick" ("celery-quick").
SIMULATION_QUICK_QUEUE = os.environ.get("SIMULATION_QUICK_QUEUE", "")
SIMULATION_QUICK_MAX_HANDS = envint("SIMULATION_QUICK_MAX_HANDS", "1000000")
# Jobs done in one piece that may hold a worker process for minutes (a build planner search: up to the chunk's
# soft time limit) go to a queue of their own, which a worker started without -Q does NOT consume: one or more
# workers started for it (`-Q celery-long`; `make run` starts one) run them, so they never take the processes
# that small jobs wait for. Empty: SIMULATION_QUEUE's name and "-long" ("celery-long").
SIMULATION_LONG_QUEUE = os.environ.get("SIMULATION_LONG_QUEUE", "")
# What a worker started without -Q consumes: Celery's default queue (/healthz's ping) and the main and quick ones.
CELERY_TASK_QUEUES = {
    _queue: {"exchange": _queue, "routing_key": _queue}
    for _queue in dict.fromkeys(("celery", SIMULATION_QUEUE, SIMULATION_QUICK_QUEUE or f"{SIMULATION_QUEUE}-quick"))
}
# Caps per owner (a user; without an account, the client's address as the throttles read it): unfinished
# (queued or running) jobs at once, and hands those jobs have still to draw. A start over a cap is refused
# (429, or 400 for one job larger than the whole allowance) until a job finishes or is cancelled. The
# command line (simulate_hands --via-workers) has no cap.
SIMULATION_MAX_ACTIVE_JOBS_USER = envint("SIMULATION_MAX_ACTIVE_JOBS_USER", "4")
SIMULATION_MAX_ACTIVE_JOBS_ANON = envint("SIMULATION_MAX_ACTIVE_JOBS_ANON", "2")
SIMULATION_MAX_ACTIVE_HANDS_USER = envint("SIMULATION_MAX_ACTIVE_HANDS_USER", "100000000")
SIMULATION_MAX_ACTIVE_HANDS_ANON = envint("SIMULATION_MAX_ACTIVE_HANDS_ANON", "50000000")
# Full games (the "games" kind): the default is enough for about ±0.1 VP on the deck's mean
# (vtesdeck.core.engine.simulation.DEFAULT_GAMES); a chunk of 25 five-seat games is about a second of one core.
SIMULATION_DEFAULT_GAMES = envint("SIMULATION_DEFAULT_GAMES", "1000")
SIMULATION_MAX_GAMES = envint("SIMULATION_MAX_GAMES", "20000")
SIMULATION_GAMES_CHUNK_SIZE = envint("SIMULATION_GAMES_CHUNK_SIZE", "25")
SIMULATION_QUICK_MAX_GAMES = envint("SIMULATION_QUICK_MAX_GAMES", "1000")
SIMULATION_MAX_ACTIVE_GAMES_USER = envint("SIMULATION_MAX_ACTIVE_GAMES_USER", "20000")
SIMULATION_MAX_ACTIVE_GAMES_ANON = envint("SIMULATION_MAX_ACTIVE_GAMES_ANON", "2000")
# Paired games (the "compare" and "impact" kinds, engine.compare): their games count against the games limits
# above, every game played (a comparison plays each game twice, A's and B's; a card impact once as built and once
# per card blanked). Their defaults, in games per side: 500 paired games tell about ±0.1 VP of difference apart
# (the paired difference varies less than a deck's VP); 100 games for each card of a 40-card deck are 4,100 games.
SIMULATION_DEFAULT_COMPARE_GAMES = envint("SIMULATION_DEFAULT_COMPARE_GAMES", "500")
SIMULATION_DEFAULT_IMPACT_GAMES = envint("SIMULATION_DEFAULT_IMPACT_GAMES", "100")
# One chunk's time limits: the soft one fails the job with a sentence; the hard one kills a stuck process.
SIMULATION_CHUNK_SOFT_TIME_LIMIT = envint("SIMULATION_CHUNK_SOFT_TIME_LIMIT", "300")
SIMULATION_CHUNK_TIME_LIMIT = envint("SIMULATION_CHUNK_TIME_LIMIT", "330")
# Starting a job waits at most this long for the broker before answering 503.
SIMULATION_PUBLISH_TIMEOUT = envint("SIMULATION_PUBLISH_TIMEOUT", "3")
# For the test suite only (simulations.tasks.wait_at_test_gate): a folder where a chunk halfway through
# waits while a file named "closed" is there, so that a test can kill a worker, cancel a job or pass a time
# limit while a chunk is provably under way, however fast the machine. Empty (the default, and in
# production): no file is ever looked at.
SIMULATION_TEST_GATE = os.environ.get("SIMULATION_TEST_GATE", "")

# --- Card data ------------------------------------------------------------------------------------
# Where `import_cards --source vekn` downloads fresh CSVs from (a zip of vtescrypt/vteslib/vtessets).
VEKN_CARDS_URL = os.environ.get("VEKN_CARDS_URL", "https://www.vekn.net/images/stories/downloads/vtescsv_utf8.zip")
# Command-line tools (check_deck) read their card index from a snapshot file here, rebuilt after each import
# (cards.snapshot). Empty: no snapshots. Only the user running the tools should be able to write to it.
CARD_SNAPSHOT_DIR = os.environ.get("CARD_SNAPSHOT_DIR", str(BASE_DIR / ".cache" / "cards"))

# --- Card images (cards.images; docs/user-guide.md "Card images and proxies") ---------------------
# Uploaded and mirrored files. Card scans mirrored by `manage.py fetch_card_images` go to MEDIA_ROOT/cards/
# with their manifest, and are served by the site itself (/cards/<id>/image): every web process must see
# this folder (a shared volume when there are several machines).
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
# Hotlinked card images: an https URL with {id}, {slug} or {name}, e.g. https://static.krcg.org/card/{slug}.jpg.
# Empty (the default): no image is ever asked from another site. Set, its origin alone joins the CSP's img-src.
CARD_IMAGE_URL_TEMPLATE = os.environ.get("CARD_IMAGE_URL_TEMPLATE", "")
# Fetched on view: an https URL template as above. A card's image is fetched from that site the first time a page
# shows it, kept in the mirror (MEDIA_ROOT/cards/) and served by this site; a card the site cannot give shows as
# its text card. Browsers never contact the other site. `make run` (manage.py serve: a player's own machine) sets
# it to krcg's images (core.image_urls.FIELD_TEMPLATE) unless one of the two is set; empty by default, so a
# deployment asks no other site for anything unless its operator chooses a mode.
CARD_IMAGE_FETCH_TEMPLATE = os.environ.get("CARD_IMAGE_FETCH_TEMPLATE", "")
CARD_IMAGE_FETCH_RETRY = envint("CARD_IMAGE_FETCH_RETRY", "300")  # seconds before a site that failed is asked again
CARD_IMAGE_MAX_BYTES = envint("CARD_IMAGE_MAX_BYTES", str(2 * 1024 * 1024))  # one mirrored scan, at most
# The most pixels of an image this site decodes (the mirror, proxy sheets), read from its header before anything
# is decoded: 12,000,000 is a 3000 × 4000 scan, four times a card printed at 300 dpi. Pillow's own guard
# (Image.MAX_IMAGE_PIXELS, set to this in every process by cards.apps) refuses twice it in any decode at all.
CARD_IMAGE_MAX_PIXELS = envint("CARD_IMAGE_MAX_PIXELS", "12000000")
# fetch_card_images connects only to public addresses (every redirect hop too): host names listed here (a
# comma-separated list, by name, never an address range) may resolve anywhere, the local network included.
CARD_IMAGE_ALLOWED_HOSTS = [
    host.strip().lower() for host in os.environ.get("CARD_IMAGE_ALLOWED_HOSTS", "").split(",") if host.strip()
]

# --- Proxy sheets (proxies.sheets; docs/user-guide.md "Card images and proxies") ------------------
# A finished PDF is a file in the default storage (STORAGES["default"]: MEDIA_ROOT/proxies/ unless a deployment
# points it elsewhere), kept this many days, then deleted (by the worker writing the next PDF, and by
# `manage.py purge_proxy_sheets`) and never served again.
PROXIES_RETENTION_DAYS = envint("PROXIES_RETENTION_DAYS", "7")
# The largest PDF one job may make (each distinct scan in it a JPEG of at most 744 × 1039), and the most the
# unexpired PDFs of one owner may take: an account, or a client address without one. A start with no room left
# is refused (429) until a sheet expires.
PROXIES_MAX_PDF_BYTES = envint("PROXIES_MAX_PDF_BYTES", str(64 * 1024 * 1024))
PROXIES_MAX_STORED_BYTES_USER = envint("PROXIES_MAX_STORED_BYTES_USER", str(512 * 1024 * 1024))
PROXIES_MAX_STORED_BYTES_ANON = envint("PROXIES_MAX_STORED_BYTES_ANON", str(128 * 1024 * 1024))

# --- Logging --------------------------------------------------------------------------------------
# Everything goes to stderr (the process manager or container platform keeps it). LOG_FORMAT=json writes
# one JSON object per line, for a log collector; each request's line comes from vtesdeck.requestlog.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "plain")
if LOG_FORMAT not in ("plain", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT must be plain or json, not {LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
        "json": {"()": "vtesdeck.requestlog.JsonFormatter"},
    },
    "filters": {"request_id": {"()": "vtesdeck.requestlog.RequestIdFilter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT, "filters": ["request_id"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
if LOG_FORMAT == "json":
    # runserver's own access lines have their own handler: through ours, so that every line is JSON.
    LOGGING["loggers"] = {"django.server": {"handlers": ["console"], "level": "INFO", "propagate": False}}

try:
    from .local_settings import *  # noqa: F403
except ImportError:
    pass
