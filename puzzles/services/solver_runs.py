"""Par (the fair solver's game, from what a player sees) and the best-known score (the
hindsight solver, which reads the bag) of a challenge, computed by a worker.

A run whose worker died is sent again, and a run is never computed twice at once: the worker
claims the row (``worker_queue.Job.do_claim``) and beats on it every
``CALICO_RUN_HEARTBEAT_SECONDS`` while it computes. A pending run is **lost** when its
heartbeat is older than ``CALICO_RUN_LOST_SECONDS`` (its worker was killed, or restarted
cold), or when it was sent longer ago than the hard time limit plus a margin and never claimed
(its message was lost), or never sent (the broker refused it). Lost runs are sent again by the
beat task ``resend_lost_runs`` (each minute) and by the daily rollover; a message that arrives
for a run claimed by a live worker is dropped. The database decides, not the broker: see the
acknowledgement policy in ``calico_site/settings.py``.
"""

import logging

from django.conf import settings

from solver.search import make_player, play_game

from ..game_state import deal_of
from ..models import SolverRun
from .worker_queue import RUN_BEAT, Job, WorkerLost

log = logging.getLogger(__name__)

STRATEGY = {SolverRun.Kind.PAR: "fair", SolverRun.Kind.BEST: "hindsight"}
# Sent with Celery's time limits; refused, it stays pending and unsent, for the beat to resend.
# Par on the default queue; the best-known run, which nobody waits for, by a task of its own
# that goes to the background queue (the routing table). Either task computes either kind.
RUN = Job(SolverRun, "puzzles.tasks.compute_solver_run", beat=RUN_BEAT, refusal_fails=False)
BEST_RUN = Job(
    SolverRun, "puzzles.tasks.compute_best_known_run", beat=RUN_BEAT, refusal_fails=False
)


def job_of(run: SolverRun) -> Job:
    """The job (its task, so its queue) of a run of this kind."""
    return BEST_RUN if run.kind == SolverRun.Kind.BEST else RUN


def _options(kind: str) -> dict:
    if kind == SolverRun.Kind.PAR:
        return settings.CALICO_PAR_OPTIONS
    return settings.CALICO_BEST_OPTIONS


def do_send_run(run: SolverRun) -> None:
    """Send a run to the workers once the transaction commits; with the broker down the day
    still opens (the run stays pending, unsent, and the next check sends it again)."""
    job_of(run).do_reopen(run)


def do_resend_lost_runs(*, failed_too: bool = False) -> list[int]:
    """Send every lost run again (and, from the daily rollover, every failed one, with its
    attempts counted afresh). A run lost ``CALICO_RUN_ATTEMPTS`` times is marked failed
    instead, so that a run that kills its worker (memory) does not loop. Returns the runs
    sent."""
    lost = RUN.lost_rows()
    if failed_too:
        runs = [*SolverRun.objects.filter(status=SolverRun.Status.FAILED), *lost]
    else:
        runs = [run for run in lost if run.attempts < settings.CALICO_RUN_ATTEMPTS]
        for run in lost:
            if run.attempts >= settings.CALICO_RUN_ATTEMPTS:
                lost_text = f"its worker was lost {settings.CALICO_RUN_ATTEMPTS} times"
                job_of(run).do_record_failure(run, WorkerLost(lost_text))
    for run in runs:
        log.warning("solver run %s was lost or failed: sending it again", run.pk)
        job_of(run).do_reopen(run, **({"attempts": 0} if failed_too else {}))
    return [run.pk for run in runs]


def do_compute_solver_run(run_id: int, *, job: Job = RUN) -> SolverRun | None:
    """Compute the run (``job``: the task that was sent, named in a failure's text)."""
    return job.do_run(run_id, _play, related=("challenge",))


def _play(run: SolverRun) -> dict:
    challenge = run.challenge
    player = make_player(STRATEGY[run.kind], seed=challenge.seed, **_options(run.kind))
    record = play_game(deal_of(challenge), player)
    return {"score": record.score["total"], "moves": record.moves, "goals": record.goals}
