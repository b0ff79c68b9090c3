"""The groups' paths, at the site's same places: ``api`` under ``/api/`` (names ``api-group*``,
as docs/api.md lists them), ``pages`` at the root (namespace ``groups``)."""

from django.urls import path

from core import converters  # noqa: F401 (registers <id:...>, a bounded row id)

from . import api as group_api
from . import views

api = [
    path("groups/", group_api.group_list, name="api-groups"),
    path("groups/join/", group_api.group_join, name="api-group-join"),
    path("groups/<id:group_id>/", group_api.group_detail, name="api-group"),
    path(
        "groups/<id:group_id>/members/<str:username>/",
        group_api.group_member,
        name="api-group-member",
    ),
    path(
        "groups/<id:group_id>/leaderboard/<str:date>/",
        group_api.group_leaderboard,
        name="api-group-leaderboard",
    ),
    path(
        "groups/<id:group_id>/invite-code/",
        group_api.group_invite_code,
        name="api-group-invite-code",
    ),
    path("groups/<id:group_id>/standings/", group_api.group_standings, name="api-group-standings"),
]

pages = (
    [
        path("groups/", views.groups, name="list"),
        path("groups/join/<str:invite_code>/", views.group_join, name="join"),
        path("groups/<id:group_id>/", views.group, name="group"),
    ],
    "groups",
)
