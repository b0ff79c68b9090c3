"""Par computed in the test's own process, as the workers do: each of its games played, the
run added up (``from helpers.par import play_par``)."""

from django.db import transaction

from puzzles.models import SolverRun
from puzzles.services import solver_runs


def play_par(run: SolverRun) -> SolverRun:
    """Play every game of the par run (planned first if it has none) and return it, ready."""
    if not run.par_games.exists():
        with transaction.atomic():
            solver_runs.do_send_par_games(run)
    for game in run.par_games.order_by("k"):
        solver_runs.do_compute_par_game(game.pk)
    run.refresh_from_db()
    return run
