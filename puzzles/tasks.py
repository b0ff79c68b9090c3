"""Celery tasks: thin wrappers that call services with ids (rows are read fresh)."""

from celery import shared_task
from django.conf import settings

from .services import challenges, hints, solver_runs


@shared_task(name="puzzles.tasks.create_daily_challenge")
def create_daily_challenge() -> str:
    return str(challenges.do_daily_rollover().date)


@shared_task(name="puzzles.tasks.compute_solver_run")
def compute_solver_run(run_id: int) -> None:
    solver_runs.compute_solver_run(run_id)


# A player waits for a hint: past the soft limit the service marks it failed (the player is
# told and may ask again); the hard limit ends a solver that ignores the soft one.
@shared_task(
    name="puzzles.tasks.compute_hint",
    soft_time_limit=settings.CALICO_HINT_SECONDS,
    time_limit=settings.CALICO_HINT_SECONDS + 10,
)
def compute_hint(hint_id: int) -> None:
    hints.compute_hint(hint_id)
