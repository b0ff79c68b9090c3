"""Several processes, no shared disk (issue 40): the production stack as two web servers and
two Celery workers, each with a working folder of its own (``CALICO_VAR_DIR``, its metrics
folder), sharing only PostgreSQL and Redis. One player's daily goes through both servers as
a load balancer would send it: the guest made on one plays on the other, moves alternate, a
hint asked on one is read on the other, and the share picture and the analysis are the same
from either (docs/operations.md, "Several hosts")."""

import http.client
import json
import uuid
from http.cookies import SimpleCookie
from pathlib import Path

import pytest
from django.conf import settings
from helpers.games import goals_for, next_move
from helpers.processes import free_port, start_gunicorn, start_worker, wait_until
from prometheus_client.parser import text_string_to_metric_families
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

QUICK = json.dumps({"samples": 4, "candidates": 4})  # hints and the analysis: the flow only


class Browser:
    """One browser's cookies (the session, the CSRF token) sent to whichever server answers,
    as behind a load balancer; the CSRF header is read from the cookie, as the pages do."""

    def __init__(self):
        self.cookies = SimpleCookie()

    def call(self, port: int, method: str, path: str, body=None, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        sent = {"Cookie": "; ".join(f"{k}={m.value}" for k, m in self.cookies.items())}
        if "csrftoken" in self.cookies:
            sent["X-CSRFToken"] = self.cookies["csrftoken"].value
        if body is not None:
            sent["Content-Type"] = "application/json"
        try:
            connection.request(
                method,
                path,
                json.dumps(body) if body is not None else None,
                {**sent, **(headers or {})},
            )
            answer = connection.getresponse()
            data = answer.read()
            for cookie in answer.headers.get_all("Set-Cookie") or []:
                self.cookies.load(cookie)
            return answer.status, answer.headers, data
        finally:
            connection.close()

    def json(self, port: int, method: str, path: str, body=None) -> tuple[int, dict]:
        status, _, data = self.call(port, method, path, body)
        return status, json.loads(data or b"{}")


def web_server(folder: Path, cache_prefix: str, queues: dict):
    """A production web server: threaded gunicorn workers, Redis for the broker and the
    cache, its metrics in a folder of its own."""
    port = free_port()
    metrics = folder / f"metrics-{port}"
    metrics.mkdir()
    server = start_gunicorn(
        port,
        "--workers",
        "1",
        "--config",
        "python:calico_site.gunicorn",
        REDIS_URL=REDIS_URL,
        CELERY_BROKER_URL=REDIS_URL,
        CACHE_KEY_PREFIX=cache_prefix,
        PROMETHEUS_MULTIPROC_DIR=str(metrics),
        **queues,
    )
    return server, port


def moves_counted(port: int) -> float:
    """The moves this server's own metrics counted."""
    status, _, data = Browser().call(port, "GET", "/metrics")
    assert status == 200, data
    wanted = {"method": "POST", "status": "200", "view": "api-moves"}
    return sum(
        sample.value
        for family in text_string_to_metric_families(data.decode())
        for sample in family.samples
        if sample.name == "calico_request_seconds_count" and sample.labels == wanted
    )


def test_a_daily_played_across_two_web_servers_and_two_workers(
    daily, celery_test_broker, services, tmp_path
):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    queues = {
        "CELERY_QUEUE": celery_test_broker.conf.task_default_queue,
        "CELERY_HINT_QUEUE": settings.CALICO_HINT_QUEUE,
        "CELERY_VERSUS_QUEUE": settings.CALICO_VERSUS_QUEUE,
    }
    for _ in range(2):
        services.append(
            start_worker(
                celery_test_broker,
                REDIS_URL,
                CALICO_HINT_OPTIONS=QUICK,
                CALICO_ANALYSIS_OPTIONS=QUICK,
                REDIS_URL=REDIS_URL,
            )
        )
    prefix = f"calico-test-{uuid.uuid4()}"  # the servers share Redis's cache, as a site does
    (one, a), (two, b) = (web_server(tmp_path, prefix, queues) for _ in range(2))
    services += [one, two]
    folders = {service.folder for service in services}
    assert len(folders) == 4, "each process has a working folder of its own"

    browser = Browser()
    assert browser.call(a, "GET", "/")[0] == 200  # the CSRF cookie
    status, day = browser.json(b, "GET", "/api/daily/")
    assert status == 200, day
    status, game = browser.json(a, "POST", "/api/games/", {"goals": goals_for(day)})
    assert status == 201 and game["ranked"], game  # the guest is made on one server ...
    path = f"/api/games/{game['id']}"
    served = {a: 0, b: 0}
    while game["status"] == "playing":
        port = (a, b)[game["turn"] % 2]  # ... and plays on both
        if game["turn"] == 3:
            status, hint = browser.json(port, "POST", f"{path}/hints/")
            assert status == 202, hint
            other = b if port == a else a

            def hint_read(other=other, hint=hint):
                read = browser.json(other, "GET", f"{path}/hints/{hint['id']}/")[1]
                return read if read["status"] != "pending" else None

            read = wait_until(hint_read, "the hint is read on the other server", 120)
            assert read["status"] == "ready" and read["move"], read
        status, game = browser.json(port, "POST", f"{path}/moves/", next_move(game))
        assert status == 200, game
        served[port] += 1
    assert game["status"] == "finished" and game["hints_used"] == 1
    assert {port: moves_counted(port) for port in (a, b)} == served, "metrics of its own"

    for port in (a, b):
        status, board = browser.json(port, "GET", f"/api/leaderboards/{day['date']}/")
        assert (status, board["me"]["game"], board["count"]) == (200, game["id"], 1), board

    picture = f"/share/{game['id']}/image.png"
    status, headers_a, png_a = browser.call(a, "GET", picture)
    assert status == 200 and png_a.startswith(b"\x89PNG"), png_a[:200]
    status, headers_b, png_b = browser.call(b, "GET", picture)
    assert (status, headers_b["ETag"], png_b) == (200, headers_a["ETag"], png_a)
    unchanged = {"If-None-Match": headers_a["ETag"]}  # a cache that asked the other server
    assert browser.call(b, "GET", picture, headers=unchanged)[0] == 304

    status, asked = browser.json(b, "POST", f"{path}/analysis/")
    assert status == 202, asked

    def analysis_read():
        read = browser.json(a, "GET", f"{path}/analysis/")[1]
        return read if read["status"] in ("ready", "failed") else None

    analysis = wait_until(analysis_read, "the analysis is read on the other server", 300)
    assert analysis["status"] == "ready" and len(analysis["turns"]) == 22, analysis
    assert browser.json(b, "GET", f"{path}/analysis/")[1] == analysis
