"""``GET /healthz`` with real parts: a Celery worker started and stopped, a Redis shut down,
a server whose database does not answer, a day without its challenge."""

import json
import urllib.error
import urllib.request

import pytest
from processes import ThrowawayRedis, free_port, start_gunicorn, start_worker
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def real_servers(transactional_db):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")


def health(client) -> tuple[int, dict]:
    response = client.get("/healthz")
    return response.status_code, response.json()


def test_healthy_with_a_worker_names_the_day_and_its_par(
    client, daily, celery_test_broker, services
):
    services.append(start_worker(celery_test_broker, REDIS_URL))
    status, report = health(client)
    assert status == 200, report
    assert report["database"] == report["broker"] == report["workers"]["status"] == "ok"
    assert report["today"]["challenge"] == daily.date.isoformat()
    assert report["today"]["par"]["status"] in ("pending", "ready")
    assert report["down"] == []


def test_a_stopped_worker_is_named(client, daily, celery_test_broker, services):
    worker = start_worker(celery_test_broker, REDIS_URL)
    services.append(worker)
    assert health(client)[0] == 200
    worker.stop()
    status, report = health(client)
    assert status == 503
    assert report["down"] == ["workers"]
    assert celery_test_broker.conf.task_default_queue in report["workers"]["status"]
    assert report["detail"] == "down: workers"


def test_a_broker_that_is_down_is_named(client, daily, use_broker):
    redis = ThrowawayRedis()
    use_broker(redis.url)
    redis.shutdown()
    status, report = health(client)
    assert status == 503
    assert report["broker"] == "down"
    assert report["down"] == ["broker", "workers"]
    assert report["database"] == "ok"


def test_a_database_that_does_not_answer_is_named(daily, services):
    """A server process whose database is stopped (nothing listens on its port)."""
    port = free_port()
    dead_database = f"postgres://postgres@127.0.0.1:{free_port()}/test"
    services.append(start_gunicorn(port, DATABASE_URL=dead_database))
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=30)
    assert answer.value.code == 503
    report = json.load(answer.value)
    assert report["database"].startswith("down")
    assert "database" in report["down"]
    assert report["today"] == {"challenge": None, "par": None}


def test_a_day_without_its_challenge_is_named(client, celery_test_broker, services):
    services.append(start_worker(celery_test_broker, REDIS_URL))
    status, report = health(client)
    assert status == 503
    assert report["down"] == ["today"]
    assert report["today"]["challenge"] is None


def test_only_get(client):
    assert client.post("/healthz").status_code == 405
