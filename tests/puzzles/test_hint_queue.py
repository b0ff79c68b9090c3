"""Hints have a Celery queue of their own: a worker on it serves a hint while the solver-run
queue (par, best-known) waits, so a par run never delays a hint."""

import pytest
from django.conf import settings
from processes import start_worker, wait_until
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from puzzles.models import Hint, SolverRun
from puzzles.services.challenges import ensure_challenge, today

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_hint_is_served_while_the_solver_runs_wait(celery_test_broker, alice_api, start_game):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    challenge = ensure_challenge(today())  # its par run goes to the solver-run queue
    game = start_game(alice_api)
    worker = start_worker(celery_test_broker, REDIS_URL, queues=(settings.CALICO_HINT_QUEUE,))
    try:
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
