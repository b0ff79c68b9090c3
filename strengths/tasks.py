from celery import shared_task

from . import services


@shared_task(name="strengths.tasks.fill_dashboards", ignore_result=True)
def fill_dashboards(after: int = 0):
    """One batch of the day's dashboard analyses; the next sent behind whatever came meanwhile."""
    following = services.do_fill_dashboards(after)
    if following is not None:
        services.do_send_fill(following)
