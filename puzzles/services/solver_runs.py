"""Par (the fair solver's game, from what a player sees) and the best-known score (the
hindsight solver, which reads the bag) of a challenge, computed by a worker.

A run whose worker died is sent again, and a run is never computed twice at once: the worker
claims the row (``heartbeat_at``, one atomic update) and beats on it every
``CALICO_RUN_HEARTBEAT_SECONDS`` while it computes. A pending run is **lost** when its
heartbeat is older than ``CALICO_RUN_LOST_SECONDS`` (its worker was killed, or restarted
cold), or when it was sent longer ago than the hard time limit plus a margin and never claimed
(its message was lost). Lost runs are sent again by the beat task ``resend_lost_runs`` (each
minute) and by the daily rollover; a message that arrives for a run claimed by a live worker
is dropped. The database decides, not the broker: see the acknowledgement policy in
``calico_site/settings.py``.
"""

import datetime
import logging
import threading

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from solver.search import make_player, play_game

from ..game_state import deal_of
from ..models import SolverRun
from .worker_queue import lost_after

log = logging.getLogger(__name__)

STRATEGY = {SolverRun.Kind.PAR: "fair", SolverRun.Kind.BEST: "hindsight"}


def _options(kind: str) -> dict:
    if kind == SolverRun.Kind.PAR:
        return settings.CALICO_PAR_OPTIONS
    return settings.CALICO_BEST_OPTIONS


def _stale_before() -> datetime.datetime:
    return timezone.now() - datetime.timedelta(seconds=settings.CALICO_RUN_LOST_SECONDS)


def lost_runs():
    """Pending runs that no live worker computes: claimed with a stale heartbeat, or sent
    (or never sent) long enough ago that the message must be gone."""
    unclaimed_since = timezone.now() - lost_after(settings.CELERY_TASK_SOFT_TIME_LIMIT)
    return SolverRun.objects.filter(status=SolverRun.Status.PENDING).filter(
        Q(heartbeat_at__lt=_stale_before())
        | Q(heartbeat_at__isnull=True, sent_at__isnull=True)
        | Q(heartbeat_at__isnull=True, sent_at__lt=unclaimed_since)
    )


def do_send_run(run_id: int) -> None:
    """Send a run to the workers (after commit); with the broker down the day still opens
    (the run stays pending, unsent, and the next check sends it again)."""
    from ..tasks import compute_solver_run

    SolverRun.objects.filter(pk=run_id).update(sent_at=timezone.now())
    try:
        compute_solver_run.delay(run_id)
    except Exception as exc:
        log.warning("solver run %s not enqueued: %s", run_id, exc)
        SolverRun.objects.filter(pk=run_id).update(sent_at=None)


def do_resend_lost_runs(*, failed_too: bool = False) -> list[int]:
    """Send every lost run again (and, from the daily rollover, every failed one, with its
    attempts counted afresh). A run lost ``CALICO_RUN_ATTEMPTS`` times is marked failed
    instead, so that a run that kills its worker (memory) does not loop. Returns the runs
    sent."""
    if failed_too:
        failed = SolverRun.objects.filter(status=SolverRun.Status.FAILED)
        run_ids = list(failed.union(lost_runs()).values_list("pk", flat=True))
        SolverRun.objects.filter(pk__in=run_ids).update(attempts=0, heartbeat_at=None)
    else:
        given_up = lost_runs().filter(attempts__gte=settings.CALICO_RUN_ATTEMPTS)
        for run_id in given_up.values_list("pk", flat=True):
            log.error("solver run %s: its worker was lost at every attempt; failed", run_id)
        given_up.update(
            status=SolverRun.Status.FAILED,
            error=f"its worker was lost {settings.CALICO_RUN_ATTEMPTS} times",
            heartbeat_at=None,
        )
        run_ids = list(lost_runs().values_list("pk", flat=True))
    for run_id in run_ids:
        log.warning("solver run %s was lost or failed: sending it again", run_id)
        transaction.on_commit(lambda run_id=run_id: do_send_run(run_id))
    return run_ids


def _claim(run_id: int) -> bool:
    """Take the run for this worker: only if it is not ready and no live worker holds it."""
    claimed = (
        SolverRun.objects.filter(pk=run_id)
        .exclude(status=SolverRun.Status.READY)
        .filter(Q(heartbeat_at__isnull=True) | Q(heartbeat_at__lt=_stale_before()))
        .update(
            heartbeat_at=timezone.now(),
            status=SolverRun.Status.PENDING,
            attempts=F("attempts") + 1,
        )
    )
    return claimed == 1


class Heartbeat(threading.Thread):
    """Beats on the claimed row while the solver computes (a thread: the solver's loop is
    long and offers no hook); a row no longer claimed is left alone."""

    def __init__(self, run_id: int):
        super().__init__(daemon=True, name=f"heartbeat-{run_id}")
        self.run_id, self.stopped = run_id, threading.Event()

    def run(self):
        try:
            while not self.stopped.wait(settings.CALICO_RUN_HEARTBEAT_SECONDS):
                SolverRun.objects.filter(pk=self.run_id, heartbeat_at__isnull=False).update(
                    heartbeat_at=timezone.now()
                )
        finally:
            connection.close()  # this thread's own connection


def do_compute_solver_run(run_id: int) -> SolverRun | None:
    run = SolverRun.objects.select_related("challenge").filter(pk=run_id).first()
    if run is None or run.status == SolverRun.Status.READY:
        return run
    if not _claim(run_id):
        log.info("solver run %s is being computed by another worker: message dropped", run_id)
        return run
    challenge = run.challenge
    heartbeat = Heartbeat(run_id)
    heartbeat.start()
    try:
        player = make_player(STRATEGY[run.kind], seed=challenge.seed, **_options(run.kind))
        record = play_game(deal_of(challenge), player)
    except Exception as exc:  # a solver failure is recorded, never lost in a worker log
        log.exception("solver run %s failed", run_id)
        SolverRun.objects.filter(pk=run_id).update(
            status=SolverRun.Status.FAILED, error=f"{type(exc).__name__}: {exc}", heartbeat_at=None
        )
        raise
    finally:
        heartbeat.stopped.set()
        heartbeat.join()
    with transaction.atomic():
        run = SolverRun.objects.select_for_update().get(pk=run_id)
        run.status = SolverRun.Status.READY
        run.score = record.score["total"]
        run.moves = record.moves
        run.goals = record.goals
        run.error = ""
        run.heartbeat_at = None
        run.save()
    return run
