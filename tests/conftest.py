"""Shared fixtures for the service's tests (and the browser tests).

Databases: ``make test`` points ``DATABASE_URL`` at PostgreSQL when it is reachable; plain
``pytest`` uses SQLite. Tests that need PostgreSQL or Redis skip with a reason when the
server is absent, except under ``CI=true``, where they fail instead.

Each checkout gets its own test database (kept between runs: ``make test`` passes
``--reuse-db``, so a run migrates only what changed) and each pytest process its own Celery
queues, so that runs by several people on one machine do not meet. Under pytest-xdist each
worker process has a database of its own (``..._gw0``) and queues of its own.
"""

import hashlib
import itertools
import os
import subprocess
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from helpers.processes import scratch
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from calico_site import processes as site_processes

ROOT = Path(__file__).resolve().parent.parent
# The fixtures every app's tests share (players, API clients, whole games): tests/helpers/;
# the guard that keeps the tests that are not slow fast (no process, a CPU budget): speed.
pytest_plugins = ["helpers.fixtures", "helpers.smtp", "helpers.speed"]
RUN_ID = f"{os.getpid()}"
TEST_QUEUE = f"calico-test-{RUN_ID}"
TEST_HINT_QUEUE = f"{TEST_QUEUE}-hints"  # as settings.CALICO_HINT_QUEUE derives it
TEST_VERSUS_QUEUE = f"{TEST_QUEUE}-versus"  # and settings.CALICO_VERSUS_QUEUE
TEST_BACKGROUND_QUEUE = f"{TEST_QUEUE}-background"  # and settings.CALICO_BACKGROUND_QUEUE
TEST_QUEUES = (TEST_QUEUE, TEST_HINT_QUEUE, TEST_VERSUS_QUEUE, TEST_BACKGROUND_QUEUE)
# Small solver settings for workers started by tests: a test checks plumbing, not strength.
TEST_SOLVER_ENV = {
    "CALICO_PAR_OPTIONS": os.environ.get(
        "TEST_CALICO_PAR_OPTIONS", '{"playout_width": 1, "samples": 1, "depth": 1}'
    ),
    "CALICO_BEST_OPTIONS": os.environ.get(
        "TEST_CALICO_BEST_OPTIONS", '{"kept": 1, "piloted": 2, "arrangements": 2}'
    ),
    "CALICO_HINT_OPTIONS": os.environ.get("TEST_CALICO_HINT_OPTIONS", "{}"),
    "CALICO_SCENARIO_RATE_DEALS": "2",  # its options default to the par's (small here)
    "CALICO_PAR_GAMES": os.environ.get("TEST_CALICO_PAR_GAMES", "3"),  # par: the mean of 3
    # no hints computed ahead at full strength behind a test's own jobs (tests that check
    # them turn them on)
    "CALICO_HINTS_AHEAD": os.environ.get("TEST_CALICO_HINTS_AHEAD", "0"),
    "CALICO_ANALYSIS_OPTIONS": os.environ.get(
        "TEST_CALICO_ANALYSIS_OPTIONS", '{"samples": 4, "candidates": 3}'
    ),
}


def pytest_sessionstart(session):
    """Compile the solver's fast core first (about 10 s when its disk cache is cold), so that
    no timed test and no worker started by a test pays for it."""
    from solver.search.fastcore import warm

    warm()


def checkout_key() -> str:
    """Names this checkout's test database: its path and its migrations' file names, so that
    a reused database is never one whose migrations were renamed or re-chained since."""
    migrations = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("*/migrations/0*.py"))
    text = "\n".join([str(ROOT), *migrations])
    return hashlib.sha256(text.encode()).hexdigest()[:10]


# What makes a test slow: a browser, a live server or a process of its own (a Celery worker,
# gunicorn, bin/serve, a command line). ``make test-fast`` runs the rest (``-m "not slow"``);
# one that starts a process unmarked fails (tests/helpers/speed.py). ``ci``: the minutes-long
# ones (the soak, the broker race) that only ``make test-all`` (CI) runs.
SLOW_MARKERS = {"e2e", "integration", "soak", "ci"}
SLOW_FIXTURES = {"celery_worker_process", "live_server", "site", "site_with_worker", "page"}


def pytest_collection_modifyitems(items):
    for item in items:
        markers = {marker.name for marker in item.iter_markers()}
        if markers & SLOW_MARKERS or SLOW_FIXTURES & set(item.fixturenames):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """This checkout's test database: ``test_<name>_<checkout key>[_gw<N>]`` (PostgreSQL
    only; an xdist worker's has its suffix)."""
    from django.conf import settings

    worker = os.environ.get("PYTEST_XDIST_WORKER")
    suffix = f"_{worker}" if worker else ""
    for db in settings.DATABASES.values():
        if db["ENGINE"] != "django.db.backends.sqlite3":
            db.setdefault("TEST", {})["NAME"] = f"test_{db['NAME']}_{checkout_key()}{suffix}"


@pytest.fixture(scope="session", autouse=True)
def few_par_games():
    """Par's games planned by the tests' own process (the sender decides): as its workers'."""
    from django.conf import settings

    settings.CALICO_PAR_GAMES = int(TEST_SOLVER_ENV["CALICO_PAR_GAMES"])


