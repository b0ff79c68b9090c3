from celery import shared_task

from . import services


@shared_task(name="ratings.tasks.rate_closed_days", ignore_result=True)
def rate_closed_days():
    services.do_rate_closed_days()
