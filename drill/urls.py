"""The drill's paths: ``api`` under ``/api/``, ``pages`` at the root (namespace ``drill``)."""

from django.urls import path

from . import api as drill_api
from . import views

api = [
    path("drill/", drill_api.drill, name="api-drill"),
    path("drill/answers/", drill_api.answers, name="api-drill-answers"),
    path("drill/answers/<id:answer_id>/", drill_api.answer, name="api-drill-answer"),
]

pages = ([path("drill/", views.drill, name="drill")], "drill")
