"""The duels' paths: ``api`` under ``/api/`` (names ``api-duel*``), ``pages`` at the root
(namespace ``duels``)."""

from django.urls import path

from . import api as duel_api
from . import views

api = [
    path("duels/", duel_api.duel_create, name="api-duels"),
    path("duels/<str:code>/", duel_api.duel_detail, name="api-duel"),
    path("duels/<str:code>/accept/", duel_api.duel_accept, name="api-duel-accept"),
    path("duels/<str:code>/rematch/", duel_api.duel_rematch, name="api-duel-rematch"),
    path("me/duels/", duel_api.my_duels, name="api-me-duels"),
]

pages = ([path("duel/<str:code>/", views.duel, name="duel")], "duels")
