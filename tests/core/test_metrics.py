"""``GET /metrics``: Prometheus text (request latency by view, queue depths, hint and analysis
latency, today's par), for the internal networks only, added up over gunicorn's processes."""

import concurrent.futures
import datetime
import time
import urllib.request

import pytest
from django.utils import timezone
from helpers.games import GOAL_CELLS
from helpers.processes import free_port, start_gunicorn
from prometheus_client.parser import text_string_to_metric_families
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from puzzles.game_state import deal_of
from puzzles.models import Hint
from puzzles.services.games import do_start_game
from puzzles.tasks import compute_solver_run


def samples(text: str) -> dict[tuple[str, tuple], float]:
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def scrape(client) -> dict:
    response = client.get("/metrics")
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/plain")
    return samples(response.content.decode())


def test_only_the_internal_networks_may_read_it(client, settings, db):
    outside = {"REMOTE_ADDR": "203.0.113.5"}
    assert client.get("/metrics", **outside).status_code == 404
    assert client.get("/metrics").status_code == 200  # the test client is 127.0.0.1
    settings.CALICO_METRICS_ALLOW = ["203.0.113.0/24"]
    assert client.get("/metrics", **outside).status_code == 200
    assert client.get("/metrics").status_code == 404
    # a header a client writes does not make it internal
    settings.CALICO_METRICS_ALLOW = ["127.0.0.1/32"]
    assert client.get("/metrics", HTTP_X_FORWARDED_FOR="127.0.0.1", **outside).status_code == 404


def test_the_scraped_names_are_the_ones_scrapers_know(client, daily):
    """What core reports of the apps (each job model's ``metric``, each app's declared
    figures), found over the installed apps, keeps the names dashboards and alerts read."""
    text = client.get("/metrics").content.decode()
    names = {family.name for family in text_string_to_metric_families(text)}
    assert {
        "calico_broker_up",
        "calico_queue_depth",
        "calico_database_up",
        "calico_hint_latency_seconds_last_hour",
        "calico_hints_computed_last_hour",
        "calico_analysis_latency_seconds_last_hour",
        "calico_analyses_computed_last_hour",
        "calico_par_status",
    } <= names, sorted(names)


def test_request_latency_by_view(client, daily):
    before = scrape(client)
    for _ in range(3):
        assert client.get("/api/daily/").status_code == 200
    after = scrape(client)
    key = (
        "calico_request_seconds_count",
        (("method", "GET"), ("status", "200"), ("view", "api-daily")),
    )
    assert after[key] - before.get(key, 0) == 3, sorted(k for k in after if "count" in k[0])


def test_queue_depths_latency_and_par(client, daily, celery_test_broker, alice):
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    from django.conf import settings

    default = celery_test_broker.conf.task_default_queue
    before = scrape(client)[("calico_queue_depth", (("queue", default),))]
    for _ in range(2):
        compute_solver_run.delay(10**9)  # nobody consumes this run's queues here
    now = timezone.now()
    goals = dict(zip(GOAL_CELLS, deal_of(daily).setup.goal_options, strict=False))
    game = do_start_game(alice, date=daily.date, goals=goals)
    for turn, seconds in enumerate((0.5, 1.0, 2.0, 8.0), start=1):
        Hint.objects.create(
            game=game,
            turn=turn,
            status="ready",
            position=f"p{turn}",
            sent_at=now - datetime.timedelta(seconds=seconds),
            finished_at=now,
        )
    found = scrape(client)
    hints = settings.CALICO_HINT_QUEUE
    assert found[("calico_queue_depth", (("queue", default),))] == before + 2
    assert ("calico_queue_depth", (("queue", hints),)) in found
    assert found[("calico_broker_up", ())] == 1
    assert found[("calico_hints_computed_last_hour", ())] == 4
    latency = "calico_hint_latency_seconds_last_hour"
    assert found[(latency, (("quantile", "1"),))] == pytest.approx(8.0, abs=0.01)
    assert 1.0 <= found[(latency, (("quantile", "0.5"),))] <= 2.0
    assert found[("calico_analyses_computed_last_hour", ())] == 0
    assert found[("calico_par_status", (("status", "pending"),))] == 1
    assert found[("calico_par_status", (("status", "ready"),))] == 0


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_gunicorns_processes_are_added_up(daily, services, tmp_path):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    port = free_port()
    services.append(start_gunicorn(port, PROMETHEUS_MULTIPROC_DIR=str(tmp_path)))
    site = f"http://127.0.0.1:{port}"

    def daily_page(_):
        with urllib.request.urlopen(f"{site}/api/daily/", timeout=10) as answer:
            return answer.status

    # Which process accepts a request is the kernel's choice (a busy machine can hand one of
    # them every request of a batch): batches until both have served, counting every request.
    sent, deadline = 0, time.monotonic() + 60
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        while sent < 40 or len(list(tmp_path.glob("histogram_*.db"))) < 2:
            assert time.monotonic() < deadline, "one gunicorn process served every request"
            assert set(pool.map(daily_page, range(8))) == {200}
            sent += 8
    with urllib.request.urlopen(f"{site}/metrics", timeout=10) as answer:
        found = samples(answer.read().decode())
    key = (
        "calico_request_seconds_count",
        (("method", "GET"), ("status", "200"), ("view", "api-daily")),
    )
    assert found[key] == sent, "both processes' requests added up"


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_database_that_does_not_answer_is_reported_not_a_500(services):
    port = free_port()
    dead_database = f"postgres://postgres@127.0.0.1:{free_port()}/test"
    services.append(start_gunicorn(port, DATABASE_URL=dead_database))
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30) as answer:
        found = samples(answer.read().decode())
    assert found[("calico_database_up", ())] == 0
    assert ("calico_broker_up", ()) in found


def test_a_request_through_a_proxy_on_the_same_host_is_never_internal(client, settings, db):
    """Issue 41, point 13: behind a reverse proxy on the same host, every request arrives from
    loopback, so /metrics was public. A request that carries a proxy's forwarding header is
    the outside world's; a scraper with the token may read it through the proxy."""
    for header in ("HTTP_X_FORWARDED_FOR", "HTTP_X_REAL_IP", "HTTP_FORWARDED"):
        assert (
            client.get("/metrics", REMOTE_ADDR="127.0.0.1", **{header: "203.0.113.5"}).status_code
            == 404
        )
    assert client.get("/metrics", REMOTE_ADDR="127.0.0.1").status_code == 200  # a direct scrape
    settings.CALICO_METRICS_TOKEN = "a scraper's secret"
    proxied = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "203.0.113.5"}
    assert (
        client.get(
            "/metrics", **proxied, HTTP_AUTHORIZATION="Bearer a scraper's secret"
        ).status_code
        == 200
    )
    assert client.get("/metrics", **proxied, HTTP_AUTHORIZATION="Bearer a guess").status_code == 404
