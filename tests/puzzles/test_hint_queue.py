"""Hints have a Celery queue of their own: a worker on it serves a hint while the solver-run
queue (par, best-known) waits, so a par run never delays a hint."""

import pytest
from django.conf import settings
from processes import start_worker, wait_until
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from puzzles.models import Hint, SolverRun
from puzzles.services.challenges import ensure_challenge, today


def test_the_queues_share_no_binding():
    """A worker declares its queues' bindings: had the hint queue the default queue's
    exchange and key, every solver run would land in it too (and every hint in the other)."""
    from calico_site.celery import app

    queues = app.amqp.Queues(settings.CELERY_TASK_QUEUES)  # as a worker's, from settings
    bindings = {(queue.exchange.name, queue.routing_key) for queue in queues.values()}
    assert len(queues) == len(bindings) == 2, bindings


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_hint_is_served_while_the_solver_runs_wait(celery_test_broker, alice_api, start_game):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    worker = start_worker(celery_test_broker, REDIS_URL, queues=(settings.CALICO_HINT_QUEUE,))
    try:
        # The par run is sent before the hint: were it routed to the hint queue too, this
        # worker would have run it before the hint.
        challenge = ensure_challenge(today())
        game = start_game(alice_api)
        asked = alice_api.post(f"/api/games/{game['id']}/hints/")
        assert asked.status_code == 202
        hint = wait_until(
            lambda: Hint.objects.exclude(status="pending").filter(pk=asked.json()["id"]).first(),
            "the hint is computed",
        )
        assert hint.status == "ready", hint.error
        par = SolverRun.objects.get(challenge=challenge, kind="par")
        assert par.status == "pending"  # nobody consumes the solver-run queue here
    finally:
        worker.stop()
