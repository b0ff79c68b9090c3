"""The reminders' paths: ``api`` under ``/api/``, ``pages`` at the root (namespace
``reminders``)."""

from django.urls import path

from . import api as reminder_api
from . import views

api = [
    path("me/reminders/", reminder_api.reminders, name="api-reminders"),
    path("me/push-subscriptions/", reminder_api.push_subscriptions, name="api-push-subscriptions"),
]

pages = (
    [
        path("me/reminders/", views.settings_form, name="settings"),
        path("reminders/off/<str:token>/", views.unsubscribe, name="unsubscribe"),
    ],
    "reminders",
)
