"""Lost solver runs (puzzles/services/solver_runs.py): a best-known run whose worker died is
sent again, never while a live worker computes it; the daily rollover sends failed and lost
runs, not runs in progress; a worker SIGKILLed mid-par and its game finished by another
(par's games alone: tests/puzzles/solver_runs/test_par_games.py)."""

import datetime
import json

import pytest
from django.utils import timezone
from helpers.processes import start_worker, wait_until
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from puzzles.game_state import today
from puzzles.models import Challenge, ParGame, SolverRun
from puzzles.services import solver_runs
from puzzles.services.challenges import do_daily_rollover, do_ensure_challenge

TINY_HINDSIGHT = {"kept": 1, "piloted": 2, "arrangements": 2}


def ago(seconds: float) -> datetime.datetime:
    return timezone.now() - datetime.timedelta(seconds=seconds)


@pytest.fixture
def runs(db, settings):
    """One best-known run per state, each on a day of its own."""
    settings.CALICO_RUN_LOST_SECONDS = 60
    states = {
        "running": {"heartbeat_at": ago(5), "sent_at": ago(100), "attempts": 1},
        "queued": {"sent_at": ago(5)},
        "lost": {"heartbeat_at": ago(120), "sent_at": ago(600), "attempts": 1},
        "never sent": {},
        "message lost": {"sent_at": ago(3 * 3600)},
        "failed": {"status": "failed", "error": "ValueError", "sent_at": ago(600)},
        "ready": {"status": "ready", "score": 50, "sent_at": ago(600)},
    }
    made = {}
    for days, (name, fields) in enumerate(states.items(), start=10):
        challenge = Challenge.objects.create(
            date=today() - datetime.timedelta(days=days), seed=name, commitment=name
        )
        made[name] = SolverRun.objects.create(challenge=challenge, kind="best", **fields).pk
    return made


def names(runs: dict, run_ids) -> set[str]:
    return {name for name, pk in runs.items() if pk in run_ids}


def test_lost_runs_are_sent_again_and_runs_in_progress_are_not(runs):
    assert names(runs, solver_runs.do_resend_lost_runs()) == {"lost", "never sent", "message lost"}


def test_the_rollover_sends_failed_and_lost_runs_never_running_or_queued_ones(
    runs, django_capture_on_commit_callbacks
):
    best = SolverRun.objects.filter(kind="best")
    before = dict(best.values_list("pk", "sent_at"))
    with django_capture_on_commit_callbacks(execute=True):
        do_daily_rollover()
    after = dict(best.values_list("pk", "sent_at"))
    sent = {pk for pk, when in after.items() if pk in before and when != before[pk]}
    assert names(runs, sent) == {"lost", "never sent", "message lost", "failed"}


@pytest.mark.slow  # 3.8 s of CPU: over the fast tests' budget
def test_a_run_held_by_a_live_worker_is_not_computed_twice(runs, settings):
    """A second message for a run being computed (a resend, a redelivery) is dropped."""
    settings.CALICO_BEST_OPTIONS = TINY_HINDSIGHT
    job = solver_runs.BEST_RUN
    solver_runs.do_compute_solver_run(runs["running"], job=job)
    run = SolverRun.objects.get(pk=runs["running"])
    assert (run.status, run.attempts) == ("pending", 1)
    solver_runs.do_compute_solver_run(runs["lost"], job=job)  # its worker is gone: this one
    run = SolverRun.objects.get(pk=runs["lost"])
    assert (run.status, run.attempts, run.heartbeat_at) == ("ready", 2, None)


def test_a_run_lost_at_every_attempt_is_failed_not_looped(runs, settings):
    settings.CALICO_RUN_ATTEMPTS = 1
    assert names(runs, solver_runs.do_resend_lost_runs()) == {"never sent", "message lost"}
    run = SolverRun.objects.get(pk=runs["lost"])
    assert run.status == "failed" and "lost 1 times" in run.error


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_par_has_the_game_sent_again(celery_test_broker, settings, services):
    """A worker computes today's par, one game at a great strength (minutes); it is SIGKILLed
    mid-game. While it ran, neither the lost-run check nor the rollover sent the game again;
    once its heartbeat is stale the check sends it, and a second worker finishes it."""
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    settings.CALICO_RUN_LOST_SECONDS = 4
    settings.CALICO_PAR_GAMES = 1
    beats = {"CALICO_RUN_HEARTBEAT_SECONDS": "0.5", "CALICO_RUN_LOST_SECONDS": "4"}
    slow = json.dumps({"samples": 1000, "candidates": 300})  # minutes a game: killed mid-game
    first = start_worker(celery_test_broker, REDIS_URL, CALICO_PAR_OPTIONS=slow, **beats)
    services.append(first)
    challenge = do_ensure_challenge(today())
    par = SolverRun.objects.filter(challenge=challenge, kind="par")
    game = ParGame.objects.filter(run__in=par)
    wait_until(lambda: game.filter(heartbeat_at__isnull=False).exists(), "the worker claims it")
    claimed = game.get().heartbeat_at
    wait_until(lambda: game.get().heartbeat_at > claimed, "the worker beats on the game")
    assert solver_runs.do_resend_lost_runs() == []
    sent_at = game.get().sent_at
    do_daily_rollover()
    assert game.get().sent_at == sent_at, "the rollover sent a game in progress"

    first.kill()  # SIGKILL: no clean shutdown, no message put back
    assert game.get().status == "pending"
    services.append(start_worker(celery_test_broker, REDIS_URL, **beats))  # tiny options
    resent = wait_until(solver_runs.do_resend_lost_runs, "the lost game is sent again", 30)
    assert resent == [par.get().pk]
    done = wait_until(lambda: par.filter(status="ready").first(), "the par is computed", 120)
    assert game.get().attempts == 2, done.error
    assert done.score == game.get().score > 0 and len(done.moves) == 22
