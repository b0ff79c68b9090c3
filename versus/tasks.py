"""Celery tasks of the versus tables: thin wrappers that call services with ids. Their queues
are in the settings' routing table (``CELERY_TASK_ROUTES``).

Until 2026-12 they were registered as ``puzzles.tasks.*``: those names stay as aliases for a
release (``LEGACY_NAMES``), so that a message sent by the old code, in the broker during a
deploy, still finds its task."""

from celery import shared_task

from core.jobs import JOB_TASK

from . import services


@shared_task(name="versus.tasks.play_versus_opponents")  # time limits: sent with each run
def play_versus_opponents(game_id: int) -> None:
    services.do_play_opponents(game_id)


# time limits: sent with each hint
@shared_task(name="versus.tasks.compute_versus_hint", **JOB_TASK)
def compute_versus_hint(hint_id: int) -> None:
    services.do_compute_versus_hint(hint_id)


# time limits: sent with each
@shared_task(name="versus.tasks.compute_versus_analysis", **JOB_TASK)
def compute_versus_analysis(analysis_id: int) -> None:
    services.do_compute_versus_analysis(analysis_id)


LEGACY_NAMES = {
    "puzzles.tasks.play_versus_opponents": (play_versus_opponents, {}),
    "puzzles.tasks.compute_versus_hint": (compute_versus_hint, JOB_TASK),
    "puzzles.tasks.compute_versus_analysis": (compute_versus_analysis, JOB_TASK),
}
for legacy, (task, options) in LEGACY_NAMES.items():
    shared_task(name=legacy, **options)(task.run)
