from celery import shared_task
from django.conf import settings

from . import services


@shared_task(name="reminders.tasks.send_due_reminders", ignore_result=True)
def send_due_reminders() -> int:
    return services.do_send_due_reminders()


# On the background queue (CELERY_TASK_ROUTES), never the solver's; stopped at twice the
# push's own limit whatever it waits for (its lookup included), where the pool allows it.
@shared_task(
    name="reminders.tasks.send_push",
    ignore_result=True,
    soft_time_limit=2 * settings.CALICO_PUSH_SECONDS,
    time_limit=2 * settings.CALICO_PUSH_SECONDS + 5,
)
def send_push(subscription_id: int, payload: dict | None = None) -> None:
    services.do_send_push(subscription_id, payload=payload)
