"""Celery tasks: thin wrappers that call services with ids (rows are read fresh)."""

from celery import shared_task

from .services import analysis, challenges, hints, solver_runs


@shared_task(name="puzzles.tasks.create_daily_challenge")
def create_daily_challenge() -> str:
    return str(challenges.do_daily_rollover().date)


@shared_task(name="puzzles.tasks.compute_solver_run")
def compute_solver_run(run_id: int) -> None:
    solver_runs.compute_solver_run(run_id)


@shared_task(name="puzzles.tasks.compute_hint")  # time limits: sent with each hint (services)
def compute_hint(hint_id: int) -> None:
    hints.compute_hint(hint_id)


@shared_task(name="puzzles.tasks.compute_analysis")  # routed and limited as hints (services)
def compute_analysis(analysis_id: int) -> None:
    analysis.compute_analysis(analysis_id)
