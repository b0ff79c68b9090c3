import datetime

from celery import shared_task

from core.jobs import JOB_TASK
from puzzles.models import Challenge

from . import services


@shared_task(name="crowd.tasks.compute_telling", **JOB_TASK)  # on the background queue
def compute_telling(telling_id: int) -> None:
    services.do_compute_telling(telling_id)


@shared_task(name="crowd.tasks.study_day", ignore_result=True)
def study_day(date: str):
    """One batch of the closed day's sample analysed; the next batch sent behind whatever
    came meanwhile, or the day told again once the sample is done."""
    challenge = Challenge.objects.filter(date=datetime.date.fromisoformat(date)).first()
    if challenge is None:
        return
    if services.do_study_day(challenge):
        services.do_send_study(challenge)
    else:
        services.do_tell_day(challenge)


@shared_task(name="crowd.tasks.tell_closed_days", ignore_result=True)
def tell_closed_days():
    services.do_tell_closed_days()
