"""The leagues' paths: ``api`` under ``/api/``, ``pages`` at the root (namespace ``leagues``)."""

from django.urls import path

from . import api as league_api
from . import views

api = [
    path("leagues/current/", league_api.current, name="api-league-current"),
    path("leagues/<str:week>/", league_api.week, name="api-league-week"),
]

pages = ([path("league/", views.league, name="league")], "leagues")
