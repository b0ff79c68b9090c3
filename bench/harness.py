"""What the site's benchmarks share: a throwaway PostgreSQL database (made, migrated, dropped),
Django set up on it in the bench's own process, and the site's servers started on it.

``with throwaway_database(name, **settings):`` (or ``create_database`` then ``drop_database``)
points this process's environment, so every server it starts, at the new database:
``DATABASE_URL``, an in-memory broker (tasks go nowhere) and ``CALICO_VAR_DIR`` under
``var/bench`` unless ``settings`` say otherwise. On the way out it closes this process's
connections and drops the database, however the bench ended.
"""

import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from calico_site import processes as site_processes

ROOT = Path(__file__).resolve().parent.parent
PG = "postgres://postgres@127.0.0.1:5432"
REDIS = "redis://127.0.0.1:6379/0"
GOAL_CELLS = ("2,3", "3,4", "4,2")  # where a bench player puts the day's three goals


def psql(sql: str) -> str:
    """Run SQL on the server's ``postgres`` database; its output, unaligned."""
    command = ["psql", "-Atq", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-c", sql]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def create_database(name: str, **settings: str) -> None:
    """The database ``name``, new and migrated, with this process's environment pointing at it
    (see the module); dropped again if the migration fails. From here a SIGTERM (``timeout``,
    a supervisor) ends the bench as Ctrl-C does, through its clean-up."""
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    os.environ.update(
        {
            "DATABASE_URL": f"{PG}/{name}",
            "CELERY_BROKER_URL": "memory://",
            "CALICO_VAR_DIR": str(ROOT / "var" / "bench"),
            "CACHE_KEY_PREFIX": name,  # the abuse limits' counts start at zero each run
            **settings,
        }
    )
    psql(f"DROP DATABASE IF EXISTS {name}")
    psql(f"CREATE DATABASE {name}")
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True)
    except BaseException:
        psql(f"DROP DATABASE IF EXISTS {name}")
        raise


def drop_database(name: str) -> None:
    if "django.db" in sys.modules:  # this process's own connections hold the database
        from django.db import connections

        connections.close_all()
    psql(f"DROP DATABASE IF EXISTS {name}")


@contextmanager
def throwaway_database(name: str, **settings: str):
    """``create_database`` for the ``with`` block, ``drop_database`` however it ends."""
    create_database(name, **settings)
    try:
        yield
    finally:
        drop_database(name)


def setup_django() -> None:
    """Django in this process, on the database of ``throwaway_database``."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calico_site.settings")
    django.setup()


def start_gunicorn(port: int, workers: int, *extra: str, log=subprocess.DEVNULL):
    return subprocess.Popen(
        site_processes.gunicorn(port, workers=workers, options=extra), cwd=ROOT, stderr=log
    )


def start_worker(processes: int, *, log):
    """A Celery worker (prefork) on the site's four queues: ``CELERY_QUEUE``, its hint, versus
    and background queues (the defaults of ``CELERY_HINT_QUEUE``, ``CELERY_VERSUS_QUEUE``,
    ``CELERY_BACKGROUND_QUEUE``)."""
    queue = os.environ["CELERY_QUEUE"]
    queues = f"{queue},{queue}-hints,{queue}-versus,{queue}-background"
    return start_queue_worker(queue, queues, log=log, processes=processes)


def start_queue_worker(
    name: str, queues: str, *, log, nice: bool | int = False, processes: int = 1
):
    """A warm worker on ``queues`` alone (as bin/serve's runs@, hints@, versus@ and
    background@), ``processes`` in its pool; ``nice``: that much below this process (True:
    10, as bin/serve's versus@)."""
    command = site_processes.celery_worker(
        queues,
        node=f"{name}-{os.getpid()}@localhost",
        processes=processes,
        nice=10 if nice is True else int(nice),
    )
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)


def stop(servers: list) -> None:
    for server in servers:
        server.terminate()
        server.wait()


def wait_for_server(port: int, seconds: float = 60) -> None:
    """Until the site answers an HTTP request on ``port``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if site_processes.answers(port, "/api/daily/"):
            return
        time.sleep(0.2)
    raise SystemExit("gunicorn did not start")
