"""The accounts' paths, at the site's same places as before the app: ``api`` under ``/api/``
(names ``api-*``, as docs/api.md lists them), ``pages`` at the root (namespace ``accounts``)."""

from django.urls import path

from . import api as account_api
from . import views

api = [
    path("auth/register/", account_api.register, name="api-register"),
    path("auth/token/", account_api.token, name="api-token"),
    path("auth/login/", account_api.login_session, name="api-login"),
    path("auth/token/rotate/", account_api.rotate_token, name="api-token-rotate"),
    path("me/", account_api.me, name="api-me"),
    path("me/export/", account_api.my_data, name="api-me-export"),
]

pages = (
    [
        path("signup/", views.signup, name="signup"),
        path("login/", views.login_view, name="login"),
        path("logout/", views.logout_view, name="logout"),
        path("me/delete/", views.delete_account, name="delete-account"),
        path("me/account/", views.account_settings, name="account"),
        path("me/account/email/", views.change_email, name="change-email"),
        path("me/account/username/", views.change_username, name="change-username"),
        path("me/account/password/", views.PasswordChange.as_view(), name="change-password"),
        path("me/email/verify/<str:token>/", views.verify_email, name="verify-email"),
        path("me/email/undo/<str:token>/", views.undo_email, name="undo-email"),
        path("password-reset/", views.PasswordReset.as_view(), name="password-reset"),
        path("password-reset/sent/", views.PasswordResetSent.as_view(), name="password-reset-sent"),
        path(
            "password-reset/<uidb64>/<token>/",
            views.PasswordResetConfirm.as_view(),
            name="password-reset-confirm",
        ),
        path("password-reset/done/", views.PasswordResetDone.as_view(), name="password-reset-done"),
    ],
    "accounts",
)
