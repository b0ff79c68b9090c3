from django.urls import path

from core import converters  # noqa: F401 (registers <id:...>, a bounded row id)

from . import goals, practice, profiles, review, scenarios, views

urlpatterns = [
    path("daily/", views.daily, name="api-daily"),
    path("goals/", goals.goal_list, name="api-goals"),
    path("challenges/", views.challenge_list, name="api-challenges"),
    path("challenges/<str:date>/", views.challenge_detail, name="api-challenge"),
    path("games/", views.game_create, name="api-games"),
    path("games/<id:game_id>/", views.game_detail, name="api-game"),
    path("games/<id:game_id>/moves/", views.game_move, name="api-moves"),
    path("games/<id:game_id>/hints/", views.hint_request, name="api-hints"),
    path("games/<id:game_id>/hints/<id:hint_id>/", views.hint_detail, name="api-hint"),
    path("leaderboards/<str:date>/", views.leaderboard, name="api-leaderboard"),
    path("players/<str:username>/", profiles.player_detail, name="api-player"),
    path("scenarios/", scenarios.scenarios, name="api-scenarios"),
    path(
        "scenarios/<id:number>/games/",
        scenarios.scenario_game_create,
        name="api-scenario-games",
    ),
    path("games/<id:game_id>/analysis/", review.game_analysis, name="api-analysis"),
    path("games/<id:game_id>/replay/", review.game_replay, name="api-replay"),
    path("games/<id:game_id>/practice/", practice.practice_create, name="api-practice"),
    path(
        "challenges/<str:date>/solver-games/<str:kind>/",
        review.solver_game,
        name="api-solver-game",
    ),
]
