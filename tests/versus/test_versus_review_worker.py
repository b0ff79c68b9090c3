"""A real Celery worker on the hint queue alone reviews a finished table's moves: asked
through the API, routed to the hint queue (the routing table), valued on the table's market."""

import pytest
from django.conf import settings
from helpers.processes import start_worker, wait_until
from helpers.versus import sit_down, versus_move
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from solver.game import TURNS
from versus import services as versus_service
from versus.models import VersusAnalysis

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_worker_on_the_hint_queue_reviews_a_finished_table(celery_test_broker, alice_api):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    game = sit_down(alice_api, opponents=2)
    while game["status"] == "playing":  # the opponents played here, not on a worker
        alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
        versus_service.do_play_opponents(game["id"])
        game = alice_api.get(f"/api/versus/{game['id']}/").json()
    worker = start_worker(celery_test_broker, REDIS_URL, queues=(settings.CALICO_HINT_QUEUE,))
    try:
        url = f"/api/versus/{game['id']}/analysis/"
        assert alice_api.post(url).status_code == 202
        wait_until(
            lambda: VersusAnalysis.objects.filter(status__in=("ready", "failed")),
            "the versus review is computed",
        )
        review = alice_api.get(url).json()
        assert review["status"] == "ready", VersusAnalysis.objects.get().error
        assert review["market"] == "table" and len(review["turns"]) == TURNS
        assert review["progress"] == {"done": TURNS, "total": TURNS}
    finally:
        worker.stop()
