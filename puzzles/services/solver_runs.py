"""Par (the fair solver's game, from what a player sees) and the best-known score (the
hindsight solver, which reads the bag) of a challenge, computed by a worker.

A run whose worker died is sent again, and a run is never computed twice at once: the worker
claims the row (``core.jobs.Job.do_claim``) and beats on it every
``CALICO_RUN_HEARTBEAT_SECONDS`` while it computes. A pending run is **lost** when its
heartbeat is older than ``CALICO_RUN_LOST_SECONDS`` (its worker was killed, or restarted
cold), or when it was sent longer ago than the hard time limit plus a margin and never claimed
(its message was lost), or never sent (the broker refused it). Lost runs are sent again by the
beat task ``resend_lost_runs`` (each minute) and by the daily rollover; a message that arrives
for a run claimed by a live worker is dropped. The database decides, not the broker: see the
acknowledgement policy in ``calico_site/settings.py``.
"""

import logging

from celery import current_app, group
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.jobs import RUN_BEAT, UNAVAILABLE, Job, WorkerLost, failure_text
from core.models import WorkStatus
from solver.search import make_player, play_game
from solver.search.par import play_par_game, summary

from ..game_state import deal_of
from ..models import ParGame, SolverRun
from ..solver_options import overrides, site_options

log = logging.getLogger(__name__)

# Sent with Celery's time limits; refused, it stays pending and unsent, for the beat to resend.
# Par's games on the default queue; the best-known run, which nobody waits for, by a task of
# its own that goes to the background queue (the routing table).
RUN = Job(SolverRun, "puzzles.tasks.compute_solver_run", beat=RUN_BEAT, refusal_fails=False)
BEST_RUN = Job(
    SolverRun, "puzzles.tasks.compute_best_known_run", beat=RUN_BEAT, refusal_fails=False
)
PAR_GAME = Job(ParGame, "puzzles.tasks.compute_par_game", beat=RUN_BEAT, refusal_fails=False)


def job_of(run: SolverRun) -> Job:
    """The job (its task, so its queue) of a best-known run."""
    return BEST_RUN if run.kind == SolverRun.Kind.BEST else RUN


def do_send_run(run: SolverRun) -> None:
    """Send a run to the workers once the transaction commits (par: each of its games, as a
    group); with the broker down the day still opens (the run stays pending, unsent, and the
    next check sends it again)."""
    if run.kind == SolverRun.Kind.PAR:
        do_send_par_games(run)
    else:
        job_of(run).do_reopen(run)


def do_send_par_games(run: SolverRun, *, failed_too: bool = False) -> None:
    """Plan par's ``CALICO_PAR_GAMES`` games (rows ``k``, made once) and send every one that
    is not finished, in one group once the transaction commits. ``failed_too``: a failed game
    too, its attempts counted afresh (the rollover)."""
    planned = run.figures.get("of") or settings.CALICO_PAR_GAMES
    ParGame.objects.bulk_create(
        [ParGame(run=run, k=k) for k in range(planned)], ignore_conflicts=True
    )
    statuses = [WorkStatus.PENDING, *([WorkStatus.FAILED] if failed_too else [])]
    games = list(run.par_games.filter(status__in=statuses).order_by("k"))
    now = timezone.now()
    ParGame.objects.filter(pk__in=[g.pk for g in games]).update(
        status=WorkStatus.PENDING,
        error="",
        sent_at=now,
        heartbeat_at=None,
        **({"attempts": 0} if failed_too else {}),
    )
    run.figures = {**_figures(run, []), **run.figures, "of": planned}
    run.status = SolverRun.Status.RUNNING if run.figures.get("games") else WorkStatus.PENDING
    run.sent_at, run.error = now, ""
    run.save(update_fields=["figures", "status", "sent_at", "error"])
    transaction.on_commit(lambda: do_send_group([g.pk for g in games]))


def do_send_group(pks: list[int]) -> bool:
    """Send par's games ``pks`` as one group of tasks (the routing table puts them on the
    default queue); refused by the broker, they stay pending and unsent, so lost at once,
    for the beat to send again. True when sent."""
    if not pks:
        return True
    task = current_app.signature(PAR_GAME.task)
    try:
        group(task.clone(args=(pk,)) for pk in pks).apply_async()
    except Exception as exc:
        log.warning("%s %s not enqueued: %s", PAR_GAME.task, pks, exc)
        error = f"{UNAVAILABLE}: {failure_text(exc, task=PAR_GAME.task)}"
        ParGame.objects.filter(pk__in=pks).update(sent_at=None, error=error)
        return False
    return True


