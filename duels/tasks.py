from celery import shared_task

from . import services


# The beat's, every minute, on the background queue (CELERY_TASK_ROUTES).
@shared_task(name="duels.tasks.tell_finished", ignore_result=True)
def tell_finished() -> int:
    return services.do_tell_finished()
