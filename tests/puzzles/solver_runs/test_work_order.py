"""The work a player waits for first: par and the day's dawn hints go to the default queue,
the long runs nobody waits for (best-known scores, scenario pass rates) to the background
queue, so that on a fresh site and at each rollover par and the dawn hints never wait behind
them (docs/operations.md, "Queues and workers")."""

import datetime
import json

import pytest
from django.conf import settings
from helpers.processes import start_worker, wait_until
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from puzzles.game_state import today
from puzzles.models import Challenge, ParGame, PositionHint, ScenarioPassRate, SolverRun
from puzzles.services import scenarios
from puzzles.services.challenges import do_daily_rollover
from solver.game import SCENARIOS

SMALL_HINTS = {"samples": 4, "candidates": 4}


def queue_of(name: str) -> str:
    """The queue a task is sent to, by the settings' routers, as a send is routed."""
    from calico_site.celery import app

    return app.amqp.router.route({}, name)["queue"].name


def test_the_long_runs_nobody_waits_for_go_to_the_background_queue():
    from calico_site.celery import app

    default = app.conf.task_default_queue
    for name in (
        "puzzles.tasks.compute_solver_run",  # a par run of before
        "puzzles.tasks.compute_par_game",  # par's games
        "puzzles.tasks.hints_of_the_day",
        "puzzles.tasks.hint_of_the_day",
        "puzzles.tasks.hint_ahead",
        "puzzles.tasks.create_daily_challenge",
        "puzzles.tasks.resend_lost_runs",
    ):
        assert queue_of(name) == default, name
    background = ("compute_best_known_run", "compute_scenario_pass_rate")
    for name in (f"puzzles.tasks.{task}" for task in background):
        assert queue_of(name) == settings.CALICO_BACKGROUND_QUEUE, name


def test_a_best_known_run_is_sent_by_its_own_task(daily, yesterday):
    from puzzles.services.solver_runs import BEST_RUN, job_of

    best = SolverRun.objects.create(challenge=yesterday, kind=SolverRun.Kind.BEST)
    assert job_of(best) == BEST_RUN


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_par_and_the_dawn_hints_are_computed_while_the_background_runs_wait(
    celery_test_broker, settings
):
    """A fresh site as `make serve` makes it, in the order it sends: a closed day's
    best-known run and every scenario's pass rate first, then today's challenge (par, dawn
    hints). A worker on the default queue computes par and every dawn hint; the background
    runs, sent before them, are still waiting (on one queue, as before, that worker took
    them first)."""
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    settings.CALICO_HINTS_AHEAD = True
    settings.CALICO_HINT_OPTIONS = SMALL_HINTS
    Challenge.objects.create(
        date=today() - datetime.timedelta(days=1), seed="closed", commitment="c"
    )
    scenarios.do_ensure_pass_rates()  # ten pass-rate runs, sent first
    do_daily_rollover()  # the closed day's best-known run, then today's par and dawn hints
    worker = start_worker(
        celery_test_broker,
        REDIS_URL,
        queues=(celery_test_broker.conf.task_default_queue,),
        CALICO_HINTS_AHEAD="1",
        CALICO_HINT_OPTIONS=json.dumps(SMALL_HINTS),
    )
    try:
        challenge = Challenge.objects.get(date=today())
        par = SolverRun.objects.filter(challenge=challenge, kind=SolverRun.Kind.PAR)
        done = wait_until(
            lambda: par.filter(status__in=["ready", "failed"]).first(), "par is computed", 180
        )
        assert done.status == "ready", done.error
        from puzzles.services.hints import _arrangements

        dawn = len(_arrangements(challenge))
        wait_until(lambda: PositionHint.objects.count() >= dawn, "every dawn hint is computed", 300)
        # the dawn hints were ahead of par's games in the queue: all in before any game
        last_hint = max(PositionHint.objects.values_list("created_at", flat=True))
        first_game = min(ParGame.objects.values_list("finished_at", flat=True))
        assert last_hint < first_game, "a par game ran before a dawn hint"
        best = SolverRun.objects.get(kind=SolverRun.Kind.BEST)
        assert (best.status, best.heartbeat_at) == ("pending", None), "a best-known run ran"
        rates = ScenarioPassRate.objects.filter(status="pending", heartbeat_at=None)
        assert rates.count() == len(SCENARIOS), "a pass rate ran before par"
    finally:
        worker.stop()


def test_the_versus_tasks_answer_to_their_names_of_before_too():
    """A message sent by the code of before (``puzzles.tasks.*``), in the broker during a
    deploy, finds the same task."""
    from calico_site.celery import app
    from versus import tasks

    for legacy, (task, _) in tasks.LEGACY_NAMES.items():
        assert app.tasks[legacy].run is task.run
        assert task.name.startswith("versus.tasks.")
