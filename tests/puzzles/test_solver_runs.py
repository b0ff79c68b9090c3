"""Lost solver runs (puzzles/services/solver_runs.py): a par or best-known run whose worker
died is sent again, never while a live worker computes it; the daily rollover sends failed
and lost runs, not runs in progress; a worker SIGKILLed mid-par and the run finished by
another."""

import datetime

import pytest
from django.utils import timezone
from helpers.processes import start_worker, wait_until
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from puzzles.game_state import today
from puzzles.models import Challenge, SolverRun
from puzzles.services import solver_runs
from puzzles.services.challenges import do_daily_rollover, do_ensure_challenge

TINY_FAIR = {"playout_width": 1, "samples": 1, "depth": 1}


def ago(seconds: float) -> datetime.datetime:
    return timezone.now() - datetime.timedelta(seconds=seconds)


@pytest.fixture
def runs(db, settings):
    """One par run per state, each on a day of its own."""
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
        made[name] = SolverRun.objects.create(challenge=challenge, kind="par", **fields).pk
    return made


def names(runs: dict, run_ids) -> set[str]:
    return {name for name, pk in runs.items() if pk in run_ids}


def test_lost_runs_are_sent_again_and_runs_in_progress_are_not(runs):
    assert names(runs, solver_runs.do_resend_lost_runs()) == {"lost", "never sent", "message lost"}


def test_the_rollover_sends_failed_and_lost_runs_never_running_or_queued_ones(
    runs, django_capture_on_commit_callbacks
):
    before = dict(SolverRun.objects.values_list("pk", "sent_at"))
    with django_capture_on_commit_callbacks(execute=True):
        do_daily_rollover()
    after = dict(SolverRun.objects.values_list("pk", "sent_at"))
    sent = {pk for pk, when in after.items() if pk in before and when != before[pk]}
    assert names(runs, sent) == {"lost", "never sent", "message lost", "failed"}


def test_a_run_held_by_a_live_worker_is_not_computed_twice(runs, settings):
    """A second message for a run being computed (a resend, a redelivery) is dropped."""
    settings.CALICO_PAR_OPTIONS = TINY_FAIR
    solver_runs.do_compute_solver_run(runs["running"])
    run = SolverRun.objects.get(pk=runs["running"])
    assert (run.status, run.attempts) == ("pending", 1)
    solver_runs.do_compute_solver_run(runs["lost"])  # its worker is gone: this one takes it
    run = SolverRun.objects.get(pk=runs["lost"])
    assert (run.status, run.attempts, run.heartbeat_at) == ("ready", 2, None)


def test_a_run_lost_at_every_attempt_is_failed_not_looped(runs, settings):
    settings.CALICO_RUN_ATTEMPTS = 1
    assert names(runs, solver_runs.do_resend_lost_runs()) == {"never sent", "message lost"}
    run = SolverRun.objects.get(pk=runs["lost"])
    assert run.status == "failed" and "lost 1 times" in run.error


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_par_has_the_run_sent_again(celery_test_broker, settings, services):
    """A worker computes today's par at full strength (minutes); it is SIGKILLed mid-run. While
    it ran, neither the lost-run check nor the rollover sent the run again; once its
    heartbeat is stale the check sends it, and a second worker finishes it."""
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    settings.CALICO_RUN_LOST_SECONDS = 4
    beats = {"CALICO_RUN_HEARTBEAT_SECONDS": "0.5", "CALICO_RUN_LOST_SECONDS": "4"}
    first = start_worker(celery_test_broker, REDIS_URL, CALICO_PAR_OPTIONS="{}", **beats)
    services.append(first)
    challenge = do_ensure_challenge(today())
    par = SolverRun.objects.filter(challenge=challenge, kind="par")
    wait_until(lambda: par.filter(heartbeat_at__isnull=False).exists(), "the worker claims the par")
    claimed = par.get().heartbeat_at
    wait_until(lambda: par.get().heartbeat_at > claimed, "the worker beats on the run")
    assert solver_runs.do_resend_lost_runs() == []
    sent_at = par.get().sent_at
    do_daily_rollover()
    assert par.get().sent_at == sent_at, "the rollover sent a run in progress"

    first.kill()  # SIGKILL: no clean shutdown, no message put back
    assert par.get().status == "pending"
    services.append(start_worker(celery_test_broker, REDIS_URL, **beats))  # tiny options
    resent = wait_until(solver_runs.do_resend_lost_runs, "the lost par is sent again", 30)
    assert resent == [par.get().pk]
    done = wait_until(lambda: par.exclude(status="pending").first(), "the par is computed", 120)
    assert (done.status, done.attempts) == ("ready", 2), done.error
    assert done.score > 0 and len(done.moves) == 22
