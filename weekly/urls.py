"""The weekly special's paths under ``/api/``."""

from django.urls import path

from . import api as weekly_api
from . import views

api = [
    path("weekly/", weekly_api.this_week, name="api-weekly"),
    path("weekly/<str:week>/", weekly_api.week, name="api-weekly-week"),
    path("weekly/<str:week>/leaderboard/", weekly_api.board, name="api-weekly-board"),
]

pages = (
    [
        path("weekly/", views.this_week, name="weekly"),
        path("weekly/play/", views.play, name="play"),
    ],
    "weekly",
)
