"""A real Celery worker on the hint queue alone computes a versus hint: asked through the API,
routed to the hint queue (the routing table), ready when polled, and its move is played."""

import pytest
from django.conf import settings
from helpers.processes import start_worker, wait_until
from helpers.versus import sit_down
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from versus.models import VersusHint

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_worker_on_the_hint_queue_computes_a_versus_hint(celery_test_broker, alice_api):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    worker = start_worker(celery_test_broker, REDIS_URL, queues=(settings.CALICO_HINT_QUEUE,))
    try:
        game = sit_down(alice_api, opponents=3, level="hard")
        asked = alice_api.post(f"/api/versus/{game['id']}/hints/", {"turn": 1}, "json")
        assert asked.status_code == 202, asked.content
        url = f"/api/versus/{game['id']}/hints/{asked.json()['id']}/"
        wait_until(
            lambda: VersusHint.objects.exclude(status="pending").filter(pk=asked.json()["id"]),
            "the versus hint is computed",
        )
        hint = alice_api.get(url).json()
        assert hint["status"] == "ready", VersusHint.objects.get().error
        assert hint["reasons"] and hint["stale"] is False
        move = {"turn": 1, **hint["move"]}
        assert alice_api.post(f"/api/versus/{game['id']}/moves/", move, "json").status_code == 200
        assert alice_api.get(url).json()["stale"] is True
    finally:
        worker.stop()
