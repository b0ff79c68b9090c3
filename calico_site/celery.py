"""The Celery app (cookiecutter-django wiring): configured from Django settings ``CELERY_*``."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calico_site.settings")

app = Celery("calico_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
