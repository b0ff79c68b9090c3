"""The versus paths, at the site's same places: ``api`` under ``/api/`` (names ``api-versus*``,
as docs/api.md lists them), ``pages`` at the root (namespace ``versus``)."""

from django.urls import path

from core import converters  # noqa: F401 (registers <id:...>, a bounded row id)

from . import api as versus_api
from . import views

api = [
    path("versus/", versus_api.versus_games, name="api-versus"),
    path("versus/<id:game_id>/", versus_api.versus_detail, name="api-versus-game"),
    path("versus/<id:game_id>/goals/", versus_api.versus_goals, name="api-versus-goals"),
    path("versus/<id:game_id>/moves/", versus_api.versus_move, name="api-versus-moves"),
    path("versus/<id:game_id>/opponents/", versus_api.versus_resume, name="api-versus-resume"),
    path("versus/<id:game_id>/replay/", versus_api.versus_replay, name="api-versus-replay"),
    path("versus/<id:game_id>/analysis/", versus_api.versus_analysis, name="api-versus-analysis"),
    path("versus/<id:game_id>/hints/", versus_api.versus_hint_request, name="api-versus-hints"),
    path(
        "versus/<id:game_id>/hints/<id:hint_id>/",
        versus_api.versus_hint_detail,
        name="api-versus-hint",
    ),
]

pages = ([path("versus/", views.table, name="table")], "versus")
