from django.urls import path

from core import converters  # noqa: F401 (registers <id:...>, a bounded row id)

from . import account, app, days, profiles, scenarios, share, views

app_name = "web"

urlpatterns = [
    path("", views.daily, name="daily"),
    path("play/<str:date>/", views.practice, name="practice"),
    path("leaderboard/", days.leaderboard, name="leaderboard-today"),
    path("leaderboard/<str:date>/", days.leaderboard, name="leaderboard"),
    path("leaderboard/<str:date>/standing/", days.standing, name="leaderboard-standing"),
    path("archive/", days.archive, name="archive"),
    path("signup/", views.signup, name="signup"),
    path("login/", views.login_view, name="login"),
    path("logout/", views.logout_view, name="logout"),
    path("me/", profiles.me, name="me"),
    path("me/delete/", views.delete_account, name="delete-account"),
    # the account (account.py): its settings, the email's link, the password by email
    path("me/account/", account.account_settings, name="account"),
    path("me/account/email/", account.change_email, name="change-email"),
    path("me/account/username/", account.change_username, name="change-username"),
    path("me/account/password/", account.PasswordChange.as_view(), name="change-password"),
    path("me/email/verify/<str:token>/", account.verify_email, name="verify-email"),
    path("me/email/undo/<str:token>/", account.undo_email, name="undo-email"),
    path("password-reset/", account.PasswordReset.as_view(), name="password-reset"),
    path("password-reset/sent/", account.PasswordResetSent.as_view(), name="password-reset-sent"),
    path(
        "password-reset/<uidb64>/<token>/",
        account.PasswordResetConfirm.as_view(),
        name="password-reset-confirm",
    ),
    path("password-reset/done/", account.PasswordResetDone.as_view(), name="password-reset-done"),
    path("privacy/", views.privacy, name="privacy"),
    path("players/<str:username>/", profiles.player, name="player"),
    path("scenarios/", scenarios.scenario_list, name="scenarios"),
    path("scenarios/<id:number>/", scenarios.scenario_play, name="scenario"),
    path("review/<id:game_id>/", views.review, name="review"),
    path("review/<str:date>/<str:kind>/", views.solver_review, name="solver-review"),
    path("share/<id:game_id>/", share.share_page, name="share"),
    path("share/<id:game_id>/image.png", share.share_image, name="share-image"),
    # the app on the home screen (app.py)
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("sw.js", app.service_worker, name="service-worker"),
    path("offline/", app.offline, name="offline"),
]
