"""The ratings' paths: ``api`` under ``/api/``, ``pages`` at the root (namespace ``ratings``)."""

from django.urls import path

from . import api as rating_api
from . import views

api = [path("ratings/", rating_api.rating_board, name="api-ratings")]

pages = ([path("ratings/", views.ratings, name="board")], "ratings")
