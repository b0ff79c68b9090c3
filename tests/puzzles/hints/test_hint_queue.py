"""Hints have a Celery queue of their own, and so do the versus opponents (every task a player
waits for: ``settings.CELERY_TASK_ROUTES``): workers on them serve them while the solver-run queue
(par, best-known) waits, so a par run never delays them; and an opponent never takes the
hint queue."""

import pytest
from django.conf import settings
from helpers.games import GOAL_CELLS
from helpers.processes import start_worker, wait_until
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from puzzles.game_state import today
from puzzles.models import Hint, SolverRun
from puzzles.services.challenges import do_ensure_challenge


def test_the_queues_share_no_binding():
    """A worker declares its queues' bindings: had the hint queue the default queue's
    exchange and key, every solver run would land in it too (and every hint in the other)."""
    from calico_site.celery import app

    queues = app.amqp.Queues(settings.CELERY_TASK_QUEUES)  # as a worker's, from settings
    bindings = {(queue.exchange.name, queue.routing_key) for queue in queues.values()}
    assert len(queues) == len(bindings) == 4, bindings


def test_versus_opponents_have_a_queue_of_their_own():
    """Routed as a send is, by the routers of the settings (puzzles', then versus')."""
    from calico_site.celery import app
    from puzzles import tasks
    from versus import tasks as versus_tasks

    def queue(task) -> str:
        return app.amqp.router.route({}, task.name)["queue"].name

    hints = {queue(tasks.compute_hint), queue(versus_tasks.compute_versus_hint)}
    assert hints == {queue(versus_tasks.compute_versus_analysis), settings.CALICO_HINT_QUEUE}
    assert queue(versus_tasks.play_versus_opponents) == settings.CALICO_VERSUS_QUEUE
    assert queue(tasks.compute_solver_run) == app.conf.task_default_queue


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_hints_and_opponents_are_served_while_the_solver_runs_wait(
    celery_test_broker, alice_api, start_game
):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    worker = start_worker(
        celery_test_broker,
        REDIS_URL,
        queues=(settings.CALICO_HINT_QUEUE, settings.CALICO_VERSUS_QUEUE),
    )
    try:
        # The par run is sent before the hint: were it routed to the hint queue too, this
        # worker would have run it before the hint.
        challenge = do_ensure_challenge(today())
        game = start_game(alice_api)
        table = alice_api.post("/api/versus/", {"opponents": 1, "level": "easy"}, "json").json()
        goals = dict(zip(GOAL_CELLS, table["you"]["goal_options"], strict=False))
        table = alice_api.post(f"/api/versus/{table['id']}/goals/", {"goals": goals}, "json").json()
        move = {
            "turn": 1,
            "hand_index": 0,
            "cell": table["you"]["empty_cells"][0],
            "market_index": 0,
        }
        assert alice_api.post(f"/api/versus/{table['id']}/moves/", move, "json").status_code == 200
        asked = alice_api.post(f"/api/games/{game['id']}/hints/")
        assert asked.status_code == 202
        hint = wait_until(
            lambda: Hint.objects.exclude(status="pending").filter(pk=asked.json()["id"]).first(),
            "the hint is computed",
        )
        assert hint.status == "ready", hint.error
        wait_until(
            lambda: alice_api.get(f"/api/versus/{table['id']}/").json()["to_move"] == "you",
            "the opponent has moved",
        )
        par = SolverRun.objects.get(challenge=challenge, kind="par")
        assert par.status == "pending"  # nobody consumes the solver-run queue here
    finally:
        worker.stop()
