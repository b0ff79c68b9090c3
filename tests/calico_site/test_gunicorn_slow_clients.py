"""Slow clients (issue 41, point 4; issue 47, point 1): with the site's gunicorn settings (its
threaded worker that reads each request in its event loop, calico_site/gunicorn_worker.py),
sockets that send their request a byte at a time hold no thread: more of them than the site
has threads leave the liveness probe answered. gunicorn's plain sync workers (the README's
production command before issue 41) are held by four, its plain threaded workers (before
issue 47) by one more than their threads."""

import http.client
import socket
import threading
import time

import pytest
from helpers.processes import Service, database_url, free_port, wait_until

from calico_site import processes as site_processes

pytestmark = pytest.mark.integration


def served(port: int, *options: str) -> Service:
    server = Service(
        site_processes.gunicorn(port, options=("--timeout", "30", *options)),
        {
            "DJANGO_SETTINGS_MODULE": "calico_site.settings",
            "DATABASE_URL": database_url(),
            "CELERY_BROKER_URL": "memory://",
        },
        "gunicorn",
    )
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


def slow_sockets(
    port: int, count: int, stop: threading.Event, start: bytes = b""
) -> list[threading.Thread]:
    """Connections that send a request's headers a byte every 0.2 s (a slowloris), after
    ``start`` (whole requests, sent at once)."""

    def trickle():
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(start + b"GET /healthz/live HTTP/1.1\r\nHost: 127.0.0.1\r\n")
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


THREADS = 2 * 2  # the test's gunicorn: 2 processes of 2 threads


@pytest.mark.parametrize(
    ("options", "holds"),
    [((), False), (("--worker-class", "gthread"), True)],
    ids=["site settings", "gunicorn's threaded workers (before)"],
)
def test_more_slow_sockets_than_threads_leave_the_probe_answered(options, holds):
    """Twice as many slow sockets as threads, half of them after a whole request on the same
    connection (a kept-alive connection's next request, read ahead): every probe is answered,
    beside them, with the site's worker; gunicorn's threaded worker leaves probes unanswered
    (its threads wait on the slow sockets, until something of gunicorn's frees one)."""
    port = free_port()
    server = served(port, "--config", "python:calico_site.gunicorn", "--threads", "2", *options)
    whole = b"GET /healthz/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    stop = threading.Event()
    held = [
        *slow_sockets(port, THREADS, stop),
        *slow_sockets(port, THREADS, stop, start=whole),
    ]
    try:
        time.sleep(2)  # every slow socket has sent its first bytes
        probes = [answered(port, seconds=10) for _ in range(3)]
        assert (None in probes) is holds, probes
    finally:
        stop.set()
        for thread in held:
            thread.join(5)
        server.stop()


def test_kept_alive_connections_bodies_and_pipelined_requests_are_served():
    """The request read in the event loop reaches the site whole: a POST's body, several
    requests on one kept-alive connection, two requests sent in one write."""
    port = free_port()
    server = served(port, "--config", "python:calico_site.gunicorn")
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        body = b'{"username": "' + b"x" * 5000 + b'"}'
        for _ in range(3):
            connection.request(
                "POST", "/api/auth/token/", body, {"Content-Type": "application/json"}
            )
            answer = connection.getresponse()
            assert answer.status == 400, answer.read()  # the body was read: no password
            assert b"password" in answer.read()
        connection.close()
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            request = b"GET /healthz/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            sock.sendall(request * 2)
            read = b""
            while read.count(b"HTTP/1.1 200") < 2:
                chunk = sock.recv(65536)
                assert chunk, read
                read += chunk
    finally:
        server.stop()
