import datetime

from celery import shared_task

from puzzles.models import Challenge

from . import services


@shared_task(name="crowd.tasks.tell_day", ignore_result=True)
def tell_day(date: str):
    challenge = Challenge.objects.filter(date=datetime.date.fromisoformat(date)).first()
    if challenge is not None:
        services.do_tell_day(challenge)


@shared_task(name="crowd.tasks.tell_closed_days", ignore_result=True)
def tell_closed_days():
    services.do_tell_closed_days()
