"""The accounts' Celery tasks: thin wrappers that call services. Their queues are in the
settings' routing table (``CELERY_TASK_ROUTES``).

Until the accounts app they were registered as ``puzzles.tasks.*``: those names stay as aliases
for a release (``LEGACY_NAMES``), so that a message sent by the old code, in the broker during
a deploy, still finds its task."""

from celery import shared_task

from .services import emails, guests


@shared_task(name="accounts.tasks.prune_guests")
def prune_guests() -> int:
    return guests.do_prune_guests()


# A password reset's email, sent by a worker after the request answered (on the background
# queue): the request does the same work for every address (services/emails.py).
@shared_task(name="accounts.tasks.send_password_reset")
def send_password_reset(email: str, language: str) -> int:
    return emails.do_send_password_reset(email, language=language)


LEGACY_NAMES = {
    "puzzles.tasks.prune_guests": prune_guests,
    "puzzles.tasks.send_password_reset": send_password_reset,
}
for legacy, task in LEGACY_NAMES.items():
    shared_task(name=legacy)(task.run)
