from django.urls import path

from core import converters  # noqa: F401 (registers <id:...>, a bounded row id)

from . import app, days, profiles, scenarios, share, views

app_name = "web"

urlpatterns = [
    path("", views.daily, name="daily"),
    path("play/<str:date>/", views.practice, name="practice"),
    path("leaderboard/", days.leaderboard, name="leaderboard-today"),
    path("leaderboard/<str:date>/", days.leaderboard, name="leaderboard"),
    path("leaderboard/<str:date>/standing/", days.standing, name="leaderboard-standing"),
    path("archive/", days.archive, name="archive"),
    path("me/", profiles.me, name="me"),
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
