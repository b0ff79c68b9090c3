"""The Celery app (cookiecutter-django wiring): configured from Django settings ``CELERY_*``."""

import os

from celery import Celery, Task
from celery.signals import worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calico_site.settings")


class JobTask(Task):
    # In the worker's main process: a job whose pool process died lets go of its claim
    # before its message is put back (core/jobs.py).
    Request = "core.jobs:JobRequest"


app = Celery("calico_site", task_cls=JobTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def compile_the_solver(**_):
    """Compile the solver's fast core (or load it from Numba's disk cache) once, before the
    pool forks, so that no hint or par run pays for it."""
    from solver.search.fastcore import warm

    warm()
