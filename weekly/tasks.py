from celery import shared_task

from core.jobs import JOB_TASK

from . import services


@shared_task(name="weekly.tasks.ensure_pass_runs", ignore_result=True)
def ensure_pass_runs():
    """The beat's job after each close: the closed weeks' pass chances, once each."""
    services.do_ensure_pass_runs()


@shared_task(name="weekly.tasks.compute_pass_chance", **JOB_TASK)  # on the background queue
def compute_pass_chance(run_id: int) -> None:
    services.do_compute_pass_run(run_id)
