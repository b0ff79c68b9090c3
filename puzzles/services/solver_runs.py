"""Par (the fair solver's game, from what a player sees) and the best-known score (the
hindsight solver, which reads the bag) of a challenge, computed by a worker."""

import logging

from django.conf import settings
from django.db import transaction

from solver.search import make_player, play_game

from ..models import SolverRun
from ..play import deal_of

log = logging.getLogger(__name__)

STRATEGY = {SolverRun.Kind.PAR: "fair", SolverRun.Kind.BEST: "hindsight"}


def _options(kind: str) -> dict:
    if kind == SolverRun.Kind.PAR:
        return settings.CALICO_PAR_OPTIONS
    return settings.CALICO_BEST_OPTIONS


def do_compute_solver_run(run_id: int) -> SolverRun | None:
    run = SolverRun.objects.select_related("challenge").filter(pk=run_id).first()
    if run is None or run.status == SolverRun.Status.READY:
        return run
    challenge = run.challenge
    try:
        player = make_player(STRATEGY[run.kind], seed=challenge.seed, **_options(run.kind))
        record = play_game(deal_of(challenge), player)
    except Exception as exc:  # a solver failure is recorded, never lost in a worker log
        log.exception("solver run %s failed", run_id)
        SolverRun.objects.filter(pk=run_id).update(
            status=SolverRun.Status.FAILED, error=f"{type(exc).__name__}: {exc}"
        )
        raise
    with transaction.atomic():
        run = SolverRun.objects.select_for_update().get(pk=run_id)
        run.status = SolverRun.Status.READY
        run.score = record.score["total"]
        run.moves = record.moves
        run.goals = record.goals
        run.error = ""
        run.save()
    return run
