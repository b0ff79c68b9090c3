"""Celery tasks: thin wrappers that call services with ids (rows are read fresh)."""

from celery import shared_task

from core.jobs import JOB_TASK

from .services import analysis, challenges, hints, scenarios, solver_runs


@shared_task(name="puzzles.tasks.create_daily_challenge")
def create_daily_challenge() -> str:
    return str(challenges.do_daily_rollover().date)


# a best-known run sent before they had a task of their own (and a par run sent before par
# had games: it sends them)
@shared_task(name="puzzles.tasks.compute_solver_run", **JOB_TASK)
def compute_solver_run(run_id: int) -> None:
    solver_runs.do_compute_solver_run(run_id)


# one of par's games (on the default queue, as par was); par is added up as each comes in
@shared_task(name="puzzles.tasks.compute_par_game", **JOB_TASK)
def compute_par_game(game_id: int) -> None:
    solver_runs.do_compute_par_game(game_id)


@shared_task(name="puzzles.tasks.compute_best_known_run", **JOB_TASK)  # on the background queue
def compute_best_known_run(run_id: int) -> None:
    solver_runs.do_compute_solver_run(run_id, job=solver_runs.BEST_RUN)


@shared_task(name="puzzles.tasks.resend_lost_runs")
def resend_lost_runs() -> list[int]:
    return solver_runs.do_resend_lost_runs()


@shared_task(name="puzzles.tasks.compute_hint", **JOB_TASK)  # time limits: sent with each hint
def compute_hint(hint_id: int) -> None:
    hints.do_compute_hint(hint_id)


@shared_task(name="puzzles.tasks.compute_scenario_pass_rate", **JOB_TASK)
def compute_scenario_pass_rate(number: int) -> None:
    scenarios.do_compute_pass_rate(number)


# time limits: sent with each analysis
@shared_task(name="puzzles.tasks.compute_analysis", **JOB_TASK)
def compute_analysis(analysis_id: int) -> None:
    analysis.do_compute_analysis(analysis_id)


# Hints computed before anyone asks (services/hints.py, "hints ahead"): on the default queue,
# where they never delay a hint a player waits for. Time limits: sent with each.
@shared_task(name="puzzles.tasks.hints_of_the_day")
def hints_of_the_day(challenge_id: int) -> None:
    hints.do_hints_of_the_day(challenge_id)


@shared_task(name="puzzles.tasks.hint_of_the_day")
def hint_of_the_day(challenge_id: int, index: int) -> None:
    hints.do_hint_of_the_day(challenge_id, index=index)


@shared_task(name="puzzles.tasks.hint_ahead")
def hint_ahead(game_id: int, turn: int) -> None:
    hints.do_hint_ahead(game_id, turn=turn)
