from celery import shared_task

from . import services


@shared_task(name="leagues.tasks.turn_weeks", ignore_result=True)
def turn_weeks():
    """The beat's job after each close (on the background queue): settle the weeks ended,
    place this one (each once)."""
    services.do_turn_weeks()