def do_resend_lost_runs(*, failed_too: bool = False) -> list[int]:
    """Send every lost best-known run and every lost par game again, each alone (and, from
    the daily rollover, every failed one, with its attempts counted afresh). A run or game
    lost ``CALICO_RUN_ATTEMPTS`` times is marked failed instead, so that one that kills its
    worker (memory) does not loop. A par run whose games are all in is added up again (its
    last game's worker may have died between the two). Returns the runs sent."""
    best = [run for run in RUN.lost_rows() if run.kind == SolverRun.Kind.BEST]
    sent = _resend(
        best,
        failed_too=failed_too,
        failed=SolverRun.objects.filter(kind=SolverRun.Kind.BEST, status=WorkStatus.FAILED),
    )
    games = PAR_GAME.lost_rows()
    failed_games = ParGame.objects.filter(status=WorkStatus.FAILED)
    resent = _resend(games, failed_too=failed_too, failed=failed_games, job=PAR_GAME)
    runs = SolverRun.objects.filter(kind=SolverRun.Kind.PAR).exclude(status=WorkStatus.READY)
    for run in runs.filter(par_games__pk__in=resent).distinct():
        do_add_up(run.pk)  # a failed run is running again
    for run in runs.exclude(par_games__status__in=[WorkStatus.PENDING, WorkStatus.FAILED]):
        do_add_up(run.pk)
    for run in runs.filter(par_games__isnull=True):  # made before par had games
        with transaction.atomic():
            do_send_par_games(run)
        sent.append(run.pk)
    return sent + sorted({game.run_id for game in games if game.pk in resent})


def _resend(lost, *, failed_too, failed, job=None) -> list[int]:
    rows = [*failed, *lost] if failed_too else []
    if not failed_too:
        for row in lost:
            if row.attempts >= settings.CALICO_RUN_ATTEMPTS:
                lost_text = f"its worker was lost {settings.CALICO_RUN_ATTEMPTS} times"
                (job or job_of(row)).do_record_failure(row, WorkerLost(lost_text))
                if job is PAR_GAME:
                    do_add_up(row.run_id)
            else:
                rows.append(row)
    for row in rows:
        log.warning("%s %s was lost or failed: sending it again", (job or job_of(row)).task, row.pk)
        (job or job_of(row)).do_reopen(row, **({"attempts": 0} if failed_too else {}))
    return [row.pk for row in rows]


def do_compute_solver_run(run_id: int, *, job: Job = RUN) -> SolverRun | None:
    """Compute a best-known run (``job``: the task that was sent, named in a failure's text).
    A par run's message (sent before par had games) sends its games instead."""
    run = SolverRun.objects.filter(pk=run_id).first()
    if run is not None and run.kind == SolverRun.Kind.PAR:
        with transaction.atomic():
            locked = SolverRun.objects.select_for_update().get(pk=run_id)
            if not locked.par_games.exists() and locked.status != WorkStatus.READY:
                do_send_par_games(locked)
        return locked
    return job.do_run(run_id, _play_best, related=("challenge",))


def _play_best(run: SolverRun) -> dict:
    challenge = run.challenge
    player = make_player("hindsight", seed=challenge.seed, **site_options("best"))
    record = play_game(deal_of(challenge), player)
    return {"score": record.score["total"], "moves": record.moves, "goals": record.goals}


def do_compute_par_game(game_id: int) -> ParGame | None:
    """Play one of par's games, then add its run up (a failed game fails its run, with the
    figures so far; the rollover sends it again)."""
    try:
        game = PAR_GAME.do_run(game_id, _play_par_game, related=("run__challenge",))
    finally:
        run_id = ParGame.objects.filter(pk=game_id).values_list("run_id", flat=True).first()
        if run_id is not None:
            do_add_up(run_id)
    return game


def _play_par_game(game: ParGame) -> dict:
    record = play_par_game(deal_of(game.run.challenge), game.k, site_options("par"))
    return {"score": record.score["total"], "moves": record.moves, "goals": record.goals}


def _figures(run: SolverRun, scores: list[int]) -> dict:
    figures = summary(scores)
    figures.pop("nearest")
    figures.pop("score")
    of = run.figures.get("of") or settings.CALICO_PAR_GAMES
    return {**figures, "games": len(scores), "of": of, "overridden": bool(overrides("par"))}


def do_add_up(run_id: int) -> SolverRun:
    """Par's figures from its finished games: the run row locked, so that two games finishing
    at once both count (the second waits, then reads both). Ready once every game is in, its
    replayed game the one nearest the mean; failed while a game is failed; else running
    (pending before the first game)."""
    with transaction.atomic():
        run = SolverRun.objects.select_for_update().get(pk=run_id)
        games = list(run.par_games.order_by("k"))
        done = [g for g in games if g.status == WorkStatus.READY]
        figures = summary([g.score for g in done])
        nearest = figures["nearest"]
        run.figures = _figures(run, [g.score for g in done])
        run.score = figures["score"]
        failed = next((g for g in games if g.status == WorkStatus.FAILED), None)
        fields = ["figures", "score", "status", "error"]
        if games and len(done) == len(games):
            run.status, run.error = SolverRun.Status.READY, ""
            run.moves, run.goals = done[nearest].moves, done[nearest].goals
            run.finished_at = timezone.now()
            fields += ["moves", "goals", "finished_at"]
        elif failed is not None:
            run.status, run.error = SolverRun.Status.FAILED, f"game {failed.k}: {failed.error}"
        else:
            run.status = SolverRun.Status.RUNNING if done else SolverRun.Status.PENDING
            run.error = ""
        run.save(update_fields=fields)
    return run


def do_replay_par(run: SolverRun) -> None:
    """Play a par run again as the mean of ``CALICO_PAR_GAMES`` games (``manage.py
    replay_par``: a day whose par was one game, before par had games). Its figures start
    afresh; its score stays until the first game is in, and it is ready again once all are."""
    with transaction.atomic():
        run = SolverRun.objects.select_for_update().get(pk=run.pk)
        run.par_games.all().delete()
        run.figures = {}
        do_send_par_games(run)
