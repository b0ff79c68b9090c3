"""The Django project of Calico Daily: settings from the environment, urls, the Celery app."""

from .celery import app as celery_app

__all__ = ["celery_app"]
