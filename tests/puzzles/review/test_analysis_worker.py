"""A real Celery worker process analyses a finished game, counting its progress in turns."""

import pytest
from waiting import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_worker_analyses_a_finished_game(
    celery_worker_process, alice_api, start_game, play_through
):
    game = play_through(alice_api, start_game(alice_api))[-1]
    url = f"/api/games/{game['id']}/analysis/"
    asked = alice_api.post(url)
    assert asked.status_code == 202 and asked.json()["status"] == "pending"
    done = wait_for(lambda: alice_api.get(url).json(), lambda a: a["status"] in ("ready", "failed"))
    assert done["status"] == "ready" and done["progress"] == {"done": 22, "total": 22}
    assert len(done["turns"]) == 22 and 0 <= done["accuracy"] <= 100
    assert alice_api.post(url).json() == done  # asked again: the same analysis
