"""Real processes for the fault tests: Celery workers, a throwaway Redis, gunicorn. Each can
be started, stopped and killed by the test, on the test database and this run's queue."""

import os
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest

from calico_site import processes as site_processes

ROOT = Path(__file__).resolve().parents[2]
# Par and best-known runs left in the queue by earlier tests finish at once (as in
# tests/conftest.py): a fault test waits for its hint, not for a full par search.
TINY_RUNS = {
    "CALICO_PAR_OPTIONS": '{"playout_width": 1, "samples": 1, "depth": 1}',
    "CALICO_BEST_OPTIONS": '{"kept": 1, "piloted": 2, "arrangements": 2}',
    "CALICO_HINTS_AHEAD": "0",  # no full-strength hints ahead behind a test's own jobs
    "CALICO_PAR_GAMES": "3",
}


def database_url() -> str:
    """The URL of the test database this test process uses (PostgreSQL)."""
    from django.db import connection

    db = connection.settings_dict
    user = quote(db.get("USER") or "")
    auth = f"{user}:{quote(db['PASSWORD'])}@" if db.get("PASSWORD") else f"{user}@"
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


def same_secrets() -> dict:
    """The test process's secrets, so that a server process deals the same days."""
    from django.conf import settings

    return {"SECRET_KEY": settings.SECRET_KEY, "CALICO_SEED_SECRET": settings.CALICO_SEED_SECRET}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(check, what: str, seconds: float = 60):
    """Poll ``check()`` until it returns something true; the limit only stops a stuck test."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    pytest.fail(f"{what}: still not so after {seconds} s")


def scratch(prefix: str) -> Path:
    """A new folder for one test's server or worker, inside the repository (git-ignored
    ``test-artifacts/scratch/``): tests write nowhere else."""
    parent = ROOT / "test-artifacts" / "scratch"
    parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=prefix, dir=parent))


class Service:
    """One server process in its own process group, logging to a file."""

    def __init__(self, args: list[str], env: dict, name: str):
        self.folder = scratch(f"calico-{name}-")
        self.log_path = self.folder / f"{name}.log"
        self.env = {**os.environ, **same_secrets(), "CALICO_VAR_DIR": str(self.folder), **env}
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                args,
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def running(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL the whole group: no clean shutdown, as a crash or an OOM kill would."""
        if self.running():
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.running():
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


def every_queue() -> tuple[str, ...]:
    """This run's queues: the default (par, hints ahead), hints, versus, background."""
    from django.conf import settings

    from calico_site.celery import app

    return (
        app.conf.task_default_queue,
        settings.CALICO_HINT_QUEUE,
        settings.CALICO_VERSUS_QUEUE,
        settings.CALICO_BACKGROUND_QUEUE,
    )


def start_worker(app, broker_url: str, queues: tuple[str, ...] = (), **env) -> Service:
    """A prefork Celery worker (one child, so time limits apply) on this run's queues (solver
    runs, hints, versus opponents and background runs, or ``queues``); returns once it
    answers a ping."""
    from django.conf import settings

    queue = app.conf.task_default_queue
    node = f"{queue}-{uuid.uuid4().hex[:6]}@localhost"
    settings_env = {
        **TINY_RUNS,
        "DJANGO_SETTINGS_MODULE": "calico_site.settings",
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": broker_url,
        "CELERY_QUEUE": queue,
        "CELERY_HINT_QUEUE": settings.CALICO_HINT_QUEUE,
        "CELERY_VERSUS_QUEUE": settings.CALICO_VERSUS_QUEUE,
        "CELERY_BACKGROUND_QUEUE": settings.CALICO_BACKGROUND_QUEUE,
        **env,
    }
    queues = ",".join(queues or every_queue())
    options = ("--without-heartbeat", "--loglevel=INFO")
    command = site_processes.celery_worker(queues, node=node, options=options)
    worker = Service(command, settings_env, "worker")

    def answers():
        if not worker.running():
            pytest.fail(f"the worker exited:\n{worker.log()[-3000:]}")
        with app.connection_for_write(broker_url) as connection:
            return app.control.ping(destination=[node], timeout=0.5, connection=connection)

    wait_until(answers, "the worker answers a ping")
    return worker


class ThrowawayRedis:
    """A Redis of our own (no persistence) that a test may shut down and start again."""

    def __init__(self):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.folder = str(scratch("calico-redis-"))
        self.start()

    def start(self) -> None:
        subprocess.run(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--daemonize",
                "yes",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self.folder,
            ],
            check=True,
            capture_output=True,
        )
        wait_until(self.answers, f"Redis on port {self.port} answers")

    def answers(self) -> bool:
        ping = ["redis-cli", "-p", str(self.port), "ping"]
        return subprocess.run(ping, capture_output=True, text=True).stdout.strip() == "PONG"

    def shutdown(self) -> None:
        subprocess.run(
            ["redis-cli", "-p", str(self.port), "shutdown", "nosave"], capture_output=True
        )
        wait_until(lambda: not self.answers(), f"Redis on port {self.port} is down")

    def stop(self) -> None:
        if self.answers():
            self.shutdown()


def start_gunicorn(port: int, *options: str, **env) -> Service:
    """gunicorn (two workers, unless ``options`` say otherwise) on the test database; returns
    once it answers."""
    server = Service(
        site_processes.gunicorn(port, options=("--timeout", "30", *options)),
        {
            "DJANGO_SETTINGS_MODULE": "calico_site.settings",
            "DATABASE_URL": database_url(),
            "CELERY_BROKER_URL": "memory://",
            "CACHE_KEY_PREFIX": f"calico-test-{uuid.uuid4()}",
            **env,
        },
        "gunicorn",
    )

    def answers() -> bool:
        if not server.running():
            pytest.fail(f"gunicorn exited:\n{server.log()[-3000:]}")
        return site_processes.answers(port)

    wait_until(answers, "gunicorn answers")
    return server
