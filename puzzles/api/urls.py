from django.urls import path

from . import review, views

urlpatterns = [
    path("auth/register/", views.register, name="api-register"),
    path("auth/token/", views.token, name="api-token"),
    path("auth/login/", views.login_session, name="api-login"),
    path("daily/", views.daily, name="api-daily"),
    path("challenges/", views.challenge_list, name="api-challenges"),
    path("challenges/<str:date>/", views.challenge_detail, name="api-challenge"),
    path("games/", views.game_create, name="api-games"),
    path("games/<int:game_id>/", views.game_detail, name="api-game"),
    path("games/<int:game_id>/moves/", views.game_move, name="api-moves"),
    path("games/<int:game_id>/hints/", views.hint_request, name="api-hints"),
    path("games/<int:game_id>/hints/<int:hint_id>/", views.hint_detail, name="api-hint"),
    path("leaderboards/<str:date>/", views.leaderboard, name="api-leaderboard"),
    path("games/<int:game_id>/analysis/", review.game_analysis, name="api-analysis"),
    path("games/<int:game_id>/replay/", review.game_replay, name="api-replay"),
    path(
        "challenges/<str:date>/solver-games/<str:kind>/",
        review.solver_game,
        name="api-solver-game",
    ),
]
