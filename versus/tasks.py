"""Celery tasks of the versus tables: thin wrappers that call services with ids.

Their names are still ``puzzles.tasks.*``, as they were registered before the app moved out,
so that a message sent by the old code (in the broker during a deploy) finds its task."""

from celery import shared_task
from django.conf import settings

from puzzles.services.worker_queue import JOB_TASK

from . import services


@shared_task(name="puzzles.tasks.play_versus_opponents")  # time limits: sent with each run
def play_versus_opponents(game_id: int) -> None:
    services.do_play_opponents(game_id)


# time limits: sent with each hint
@shared_task(name="puzzles.tasks.compute_versus_hint", **JOB_TASK)
def compute_versus_hint(hint_id: int) -> None:
    services.do_compute_versus_hint(hint_id)


# time limits: sent with each
@shared_task(name="puzzles.tasks.compute_versus_analysis", **JOB_TASK)
def compute_versus_analysis(analysis_id: int) -> None:
    services.do_compute_versus_analysis(analysis_id)


# A hint or a review at the table goes to the hint queue, as a solo one (puzzles.tasks.route);
# the opponents (a hard table keeps a worker for seconds a move) to a queue of their own, so
# that they never delay a solo hint.
INTERACTIVE = {compute_versus_hint.name, compute_versus_analysis.name}


def route(name, args, kwargs, options, task=None, **kw):
    """Celery's router for the versus tasks (settings ``CELERY_TASK_ROUTES``, after puzzles')."""
    if name in INTERACTIVE:
        return {"queue": settings.CALICO_HINT_QUEUE}
    if name == play_versus_opponents.name:
        return {"queue": settings.CALICO_VERSUS_QUEUE}
    return None
