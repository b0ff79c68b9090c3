"""The day after's paths: ``api`` under ``/api/``, ``pages`` at the root (namespace ``crowd``)."""

from django.urls import path

from core import converters  # noqa: F401 (registers <id:...>, a bounded row id)

from . import api as crowd_api
from . import views

api = [
    path("challenges/<str:date>/crowd/", crowd_api.crowd, name="api-crowd"),
    path("games/<id:game_id>/crowd/", crowd_api.game_crowd, name="api-game-crowd"),
]
pages = ([path("day/<str:date>/", views.day, name="day")], "crowd")
