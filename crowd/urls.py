"""The day after's paths: ``api`` under ``/api/``, ``pages`` at the root (namespace ``crowd``)."""

from django.urls import path

from . import api as crowd_api
from . import views

api = [path("challenges/<str:date>/crowd/", crowd_api.crowd, name="api-crowd")]
pages = ([path("day/<str:date>/", views.day, name="day")], "crowd")
