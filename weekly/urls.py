"""The weekly special's paths under ``/api/``."""

from django.urls import path

from . import api as weekly_api

api = [
    path("weekly/", weekly_api.this_week, name="api-weekly"),
    path("weekly/<str:week>/", weekly_api.week, name="api-weekly-week"),
]
