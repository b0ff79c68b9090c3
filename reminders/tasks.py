from celery import shared_task

from . import services


@shared_task(name="reminders.tasks.send_due_reminders", ignore_result=True)
def send_due_reminders() -> int:
    return services.do_send_due_reminders()
