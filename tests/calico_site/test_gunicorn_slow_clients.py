"""Slow clients (issue 41, point 4): with the site's gunicorn settings (threaded workers), four
sockets that send their request a byte at a time no longer hold every worker; gunicorn's
plain sync workers, as the README's production command ran them before, are held."""

import http.client
import socket
import sys
import threading
import time

import pytest
from helpers.processes import Service, database_url, free_port, wait_until

pytestmark = pytest.mark.integration


def served(port: int, *options: str) -> Service:
    server = Service(
        [sys.executable, "-m", "gunicorn", "calico_site.wsgi", "--bind", f"127.0.0.1:{port}",
         "--workers", "2", "--no-control-socket", "--timeout", "30", *options],
        {"DJANGO_SETTINGS_MODULE": "calico_site.settings", "DATABASE_URL": database_url(),
         "CELERY_BROKER_URL": "memory://"},
        "gunicorn",
    )  # fmt: skip
    wait_until(lambda: answered(port, seconds=5) is not None, "gunicorn answers")
    return server


def answered(port: int, seconds: float) -> float | None:
    """How long a plain GET of the liveness check took, or None if it got no answer."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=seconds)
    try:
        connection.request("GET", "/healthz/live")
        connection.getresponse().read()
        return time.monotonic() - started
    except (OSError, http.client.HTTPException):
        return None
    finally:
        connection.close()


def slow_sockets(port: int, count: int, stop: threading.Event) -> list[threading.Thread]:
    """Connections that send a request's headers a byte every 0.2 s (a slowloris)."""

    def trickle():
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(b"GET /healthz/live HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            while not stop.wait(0.2):
                try:
                    sock.sendall(b"X")  # a header that never ends
                except OSError:
                    return

    threads = [threading.Thread(target=trickle, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    return threads


@pytest.mark.parametrize(
    ("options", "holds"),
    [((), False), (("--worker-class", "sync", "--threads", "1"), True)],
    ids=["site settings", "sync workers (before)"],
)
def test_slow_sockets_no_longer_hold_the_site(options, holds):
    port = free_port()
    server = served(port, "--config", "python:calico_site.gunicorn", *options)
    stop = threading.Event()
    held = slow_sockets(port, 4, stop)
    try:
        time.sleep(1)  # every sync worker (or some threads) has taken a slow socket
        took = answered(port, seconds=5)
        assert (took is None) is holds, took
    finally:
        stop.set()
        for thread in held:
            thread.join(5)
        server.stop()
