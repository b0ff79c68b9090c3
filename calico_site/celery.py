"""The Celery app (cookiecutter-django wiring): configured from Django settings ``CELERY_*``."""

import os

from celery import Celery
from celery.signals import worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calico_site.settings")

app = Celery("calico_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def compile_the_solver(**_):
    """Compile the solver's fast core (or load it from Numba's disk cache) once, before the
    pool forks, so that no hint or par run pays for it."""
    from solver.search.fastcore import warm

    warm()
