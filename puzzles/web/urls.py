from django.urls import path

from . import views

app_name = "web"

urlpatterns = [
    path("", views.daily, name="daily"),
    path("play/<str:date>/", views.practice, name="practice"),
    path("leaderboard/", views.leaderboard, name="leaderboard-today"),
    path("leaderboard/<str:date>/", views.leaderboard, name="leaderboard"),
    path("archive/", views.archive, name="archive"),
    path("signup/", views.signup, name="signup"),
    path("login/", views.login_view, name="login"),
    path("logout/", views.logout_view, name="logout"),
    path("review/<int:game_id>/", views.review, name="review"),
    path("review/<str:date>/<str:kind>/", views.solver_review, name="solver-review"),
]