@pytest.fixture(scope="session", autouse=True)
def fast_password_hashing():
    """Password hashing is slow by design; tests check who may log in, not the hash."""
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session", autouse=True)
def celery_test_broker():
    """Tasks sent by tests go to this run's own queues (solver runs, hints) on Redis when it
    is up, else nowhere (an in-memory broker): only a test with ``celery_worker_process``
    runs them."""
    from django.conf import settings

    from calico_site.celery import app

    app.conf.broker_url = REDIS_URL if redis_reachable() else "memory://"
    app.conf.broker_transport_options = {}
    ours = {
        settings.CELERY_TASK_DEFAULT_QUEUE: TEST_QUEUE,
        settings.CALICO_HINT_QUEUE: TEST_HINT_QUEUE,
        settings.CALICO_VERSUS_QUEUE: TEST_VERSUS_QUEUE,
        settings.CALICO_BACKGROUND_QUEUE: TEST_BACKGROUND_QUEUE,
    }
    app.conf.task_default_queue = TEST_QUEUE
    settings.CALICO_HINT_QUEUE = TEST_HINT_QUEUE
    settings.CALICO_VERSUS_QUEUE = TEST_VERSUS_QUEUE
    settings.CALICO_BACKGROUND_QUEUE = TEST_BACKGROUND_QUEUE
    # the routing table, each queue swapped for this run's own
    app.conf.task_routes = {
        name: {**route, "queue": ours[route["queue"]]}
        for name, route in settings.CELERY_TASK_ROUTES.items()
    }
    app.amqp.flush_routes()
    yield app
    if app.conf.broker_url.startswith("redis"):
        with app.connection_for_write() as conn:
            for queue in TEST_QUEUES:
                conn.default_channel.queue_purge(queue)


CACHE_PREFIX = f"calico-test-{RUN_ID}"
_test_numbers = itertools.count()


@pytest.fixture(autouse=True)
def own_limit_counters(settings):
    """Each test counts its abuse limits (core/limits.py) afresh, under a key prefix of its
    own: on the shared Redis when it is up (as in production; other people's runs use other
    prefixes), else in this process's memory. No test is throttled by another."""
    prefix = f"{CACHE_PREFIX}-{next(_test_numbers)}"
    if redis_reachable():
        cache = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    else:
        cache = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    settings.CACHES = {"default": {**cache, "KEY_PREFIX": prefix}}


@pytest.fixture(autouse=True)
def own_first_daily():
    """Each test's first daily (puzzle number 0) is read from its own rows, not a rolled-back
    test's."""
    from puzzles.selectors.challenges import forget_first_daily

    forget_first_daily()


@pytest.fixture(scope="session", autouse=True)
def remove_limit_counters():
    """This run's counters leave the shared Redis with it."""
    yield
    if redis_reachable():
        import redis

        client = redis.Redis.from_url(REDIS_URL)
        for key in client.scan_iter(f"{CACHE_PREFIX}-*", count=1000):
            client.delete(key)


def _database_url(settings_dict: dict) -> str:
    user = quote(settings_dict.get("USER") or "")
    password = settings_dict.get("PASSWORD")
    auth = f"{user}:{quote(password)}@" if password else f"{user}@" if user else ""
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}"


@pytest.fixture
def worker_clock_env() -> dict:
    """Environment that sets the worker's clock: none here, the machine's (tests/e2e/conftest.py
    moves it with that run's clock)."""
    return {}


@pytest.fixture
def celery_worker_process(transactional_db, celery_test_broker, worker_clock_env):
    """A real Celery worker process (``celery -A calico_site worker``) on Redis, using the
    test database (PostgreSQL). Yields the worker's node name once it answers a ping; stops
    it afterwards.

    Tests using it must commit what the worker reads: mark them
    ``@pytest.mark.django_db(transaction=True)`` (or use ``live_server``). Tasks sent with
    ``.delay()`` (and services' ``on_commit`` enqueues) reach it through this run's queue.
    Solver strength in the worker comes from ``TEST_CALICO_*_OPTIONS`` (JSON) if set.
    """
    from django.db import connection

    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    node = f"{TEST_QUEUE}-{uuid.uuid4().hex[:6]}@localhost"
    var_dir = str(scratch("calico-worker-"))
    env = {
        **os.environ,
        **TEST_SOLVER_ENV,
        "DJANGO_SETTINGS_MODULE": "calico_site.settings",
        "DATABASE_URL": _database_url(connection.settings_dict),
        "CELERY_BROKER_URL": REDIS_URL,
        "CELERY_QUEUE": TEST_QUEUE,
        "CELERY_HINT_QUEUE": TEST_HINT_QUEUE,
        "CELERY_VERSUS_QUEUE": TEST_VERSUS_QUEUE,
        "CELERY_BACKGROUND_QUEUE": TEST_BACKGROUND_QUEUE,
        "CALICO_VAR_DIR": var_dir,
        **worker_clock_env,
    }
    log_path = Path(var_dir) / "worker.log"
    with open(log_path, "wb") as log:
        worker = subprocess.Popen(
            site_processes.celery_worker(
                ",".join(TEST_QUEUES),
                node=node,
                pool="solo",
                options=("--without-heartbeat", "--loglevel=INFO"),
            ),
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        _wait_for_worker(celery_test_broker, node, worker, log_path)
        yield node
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


def _wait_for_worker(app, node: str, worker: subprocess.Popen, log_path: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if worker.poll() is not None:
            pytest.fail(f"the Celery worker exited:\n{log_path.read_text()[-3000:]}")
        if app.control.ping(destination=[node], timeout=0.5):
            return
    worker.kill()
    pytest.fail(f"the Celery worker did not answer within 60 s:\n{log_path.read_text()[-3000:]}")
